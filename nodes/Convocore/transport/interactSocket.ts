import type { IDataObject } from 'n8n-workflow';
import { convocoreError, seconds, type ErrorScope } from '../../shared/apiErrors';
import { unwatchCancel, watchCancel, type Expirable } from '../../shared/deadline';
import { executionCancelSignal, type ConvocoreContext } from './retries';
import { startTurnDeadline } from './turnDeadlines';
import { FrameCollector, MAX_TURN_BYTES, type TurnFrames } from './interactFrames';

/**
 * One turn of Convocore's interact WebSocket (agent-at-work spec §1): open `/interact` with the
 * Bearer secret, send the interact object once, collect the frames until the server closes.
 * The global `WebSocket` is the only client a verified community node may use (no ws, net or
 * tls). The turn settles on whichever comes first of close, error, its deadline and n8n's
 * cancel, and closes the socket each time. It is never opened twice: a turn spends credits.
 */

/** What this module needs of the WHATWG WebSocket (Node 22+, or Node 20 with --experimental-websocket). */
export interface InteractSocket {
	readonly readyState: number;
	binaryType: string;
	send(data: string): void;
	close(code?: number, reason?: string): void;
	addEventListener(
		type: 'open' | 'message' | 'error' | 'close',
		listener: (event: SocketEvent) => void,
	): void;
	removeEventListener(
		type: 'open' | 'message' | 'error' | 'close',
		listener: (event: SocketEvent) => void,
	): void;
}
export type SocketEvent = { data?: unknown; code?: number; reason?: string };
export type InteractSocketConstructor = new (
	url: string,
	init: { headers: Record<string, string> },
) => InteractSocket;

// The runtime's own global: @types/node 20 does not declare it, and Node 20 has it only behind a flag.
declare const WebSocket: InteractSocketConstructor | undefined;

const CONNECTING = 0;
const OPEN = 1;

/**
 * The socket class and the deadline's clock, replaceable in tests (a counting fake, a fake
 * clock). `deadline` calls `expire` once `ms` have passed, unless the function it returns is
 * called first.
 */
export const interactRuntime = {
	socketClass: (): InteractSocketConstructor | undefined =>
		typeof WebSocket === 'undefined' ? undefined : WebSocket,
	deadline: startTurnDeadline,
};

export interface TurnRequest {
	/** The REST base URL from the credential; the socket is on its host. */
	baseUrl: string;
	secret: string;
	interact: IDataObject;
	timeoutMs: number;
	itemIndex: number;
	/** Every secret to keep out of errors (the credential's key at least). */
	secrets: ReadonlySet<string>;
}

/** The last base URL and its socket URL: every item of a run asks for the same one. */
let lastInteractUrl = { baseUrl: '', url: '' };

/** `https://eu-gcp-api.vg-stuff.com/v3` → `wss://eu-gcp-api.vg-stuff.com/interact` (spec §1; `ws:` for `http:`). */
export function interactUrl(baseUrl: string): string {
	if (lastInteractUrl.baseUrl === baseUrl) return lastInteractUrl.url;
	const base = new URL(baseUrl);
	const url = `${base.protocol === 'http:' ? 'ws:' : 'wss:'}//${base.host}/interact`;
	lastInteractUrl = { baseUrl, url };
	return url;
}

export function noWebSocketMessage(): string {
	return 'Send Message needs the global WebSocket of Node.js 22 or later (n8n 2.x runs on Node.js 24). This n8n runs on Node.js 20 without it: upgrade Node.js to 22 or later, or start n8n with NODE_OPTIONS=--experimental-websocket';
}

type Settle =
	| { kind: 'closed'; code: number; reason: string }
	| { kind: 'failed'; opened: boolean }
	| { kind: 'deadline' }
	| { kind: 'cancelled' }
	| { kind: 'tooLarge'; bytes: number };

