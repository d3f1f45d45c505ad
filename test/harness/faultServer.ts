/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * A programmable HTTP server on 127.0.0.1 that misbehaves the way APIs, proxies and load
 * balancers do, for the fault suite (test/fault/). Each request takes the next scripted answer
 * for its route (or the route's normal success), and the server counts side effects (an SMS
 * "sent", a job "deleted") separately from requests, so a test can prove nothing happened twice.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo, Socket } from 'net';

export type Answer =
	/** JSON (or any value, serialised) with a status; `process` first counts the side effect. */
	| {
			kind: 'json';
			status?: number;
			body: unknown;
			headers?: Record<string, string>;
			process?: boolean;
	  }
	/** A body as it is (HTML page, empty, malformed JSON). */
	| { kind: 'raw'; status?: number; body: string; contentType?: string; process?: boolean }
	/** The connection is destroyed without an answer. */
	| { kind: 'drop'; process?: boolean }
	/** Headers never come. */
	| { kind: 'silent'; process?: boolean }
	/** Headers at once, then `prefix` (default one space; e.g. the start of a JSON body), then one space every `everyMs`, forever. */
	| { kind: 'trickle'; everyMs: number; prefix?: string; process?: boolean }
	| { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string };

export interface Route {
	method: string;
	/** Path below /v3, exactly. */
	path: string;
	/** The normal success answer of the route; counted as a side effect when `sideEffect`. */
	success: unknown;
	sideEffect?: boolean;
}

export interface ReceivedRequest {
	method: string;
	path: string;
	authorization?: string;
	body: string;
}

export class FaultServer {
	readonly requests: ReceivedRequest[] = [];
	/** Side effects per route key ("POST /sms"): what a real API would have done. */
	readonly sideEffects = new Map<string, number>();
	private readonly scripts = new Map<string, Answer[]>();
	private readonly sockets = new Set<Socket>();
	private readonly timers = new Set<NodeJS.Timeout>();
	/** Called whenever a trickling answer stops because its connection closed. */
	private readonly onTrickleEnd = new Set<() => void>();

	private constructor(
		private readonly server: Server,
		private readonly routes: Route[],
	) {}

	static async start(routes: Route[]): Promise<FaultServer> {
		const server = createServer();
		const fault = new FaultServer(server, routes);
		server.on('request', (request, response) => fault.handle(request, response));
		server.on('connection', (socket) => {
			fault.sockets.add(socket);
			socket.on('close', () => fault.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return fault;
	}

	get origin(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	get baseUrl(): string {
		return `${this.origin}/v3`;
	}

	/** The next answers of a route, in order; after them the route answers normally. */
	script(method: string, path: string, ...answers: Answer[]): void {
		this.scripts.set(`${method} ${path}`, answers);
	}

	/** Every later request of the route gets this answer. */
	always(method: string, path: string, answer: Answer): void {
		this.scripts.set(`${method} ${path}`, new Array(1000).fill(answer));
	}

	/** Trickling answers whose connection the client has not closed yet. */
	get openTrickles(): number {
		return this.timers.size;
	}

	/**
	 * Resolves once no trickling answer is open any more: an event, not a guess at how long the
	 * client takes to close its socket. Rejects if they are still open after `withinMs`, a
	 * generous bound whose only job is to end the test instead of hanging.
	 */
	async tricklesClosed(withinMs: number): Promise<void> {
		if (this.timers.size === 0) return;
		await new Promise<void>((resolve, reject) => {
			const giveUp = setTimeout(() => {
				this.onTrickleEnd.delete(check);
				reject(
					new Error(
						`${this.timers.size} trickling answer(s) still open after ${withinMs} ms: the client kept reading`,
					),
				);
			}, withinMs);
			const check = () => {
				if (this.timers.size > 0) return;
				clearTimeout(giveUp);
				this.onTrickleEnd.delete(check);
				resolve();
			};
			this.onTrickleEnd.add(check);
		});
	}

	sideEffectsOf(method: string, path: string): number {
		return this.sideEffects.get(`${method} ${path}`) ?? 0;
	}

	requestsTo(method: string, path: string): ReceivedRequest[] {
		return this.requests.filter((request) => request.method === method && request.path === path);
	}

	reset(): void {
		this.requests.length = 0;
		this.sideEffects.clear();
		this.scripts.clear();
		this.stopTimers();
	}

	async close(): Promise<void> {
		this.stopTimers();
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private stopTimers(): void {
		for (const timer of this.timers) clearInterval(timer);
		this.timers.clear();
	}

	private handle(request: IncomingMessage, response: ServerResponse): void {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const path = (request.url ?? '').split('?')[0].replace(/^\/v3/, '');
			const method = request.method ?? 'GET';
			this.requests.push({
				method,
				path,
				authorization: request.headers.authorization,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			const key = `${method} ${path}`;
			const route = this.routes.find(
				(candidate) => candidate.method === method && candidate.path === path,
			);
			const answer =
				this.scripts.get(key)?.shift() ??
				(route
					? ({ kind: 'json', status: 200, body: route.success, process: true } as Answer)
					: undefined);
			if (!answer) {
				response
					.writeHead(404, { 'content-type': 'application/json' })
					.end(JSON.stringify({ message: 'No such route', code: 'NOT_FOUND' }));
				return;
			}
			if ('process' in answer && answer.process && route?.sideEffect) {
				this.sideEffects.set(key, (this.sideEffects.get(key) ?? 0) + 1);
			}
			this.answer(answer, request, response);
		});
	}

	private answer(answer: Answer, request: IncomingMessage, response: ServerResponse): void {
		switch (answer.kind) {
			case 'json':
				response
					.writeHead(answer.status ?? 200, {
						'content-type': 'application/json',
						...answer.headers,
					})
					.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
				return;
			case 'raw':
				response
					.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'text/html' })
					.end(answer.body);
				return;
			case 'drop':
				request.socket.destroy();
				return;
			case 'silent':
				return;
			case 'trickle': {
				response.writeHead(200, { 'content-type': 'application/json' });
				response.write(answer.prefix ?? ' ');
				const timer = setInterval(() => response.write(' '), answer.everyMs);
				this.timers.add(timer);
				response.on('close', () => {
					clearInterval(timer);
					this.timers.delete(timer);
					for (const check of [...this.onTrickleEnd]) check();
				});
				return;
			}
			case 'redirect':
				response.writeHead(answer.status, { location: answer.location }).end();
		}
	}
}
