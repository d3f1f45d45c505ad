/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { authenticate, enforcePlan } from './auth';
import { ApiError } from './errors';
import { deliverEvent, type DeliveredEvent, type DeliverOptions } from '../domain/events';
import { type EventType } from '../../nodes/shared/contracts/events';
import { FaultQueue } from './faults';
import { InteractSocket } from '../domain/agentInteract';
import { EventReceiver } from '../domain/receiver';
import { LoadShaper } from './load';
import { matchesFilter, type RecordedRequest, type RequestFilter } from './recorded';
import type { Route, RouteResult, SentSms } from '../routes/types';
import { createSeedState } from '../seed/seed';
import type { PlacedCall, SandboxState } from '../domain/state';
import type { SandboxRegion } from '../domain/records';
import { serveSite, SITE_PREFIX } from '../domain/site';
import { recordCallUsage, recordSmsUsage } from '../domain/usage';
import { handleControl, type ControlledSandbox } from './control';
import { servePreview } from './previews';
import { RouteTable } from './router';
import { answerWithFault } from './faultAnswer';
import { readBody, sendJson } from './http';
import { withMode, type SandboxMode } from './mode';

/** The HTTP front of the sandbox: region bases, recording, faults, auth and plan gate, routing. */

const API_PATH = /^\/(eu|na)\/v3(\/.*)?$/;

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

function errorResult(error: ApiError): RouteResult {
	return { status: error.status, body: error.toBody(), headers: error.headers };
}

export class SandboxServer implements ControlledSandbox {
	state: SandboxState = createSeedState();
	readonly sentSms: SentSms[] = [];
	readonly recorded: RecordedRequest[] = [];
	readonly delivered: DeliveredEvent[] = [];
	readonly faults = new FaultQueue();
	readonly placedCalls: PlacedCall[] = [];
	readonly receiver = new EventReceiver(this.delivered, (agentId) => {
		const url = this.state.agents[agentId]?.fields?.webhookUrl;
		return typeof url === 'string' ? url : undefined;
	});
	readonly load = new LoadShaper();
	readonly interact = new InteractSocket({
		state: () => this.state,
		faults: this.faults,
		receiver: this.receiver,
	});
	url = '';
	/** Strict or published (sandbox/server/mode.ts); kept across reset(). */
	mode: SandboxMode = 'strict';

	private readonly http: Server;
	private readonly routes: RouteTable;

	constructor(routes: Route[]) {
		this.routes = new RouteTable(routes);
		this.http = createServer((req, res) => {
			this.handle(req, res).catch((error) => {
				if (!res.headersSent)
					sendJson(res, 500, {
						message: `Sandbox failure: ${error?.message ?? error}`,
						code: 'INTERNAL_ERROR',
					});
			});
		});
		this.http.on('upgrade', (req, socket, head) => {
			if (!this.interact.upgrade(req, socket, head))
				socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
		});
	}

	async listen(port: number, host: string): Promise<void> {
		await new Promise<void>((resolve, reject) => {
			this.http.once('error', reject);
			this.http.listen(port, host, () => resolve());
		});
		const address = this.http.address() as AddressInfo;
		const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
		this.url = `http://${shownHost}:${address.port}`;
	}

	async close(): Promise<void> {
		this.state.crawler.retired = true;
		this.interact.close();
		await new Promise<void>((resolve) => {
			this.http.close(() => resolve());
			this.http.closeAllConnections();
		});
	}

	baseUrl(region: SandboxRegion): string {
		return `${this.url}/${region}/v3`;
	}

	reset(): void {
		// The old state's crawler jobs stop moving (and posting webhooks) with it.
		this.state.crawler.retired = true;
		this.state = createSeedState();
		this.sentSms.length = 0;
		this.recorded.length = 0;
		this.delivered.length = 0;
		this.placedCalls.length = 0;
		this.receiver.clear();
		this.faults.clear();
		this.load.reset();
		this.interact.reset();
	}

	requests(filter?: RequestFilter): RecordedRequest[] {
		return this.recorded.filter((request) => matchesFilter(request, filter));
	}

