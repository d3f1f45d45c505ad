/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: an HTTP proxy that runs in Node under jest, never ships (package.json "files" is dist/ only) */
/**
 * A proxy on 127.0.0.1 in front of a sandbox that misbehaves the way caches and gateways do with
 * listings: it may rewrite the query before it reaches the sandbox (a cache that ignores `page`, a
 * gateway that caps `limit`) and the JSON answer on its way back (a page whose `data` is text).
 * The sandbox stays the source of truth; the proxy records what the client asked for.
 */
import { createServer, request as httpRequest, type Server } from 'http';
import type { AddressInfo } from 'net';

export interface ProxiedRequest {
	method: string;
	/** Path below /<region>/v3, as the client sent it. */
	path: string;
	/** The query as the client sent it. */
	query: Record<string, string>;
}

export interface ListingProxyHooks {
	/** Changes the query the sandbox receives (the client's stays recorded as sent). */
	query?: (path: string, query: URLSearchParams) => void;
	/** Replaces a JSON answer; `index` counts the client's requests to that path from 0. */
	answer?: (path: string, body: unknown, index: number) => unknown;
}

export class ListingProxy {
	readonly requests: ProxiedRequest[] = [];
	hooks: ListingProxyHooks = {};

	private constructor(
		private readonly server: Server,
		private readonly target: string,
	) {}

	/** Starts a proxy in front of `target` (the sandbox's origin, e.g. http://127.0.0.1:4010). */
	static async start(target: string): Promise<ListingProxy> {
		const server = createServer();
		const proxy = new ListingProxy(server, target);
		server.on('request', (req, res) => {
			const url = new URL(req.url ?? '/', 'http://proxy');
			const path = url.pathname.replace(/^\/(eu|na)\/v3/, '');
			proxy.requests.push({
				method: req.method ?? 'GET',
				path,
				query: Object.fromEntries(url.searchParams),
			});
			const index = proxy.requests.filter((seen) => seen.path === path).length - 1;
			proxy.hooks.query?.(path, url.searchParams);
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				const upstream = httpRequest(
					`${proxy.target}${url.pathname}${url.search}`,
					{ method: req.method, headers: { ...req.headers, host: new URL(proxy.target).host } },
					(answer) => {
						const parts: Buffer[] = [];
						answer.on('data', (chunk: Buffer) => parts.push(chunk));
						answer.on('end', () => {
							let text = Buffer.concat(parts).toString('utf8');
							if (proxy.hooks.answer && (answer.headers['content-type'] ?? '').includes('json')) {
								text = JSON.stringify(proxy.hooks.answer(path, JSON.parse(text), index));
							}
							res
								.writeHead(answer.statusCode ?? 502, {
									'content-type': answer.headers['content-type'] ?? 'application/json',
								})
								.end(text);
						});
					},
				);
				upstream.end(Buffer.concat(chunks));
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return proxy;
	}

	/** The base URL of a region through the proxy. */
	baseUrl(region: 'eu' | 'na' = 'eu'): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/${region}/v3`;
	}

	requestsTo(path: string): ProxiedRequest[] {
		return this.requests.filter((request) => request.path === path);
	}

	reset(): void {
		this.requests.length = 0;
		this.hooks = {};
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
