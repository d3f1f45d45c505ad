/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
import { sleep } from 'n8n-workflow';
import { createServer, type IncomingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';

/** A local HTTP receiver for crawler job webhooks: records every post (headers and JSON body). */
export interface ReceivedPost {
	headers: IncomingHttpHeaders;
	body: { event?: string; jobId?: string; page?: { url?: string }; [key: string]: unknown };
}

export interface Receiver {
	url: string;
	posts: ReceivedPost[];
	/** Resolves once `count` posts have arrived (or rejects after `timeoutMs`). */
	waitFor(count: number, timeoutMs?: number): Promise<ReceivedPost[]>;
	close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
	const posts: ReceivedPost[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			posts.push({
				headers: req.headers,
				body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
			});
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/crawler-events`,
		posts,
		async waitFor(count, timeoutMs = 10_000) {
			const end = Date.now() + timeoutMs;
			while (posts.length < count) {
				if (Date.now() > end) throw new Error(`expected ${count} posts, got ${posts.length}`);
				await sleep(10);
			}
			return posts;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

/** Polls `condition` every 10 ms until it holds (or throws after `timeoutMs`). */
export async function eventually(
	condition: () => boolean,
	timeoutMs = 10_000,
	what = 'condition',
): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await sleep(10);
	}
}