	deliverEvent(targetUrl: string, type: EventType, options: DeliverOptions = {}) {
		return deliverEvent(targetUrl, type, options, this.delivered);
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
		const method = (req.method ?? 'GET').toUpperCase();
		const rawBody = await readBody(req);
		if (url.pathname === '/__sandbox' || url.pathname.startsWith('/__sandbox/'))
			return handleControl(this, method, url, rawBody, res);
		if (url.pathname.startsWith('/previews/')) return servePreview(method, url.pathname, res);
		if (url.pathname === SITE_PREFIX || url.pathname.startsWith(`${SITE_PREFIX}/`))
			return serveSite(method, url.pathname, res);

		const api = API_PATH.exec(url.pathname);
		if (!api) {
			return sendJson(res, 404, {
				message: `No such path: ${url.pathname}. API requests go to /eu/v3/... or /na/v3/... (one base per region).`,
				code: 'NOT_FOUND',
			});
		}
		const region = api[1] as SandboxRegion;
		const path = (api[2] ?? '/').replace(/(.)\/+$/, '$1');
		const headers = Object.fromEntries(
			Object.entries(req.headers)
				.filter(([name]) => name !== 'authorization')
				.map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
		);
		let body: unknown;
		let bodyIsInvalidJson = false;
		if (rawBody.trim()) {
			try {
				body = JSON.parse(rawBody);
			} catch {
				body = rawBody;
				bodyIsInvalidJson = true;
			}
		}
		const auth = authenticate(req.headers.authorization, region, this.state);
		const record: RecordedRequest = {
			method,
			region,
			path,
			query: Object.fromEntries(url.searchParams),
			body,
			status: 0,
			at: Date.now(),
			auth: auth.kind,
			headers,
		};
		this.recorded.push(record);
		const leave = this.load.enter(record);
		res.once('close', leave);
		const held = this.load.holdFor(record);
		if (held) await held;
		const latency = this.load.latencyFor(record);
		if (latency > 0) await sleep(latency);
		const retryAfter = this.load.refuse(record);
		if (retryAfter !== undefined)
			return answerWithFault({ kind: 'rate-limit', retryAfterSeconds: retryAfter }, res, record);
		const failure = this.load.failureFor(record);
		if (failure !== undefined)
			return answerWithFault({ kind: 'status', status: failure }, res, record);

		const fault = this.faults.take(method, path);
		if (fault) record.fault = fault.kind;
		if (fault?.kind === 'latency') await sleep(fault.latencyMs ?? 1000);
		const failsResponse = fault && fault.kind !== 'latency';
		if (failsResponse && !fault.afterProcessing) return answerWithFault(fault, res, record);

		const result = await this.dispatch({
			method,
			region,
			path,
			query: record.query,
			body,
			bodyIsInvalidJson,
			auth,
		});
		if (failsResponse) return answerWithFault(fault, res, record);
		record.status = result.status ?? 200;
		sendJson(res, record.status, result.body, result.headers);
	}

	private async dispatch(request: {
		method: string;
		region: SandboxRegion;
		path: string;
		query: Record<string, string>;
		body: unknown;
		bodyIsInvalidJson: boolean;
		auth: ReturnType<typeof authenticate>;
	}): Promise<RouteResult> {
		try {
			const match = this.routes.find(request.method, request.path);
			const auth = request.auth;
			if ('error' in auth) throw auth.error;
			enforcePlan(auth.caller.workspace, request.method);
			if (request.bodyIsInvalidJson)
				throw new ApiError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
			return await withMode(this.mode, () =>
				match.route.handler({
					method: request.method,
					region: request.region,
					path: request.path,
					params: match.params,
					query: request.query,
					body: request.body,
					caller: auth.caller,
					state: this.state,
					serverUrl: this.url,
					baseUrl: this.baseUrl(request.region),
					// For tests, and in the usage ledger (sandbox/domain/usage.ts).
					recordSms: (sms) => {
						this.sentSms.push(sms);
						recordSmsUsage(this.state, sms);
					},
					recordCall: (call) => {
						this.placedCalls.push(call);
						recordCallUsage(this.state, call);
					},
					emitEvent: (type, payload) =>
						this.receiver.emit(type, payload, auth.caller.workspace.secret),
				}),
			);
		} catch (error) {
			if (error instanceof ApiError) return errorResult(error);
			return {
				status: 500,
				body: { message: `Sandbox failure: ${error?.message ?? error}`, code: 'INTERNAL_ERROR' },
			};
		}
	}
}
