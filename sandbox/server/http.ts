/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import type { IncomingMessage, ServerResponse } from 'http';

/** The plain HTTP of the sandbox's server and its control routes. */

export function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'content-type': 'application/json; charset=utf-8',
		'content-length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}