export async function runInteractTurn(
	ctx: ConvocoreContext,
	request: TurnRequest,
): Promise<TurnFrames> {
	const url = interactUrl(request.baseUrl);
	const errorScope: ErrorScope = {
		ctx,
		request: { method: 'GET', path: '/interact' },
		scope: { itemIndex: request.itemIndex },
		secrets: request.secrets,
	};
	const fail = (message: string, description: string) =>
		convocoreError(errorScope, { message, description });
	const Socket = interactRuntime.socketClass();
	if (!Socket) throw fail(noWebSocketMessage(), 'Nothing was sent.');

	const cancel = executionCancelSignal(ctx);
	const startedAt = Date.now();
	const frames = new FrameCollector();
	let opened = false;
	let socket: InteractSocket | undefined;

	const outcome = await new Promise<Settle>((resolve) => {
		let settled = false;
		const watcher: Expirable = { cancelExecution: () => finish({ kind: 'cancelled' }) };
		const listeners = {
			open: () => {
				opened = true;
				socket?.send(JSON.stringify(request.interact));
			},
			message: (event: SocketEvent) => {
				if (settled) return;
				frames.add(event.data);
				if (frames.bytes > MAX_TURN_BYTES) finish({ kind: 'tooLarge', bytes: frames.bytes });
			},
			error: () => finish({ kind: 'failed', opened }),
			close: (event: SocketEvent) =>
				finish(
					opened
						? { kind: 'closed', code: event.code ?? 1006, reason: event.reason ?? '' }
						: { kind: 'failed', opened },
					true,
				),
		};
		/** Settles the turn once; a socket that has not closed yet is let go of and closed. */
		function finish(result: Settle, socketClosed = false): void {
			if (settled) return;
			settled = true;
			stopDeadline();
			if (cancel) unwatchCancel(cancel, watcher);
			if (socket && !socketClosed) {
				for (const [type, listener] of Object.entries(listeners))
					socket.removeEventListener(type as keyof typeof listeners, listener);
				// Released every time: a socket still connecting or open is closed (ignoring any error).
				if (socket.readyState === CONNECTING || socket.readyState === OPEN) {
					try {
						socket.close(1000);
					} catch {
						// Already failing: nothing more to release.
					}
				}
			}
			resolve(result);
		}
		const stopDeadline = interactRuntime.deadline(request.timeoutMs, () =>
			finish({ kind: 'deadline' }),
		);
		if (cancel?.aborted) return finish({ kind: 'cancelled' });
		if (cancel) watchCancel(cancel, watcher);
		try {
			socket = new Socket(url, { headers: { Authorization: `Bearer ${request.secret}` } });
		} catch {
			return finish({ kind: 'failed', opened: false });
		}
		socket.binaryType = 'arraybuffer';
		for (const [type, listener] of Object.entries(listeners))
			socket.addEventListener(type as keyof typeof listeners, listener);
	});

	const durationMs = Date.now() - startedAt;
	const where = url.replace(/^(wss?:\/\/[^/]+).*$/, '$1/interact');
	const mayHaveRun =
		'The message may have reached the agent and spent credits: it is not sent again.';
	switch (outcome.kind) {
		case 'tooLarge':
			throw fail(
				`The agent's reply in item ${request.itemIndex} exceeded ${MAX_TURN_BYTES / 1024 / 1024} MB (${MAX_TURN_BYTES} bytes across the frames of one turn): the connection was closed`,
				`${mayHaveRun} Nothing of the reply is output. A chat reply this large is not expected: check the agent's prompt and tools (a tool answer echoed in full, UI Engine snapshots of a huge page).`,
			);
		case 'cancelled':
			throw fail(
				'The execution was cancelled while the agent was answering',
				opened ? mayHaveRun : 'Nothing was sent.',
			);
		case 'deadline':
			throw fail(
				`The agent did not finish its turn within ${seconds(request.timeoutMs)} (Options > Timeout)`,
				opened
					? `${mayHaveRun} Raise Options > Timeout for long answers.`
					: `The connection to ${where} did not open in time; nothing was sent.`,
			);
		case 'failed':
			if (!outcome.opened) {
				throw fail(
					`Convocore refused the connection to ${where}`,
					"A WebSocket client cannot see the reason. Check the credential's secret, that its region (EU or NA) is the workspace's region, and that the workspace's plan includes API access (White Label). Nothing was sent.",
				);
			}
			throw fail('The connection to the agent failed in the middle of the turn', mayHaveRun);
	}
	if (outcome.code !== 1000) {
		const reason = outcome.reason ? ` (${outcome.reason})` : '';
		throw fail(
			`Convocore closed the turn with code ${outcome.code}${reason} instead of 1000`,
			mayHaveRun,
		);
	}
	const result = frames.result(outcome.code, outcome.reason, durationMs);
	if (!frames.answered()) {
		throw fail(
			'Convocore closed the turn before any reply',
			`${mayHaveRun} Check that the agent is published and answers in Convocore's own chat.`,
		);
	}
	return result;
}
