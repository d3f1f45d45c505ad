import type { EventType } from '../nodes/shared/contracts/events';
import type { DeliveredEvent, DeliverOptions } from './domain/events';
import type { Fault } from './server/faults';
import type { LoadModel } from './server/load';
import { ROUTES } from './routes';
import type { SentSms } from './routes/types';
import { SANDBOX_KEYS } from './seed/seed';
import type { RecordedRequest, RequestFilter } from './server/recorded';
import type { InteractSocket } from './domain/agentInteract';
import { SandboxServer } from './server/server';
import type { PlacedCall, SandboxState } from './domain/state';
import type { SandboxRegion } from './domain/records';
import type { SandboxMode } from './server/mode';

export interface SandboxOptions {
	/** 0 (default) picks a free port. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** `strict` (default) or `published`: see sandbox/server/mode.ts. */
	mode?: SandboxMode;
}

export interface Sandbox {
	/** e.g. http://127.0.0.1:43210 */
	url: string;
	/** `${url}/eu/v3` or `${url}/na/v3`: the two regions are separate bases. */
	baseUrl(region: SandboxRegion): string;
	keys: typeof SANDBOX_KEYS;
	/** Every API request received (not control or preview routes), in arrival order. */
	requests(filter?: RequestFilter): RecordedRequest[];
	count(filter?: RequestFilter): number;
	/** Every call actually started (not dry runs). */
	readonly placedCalls: PlacedCall[];
	/** Registers (or with undefined, removes) the URL that API activity posts events to. */
	setEventReceiver(url: string | undefined): void;
	/** Waits until every event posted so far has been answered. */
	settleEvents(): Promise<void>;
	/** Every SMS actually sent (not dry runs, not skips), one entry per segment. */
	readonly sentSms: SentSms[];
	/** The live in-memory data; replaced by reset(). */
	readonly state: SandboxState;
	injectFault(fault: Fault): void;
	/** Latency per request and a fixed-window rate limit; cleared by reset(). */
	shapeLoad(model: LoadModel): void;
	/** Most API requests the server was working on at once since the last reset() (or resetPeak()). */
	readonly peakInFlight: number;
	resetPeak(): void;
	/** How many API requests the sandbox was working on when `request` arrived, itself included. */
	inFlightAt(request: RecordedRequest): number;
	clearFaults(): void;
	/** Back to the seed; clears requests, sentSms, delivered and faults. */
	reset(): void;
	deliverEvent(
		targetUrl: string,
		type: EventType,
		options?: DeliverOptions,
	): Promise<{ status: number; body: string }>;
	readonly delivered: DeliveredEvent[];
	/** Strict or published (sandbox/server/mode.ts); reset() keeps it. */
	mode: SandboxMode;
	/** The interact WebSocket (`ws://<host>/interact`): turns received, history per conversation, sockets open. */
	readonly interact: InteractSocket;
	close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const server = new SandboxServer(ROUTES);
	server.mode = options.mode ?? 'strict';
	await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
	return {
		get mode() {
			return server.mode;
		},
		set mode(mode: SandboxMode) {
			server.mode = mode;
		},
		url: server.url,
		baseUrl: (region) => server.baseUrl(region),
		keys: SANDBOX_KEYS,
		requests: (filter) => server.requests(filter),
		count: (filter) => server.requests(filter).length,
		get placedCalls() {
			return server.placedCalls;
		},
		setEventReceiver: (url) => {
			server.receiver.url = url;
		},
		settleEvents: () => server.receiver.settle(),
		get sentSms() {
			return server.sentSms;
		},
		get state() {
			return server.state;
		},
		injectFault: (fault) => server.faults.add(fault),
		shapeLoad: (model) => server.load.set(model),
		get peakInFlight() {
			return server.load.peakInFlight;
		},
		inFlightAt: (request) => server.load.inFlightAt(request) ?? 0,
		resetPeak: () => {
			server.load.peakInFlight = server.load.inFlight;
		},
		clearFaults: () => server.faults.clear(),
		reset: () => server.reset(),
		deliverEvent: (targetUrl, type, deliverOptions) =>
			server.deliverEvent(targetUrl, type, deliverOptions),
		get delivered() {
			return server.delivered;
		},
		interact: server.interact,
		close: () => server.close(),
	};
}
