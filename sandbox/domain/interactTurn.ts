import {
	INTERACT_BUCKETS,
	interactObjectSchema,
	type InteractObject,
} from '../../nodes/shared/contracts/agentInteract';
import { describeIssues } from '../../nodes/shared/contracts/common';
import type { Caller } from '../server/auth';
import type { SandboxAgent, SandboxState } from './state';

/**
 * What one turn on the interact socket (./agentInteract.ts) is made of, apart from the socket:
 * the interact object checked against the caller, the turns in the public client's shape, and the
 * event a turn posts.
 */

export const MODEL = 'gpt-4o-mini';

/**
 * A turn as the public client reads it (src/ui-engine-spec.ts, TurnProps): `from` is `bot` or
 * `human`, `ts` in Unix seconds, and each message wraps its item `{ type, payload }`.
 */
export interface TextTurn {
	from: 'human' | 'bot';
	ts: number;
	modelId?: string;
	messages: Array<{
		from: 'human' | 'bot';
		type: 'text';
		ts: number;
		item: { type: 'text'; payload: { message: string } };
	}>;
}

export function textTurn(from: 'human' | 'bot', text: string): TextTurn {
	const ts = Math.floor(Date.now() / 1000);
	return {
		from,
		ts,
		...(from === 'bot' ? { modelId: MODEL } : {}),
		messages: [{ from, type: 'text', ts, item: { type: 'text', payload: { message: text } } }],
	};
}

/** The turn the caller may run, or the close code and reason that refuse it. */
export type AdmittedTurn =
	| { interact: InteractObject; agent: SandboxAgent }
	| { closeCode: number; reason: string };

/** Reads the interact object the client sent and checks its bucket and agent against the caller. */
export function admitTurn(text: string, caller: Caller, state: SandboxState): AdmittedTurn {
	let interact: InteractObject;
	try {
		const parsed = interactObjectSchema.safeParse(JSON.parse(text));
		if (!parsed.success)
			return {
				closeCode: 1008,
				reason: `Invalid interact object: ${describeIssues(parsed.error).join('; ')}`.slice(0, 120),
			};
		interact = parsed.data;
	} catch {
		return { closeCode: 1007, reason: 'The interact object is not JSON' };
	}
	// One host serves both regions here: a secret of the other region shows with the bucket.
	if (interact.bucket !== INTERACT_BUCKETS[caller.workspace.region]) {
		return {
			closeCode: 1008,
			reason: `This secret belongs to the ${caller.workspace.region.toUpperCase()} region, not to bucket ${interact.bucket}`,
		};
	}
	const agent = state.agents[interact.agentId];
	if (
		!agent ||
		agent.workspaceId !== caller.workspace.id ||
		(caller.agent && caller.agent.ID !== agent.ID)
	) {
		return { closeCode: 1008, reason: `Agent ${interact.agentId} was not found in this workspace` };
	}
	if (interact.bucket !== INTERACT_BUCKETS[agent.region])
		return { closeCode: 1008, reason: `Bucket ${interact.bucket} is not the agent's region` };
	return { interact, agent };
}

/** The `conversation_updated` event a turn posts to the event receiver. */
export function turnUpdatedEvent(
	agent: SandboxAgent,
	interact: InteractObject,
	history: TextTurn[],
): Record<string, unknown> {
	return {
		agentId: agent.ID,
		agentName: agent.title,
		convoId: interact.convoId,
		sessionId: interact.sessionId ?? interact.convoId,
		channel: 'web-chat',
		region: agent.region,
		// The origin the client gave (Send Message: web-chat unless set); `api` when it gave none.
		lightConvoData: {
			ID: interact.convoId,
			origin: 'api',
			...(interact.lightConvoData ?? {}),
			state: 'ai-chatting',
			messagesNum: history.length,
		},
		turns: history,
		operation: 'updated',
	};
}
