/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import type { IncomingMessage } from 'http';
import type { Duplex } from 'stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { InteractObject } from '../../nodes/shared/contracts/agentInteract';
import { authenticate, enforcePlan, type Caller } from '../server/auth';
import type { Fault, FaultQueue } from '../server/faults';
import type { EventReceiver } from './receiver';
import { admitTurn, MODEL, textTurn, turnUpdatedEvent, type TextTurn } from './interactTurn';
import { mcpServersFor } from './mcpTools';
import { mcpTurn } from './mcpTurn';
import { scriptedTurn, streamPieces, tokenCount, type ScriptedTurn } from './scriptedAgent';
import type { SandboxAgent, SandboxState } from './state';
import type { SandboxRegion } from './records';
import { recordUsage } from './usage';
import {
	TOOL_CALL_TIMEOUT_MS,
	callTool,
	toolAskedFor,
	toolReply,
	type ToolCallRecord,
} from './toolCalls';

/**
 * The interact WebSocket (agent-at-work spec §1) on the sandbox's own port: `GET /interact` with
 * the Bearer secret, one JSON interact object, the agent's turn streamed as `chunk`, `action` and
 * `metadata` frames, then close 1000. One turn per connection; history kept per conversation ID;
 * `conversation_updated` posted to the event receiver. Faults on path `/interact` (faults.ts)
 * refuse the handshake, never close, close 1011 mid-turn, send a frame that is not JSON, answer
 * with UI Engine snapshots only, stay silent or trickle; `latency` delays the turn.
 */

export const INTERACT_PATH = '/interact';

/** A padded reply (tests of the client's bound on a turn): `frames` chunks of `frameBytes` characters each. */
export interface OversizedReply {
	frames: number;
	frameBytes: number;
}

export interface InteractRecord {
	convoId: string;
	agentId: string;
	interact: InteractObject;
	fault?: Fault['kind'];
	closeCode?: number;
	/** Turns of the same conversation still open when this one arrived (0 unless turns overlap). */
	overlapping: number;
}

export interface InteractHost {
	state(): SandboxState;
	faults: FaultQueue;
	receiver: EventReceiver;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class InteractSocket {
	/** Every turn received (after the handshake), in arrival order. */
	readonly turns: InteractRecord[] = [];
	/** The conversation so far, per conversation ID. */
	readonly history = new Map<string, TextTurn[]>();
	/** Connections open now, and the most open at once (tests read them to see every socket released). */
	open = 0;
	peakOpen = 0;
	refusedHandshakes = 0;
	/** Upgrade requests to `/interact`, refused ones included. */
	handshakes = 0;
	/** The agent's tool calls (sandbox/domain/toolCalls.ts), in order; never the server URL secret. */
	readonly toolCalls: ToolCallRecord[] = [];
	/** How long a tool call may take before the agent says it failed (tests shorten it). */
	toolTimeoutMs = TOOL_CALL_TIMEOUT_MS;
	/** When set, every turn's reply starts with these padding chunks (tests of a client's bound on a reply). */
	oversizedReply: OversizedReply | undefined;
	private readonly server = new WebSocketServer({ noServer: true });
	private readonly sockets = new Set<WebSocket>();
	private readonly openPerConversation = new Map<string, number>();

	constructor(private readonly host: InteractHost) {}

	reset(): void {
		this.turns.length = 0;
		this.history.clear();
		this.refusedHandshakes = 0;
		this.handshakes = 0;
		this.toolCalls.length = 0;
		this.toolTimeoutMs = TOOL_CALL_TIMEOUT_MS;
		this.oversizedReply = undefined;
		this.peakOpen = this.open;
	}

	close(): void {
		for (const socket of this.sockets) socket.terminate();
		this.server.close();
	}

	/** Handles an HTTP upgrade on the sandbox's port; false when it is not for `/interact`. */
	upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
		if (new URL(req.url ?? '/', 'http://sandbox.invalid').pathname !== INTERACT_PATH) return false;
		this.handshakes++;
		const caller = this.caller(req.headers.authorization);
		const fault = this.host.faults.take('GET', INTERACT_PATH);
		if (caller === 'unknown' || caller === 'plan' || fault?.kind === 'refuse-handshake') {
			this.refusedHandshakes++;
			// As Convocore: a status the WebSocket client never shows its caller. (undici's fetch asks
			// once more after a 401, so an unknown secret shows as two refused handshakes.)
			const status = caller === 'unknown' ? '401 Unauthorized' : '403 Forbidden';
			socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
			return true;
		}
		this.server.handleUpgrade(req, socket, head, (ws) => this.serve(ws, caller, fault));
		return true;
	}

	/** The workspace or agent behind the secret, in either region; 'plan' when its plan cannot write. */
	private caller(header: string | undefined): Caller | 'unknown' | 'plan' {
		for (const region of ['eu', 'na'] as SandboxRegion[]) {
			const auth = authenticate(header, region, this.host.state());
			if ('error' in auth) continue;
			try {
				enforcePlan(auth.caller.workspace, 'POST');
			} catch {
				return 'plan';
			}
			return auth.caller;
		}
		return 'unknown';
	}

