/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import type { ServerResponse } from 'http';
import type { Fault } from './faults';
import { sendJson } from './http';
import type { RecordedRequest } from './recorded';

const FAULT_STATUS_CODES: Record<number, string> = {
	500: 'INTERNAL_ERROR',
	502: 'BAD_GATEWAY',
	503: 'SERVICE_UNAVAILABLE',
	504: 'GATEWAY_TIMEOUT',
};

/** Answers a request with an injected fault instead of its route's answer, and records the status. */
export function answerWithFault(fault: Fault, res: ServerResponse, record: RecordedRequest): void {
	switch (fault.kind) {
		case 'drop':
			record.status = 0;
			res.socket?.destroy();
			return;
		case 'malformed-json':
			record.status = 200;
			res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
			res.end('{"success":true,"data":{"message":"truncated respo');
			return;
		case 'rate-limit': {
			const retryAfter = fault.retryAfterSeconds ?? 1;
			record.status = 429;
			sendJson(
				res,
				429,
				{
					message: `Too many requests: retry after ${retryAfter} second(s).`,
					code: 'RATE_LIMITED',
				},
				{ 'retry-after': String(retryAfter) },
			);
			return;
		}
		default: {
			const status = fault.status ?? 503;
			record.status = status;
			sendJson(res, status, {
				message: `The service failed to answer (injected ${status}).`,
				code: FAULT_STATUS_CODES[status] ?? 'INJECTED_FAULT',
			});
		}
	}
}
