/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import type { ServerResponse } from 'http';
import { isEventType, type EventType } from '../../nodes/shared/contracts/events';
import { validationError } from './errors';
import { faultSchema, type Fault, type FaultQueue } from './faults';
import { sendJson } from './http';
import { isSandboxMode, SANDBOX_MODES, type SandboxMode } from './mode';
import type { RecordedRequest, RequestFilter } from './recorded';
import { readingsControl } from '../domain/readings';
import { sessionControl } from '../domain/sessionControl';
import type { SandboxRegion } from '../domain/records';
import type { SandboxState } from '../domain/state';
import type { deliverEvent, DeliverOptions } from '../domain/events';
import type { EventReceiver } from '../domain/receiver';
import type { InteractSocket } from '../domain/agentInteract';
import type { SentSms } from '../routes/types';

/**
 * What the control routes need of the sandbox. The server implements it and hands itself to
 * handleControl, so that this file never imports the server (which imports it).
 */
export interface ControlledSandbox {
	state: SandboxState;
	mode: SandboxMode;
	readonly sentSms: SentSms[];
	readonly faults: FaultQueue;
	readonly receiver: EventReceiver;
	readonly interact: Pick<InteractSocket, 'open' | 'turns' | 'toolCalls'>;
	requests(filter?: RequestFilter): RecordedRequest[];
	reset(): void;
	deliverEvent(
		targetUrl: string,
		type: EventType,
		options?: DeliverOptions,
	): ReturnType<typeof deliverEvent>;
}

/** Control routes for the CLI and demos; never recorded in requests(). */
export async function handleControl(
	sandbox: ControlledSandbox,
	method: string,
	url: URL,
	rawBody: string,
	res: ServerResponse,
): Promise<void> {
	const route = `${method} ${url.pathname.replace(/\/+$/, '')}`;
	let body: unknown;
	try {
		body = rawBody.trim() ? JSON.parse(rawBody) : {};
	} catch {
		return sendJson(res, 400, {
			message: 'The request body is not valid JSON.',
			code: 'INVALID_JSON',
		});
	}
	const query = Object.fromEntries(url.searchParams);
	switch (route) {
		case 'GET /__sandbox/requests':
			return sendJson(
				res,
				200,
				sandbox.requests({
					method: query.method,
					path: query.path,
					region: query.region as SandboxRegion | undefined,
				}),
			);
		case 'GET /__sandbox/sms':
			return sendJson(res, 200, sandbox.sentSms);
		case 'GET /__sandbox/interact':
			return sendJson(res, 200, {
				open: sandbox.interact.open,
				turns: sandbox.interact.turns,
				toolCalls: sandbox.interact.toolCalls,
				mcpCalls: sandbox.state.mcpCalls ?? [],
			});
		case 'GET /__sandbox/faults':
			return sendJson(
				res,
				200,
				sandbox.faults.list().map((f) => ({
					...f,
					times: serializeTimes(f.times),
					remaining: serializeTimes(f.remaining),
				})),
			);
		case 'POST /__sandbox/faults': {
			const parsed = faultSchema.safeParse(body);
			if (!parsed.success)
				return sendJson(res, 400, validationError('fault', parsed.error).toBody());
			sandbox.faults.add(parsed.data as Fault);
			return sendJson(res, 200, { success: true, message: `Fault ${parsed.data.kind} injected.` });
		}
		case 'DELETE /__sandbox/faults':
			sandbox.faults.clear();
			return sendJson(res, 200, { success: true, message: 'All faults cleared.' });
		case 'GET /__sandbox/event-receiver':
		case 'POST /__sandbox/event-receiver':
		case 'DELETE /__sandbox/event-receiver': {
			const answer = sandbox.receiver.control(method, body);
			return sendJson(res, answer.status, answer.body);
		}
		case 'GET /__sandbox/mode':
			return sendJson(res, 200, { mode: sandbox.mode });
		case 'POST /__sandbox/mode': {
			const mode = (body as Record<string, unknown>).mode;
			if (!isSandboxMode(mode))
				return sendJson(res, 400, {
					message: `Send { mode } with one of ${SANDBOX_MODES.join(', ')}.`,
					code: 'VALIDATION_ERROR',
				});
			sandbox.mode = mode;
			return sendJson(res, 200, { success: true, mode });
		}
		case 'GET /__sandbox/sessions':
		case 'POST /__sandbox/sessions':
		case 'POST /__sandbox/sessions/quirks':
		case 'DELETE /__sandbox/sessions/timer': {
			const answer = sessionControl(sandbox.state, route, body);
			return sendJson(res, answer.status, answer.body);
		}
		case 'GET /__sandbox/readings':
		case 'POST /__sandbox/readings': {
			const answer = readingsControl(sandbox.state, method, body);
			return sendJson(res, answer.status, answer.body);
		}
		case 'POST /__sandbox/reset':
			sandbox.reset();
			return sendJson(res, 200, { success: true, message: 'Sandbox reset to the seed.' });
		case 'POST /__sandbox/events': {
			const { url: target, type, payload, workspaceSecret, raw } = body as Record<string, unknown>;
			if (typeof target !== 'string' || !isEventType(type)) {
				return sendJson(res, 400, {
					message: 'Send { url, type, payload? } with a known event type.',
					code: 'VALIDATION_ERROR',
				});
			}
			try {
				const result = await sandbox.deliverEvent(target, type, {
					payload: payload as Record<string, unknown> | undefined,
					workspaceSecret: workspaceSecret as string | undefined,
					raw: raw as string | undefined,
				});
				return sendJson(res, 200, result);
			} catch (error) {
				return sendJson(res, 502, {
					message: `Delivery to ${target} failed: ${error?.message ?? error}`,
					code: 'DELIVERY_FAILED',
				});
			}
		}
		default:
			return sendJson(res, 404, {
				message: `No sandbox control route ${route}.`,
				code: 'NOT_FOUND',
			});
	}
}

function serializeTimes(value: number | undefined): number | string | undefined {
	return value === Infinity ? 'Infinity' : value;
}