	private serve(ws: WebSocket, caller: Caller, fault: Fault | undefined): void {
		this.sockets.add(ws);
		this.open++;
		this.peakOpen = Math.max(this.peakOpen, this.open);
		ws.once('close', () => {
			this.sockets.delete(ws);
			this.open--;
		});
		ws.once('message', (data) => {
			this.turn(ws, caller, String(data), fault).catch(() => ws.terminate());
		});
	}

	/** The turn of a message that asks for one of the agent's webhook tools (./toolCalls.ts), or undefined. */
	private async webhookToolTurn(
		state: SandboxState,
		agent: SandboxAgent,
		prompt: string,
	): Promise<ScriptedTurn | undefined> {
		const tool = prompt === 'start' ? undefined : toolAskedFor(state, agent, prompt);
		if (!tool) return undefined;
		const outcome = await callTool(tool, prompt, this.toolTimeoutMs);
		if (!('missing' in outcome)) this.toolCalls.push(outcome);
		return toolReply(tool, outcome, this.toolTimeoutMs);
	}

	private async turn(
		ws: WebSocket,
		caller: Caller,
		text: string,
		fault: Fault | undefined,
	): Promise<void> {
		const state = this.host.state();
		const admitted = admitTurn(text, caller, state);
		if ('closeCode' in admitted) return ws.close(admitted.closeCode, admitted.reason);
		const { interact, agent } = admitted;
		const convoId = interact.convoId;
		const overlapping = this.openPerConversation.get(convoId) ?? 0;
		this.openPerConversation.set(convoId, overlapping + 1);
		const record: InteractRecord = {
			convoId,
			agentId: agent.ID,
			interact,
			fault: fault?.kind,
			overlapping,
		};
		this.turns.push(record);
		let ended = false;
		// The turn is over for its conversation once the server closes or the client goes, whichever is first.
		const end = () => {
			if (ended) return;
			ended = true;
			this.openPerConversation.set(convoId, (this.openPerConversation.get(convoId) ?? 1) - 1);
		};
		ws.once('close', (code) => {
			record.closeCode = code;
			end();
		});
		const close = (code: number, reason?: string) => {
			end();
			ws.close(code, reason);
		};
		if (fault?.kind === 'empty') return close(1000);

		if (fault?.kind === 'latency') await sleep(fault.latencyMs ?? 1000);
		if (fault?.kind === 'silent') return;
		const history = this.history.get(interact.convoId) ?? [];
		if (history.length === 0) recordUsage(state, 'conversation', agent, Date.now());
		recordUsage(state, 'agentTurn', agent, Date.now());
		const prompt = interact.prompt ?? '';
		// A message that asks for one of the agent's tools is answered by really calling it: the
		// tools of its MCP servers first (an interact object may carry servers of its own), then its webhook tools.
		const servers = mcpServersFor(agent, (interact as Record<string, unknown>).mcpServers);
		const answer =
			(await mcpTurn({ state, agent, prompt, servers, channel: 'web-chat' })) ??
			(await this.webhookToolTurn(state, agent, prompt)) ??
			scriptedTurn(state, agent, prompt, history.length);
		if (prompt !== 'start') history.push(textTurn('human', prompt));
		history.push(textTurn('bot', answer.reply));
		if (!interact.disableRecordHistory) this.history.set(interact.convoId, history);

		const send = (frame: unknown) =>
			ws.readyState === ws.OPEN &&
			ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
		if (fault?.kind === 'trickle') {
			for (let index = 0; ws.readyState === ws.OPEN; index++) {
				send({ type: 'chunk', chunk: '.', chunkIndex: index });
				await sleep(fault.latencyMs ?? 200);
			}
			return;
		}
		const pieces = streamPieces(answer.reply);
		const uiOnly = fault?.kind === 'ui-engine-only' || interact.disableUiEngine === false;
		send({ type: 'debug', message: 'turn started' });
		const padding = this.oversizedReply;
		if (padding) {
			const filler = 'x'.repeat(padding.frameBytes);
			for (let index = 0; index < padding.frames && ws.readyState === ws.OPEN; index++)
				send({ type: 'chunk', chunk: filler, chunkIndex: -padding.frames + index });
		}
		for (const [index, piece] of pieces.entries()) {
			if (fault?.kind === 'close-1011' && index === Math.ceil(pieces.length / 2))
				return close(1011, 'Internal error');
			if (fault?.kind === 'non-json' && index === 0) send('Upstream model timeout, retrying');
			// Each UI Engine chunk is the whole bot turn so far (a TurnProps snapshot), replacing the last.
			if (uiOnly)
				send({
					type: 'chunk',
					ui_engine: true,
					chunk: JSON.stringify(textTurn('bot', pieces.slice(0, index + 1).join(''))),
					chunkIndex: index,
				});
			else send({ type: 'chunk', chunk: piece, chunkIndex: index });
		}
		for (const action of answer.actions) send({ type: 'action', action });
		send({
			type: 'metadata',
			metadata: {
				sources: answer.sources,
				turns: history,
				inputTokens: tokenCount(prompt) + 120,
				outputTokens: tokenCount(answer.reply),
				llmUsed: MODEL,
			},
		});
		this.host.receiver.emit(
			'conversation_updated',
			turnUpdatedEvent(agent, interact, history),
			caller.workspace.secret,
		);
		if (fault?.kind === 'never-close') return;
		close(1000);
	}
}
