/**
 * Agent > Send Message through the engine against a sandbox: parameters, a runner, and a fake
 * clock for the turn's deadline (nodes/Convocore/transport/interactSocket.ts's interactRuntime).
 */
import type { INodeParameters } from 'n8n-workflow';
import { interactRuntime } from '../../nodes/Convocore/transport/interactSocket';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential } from './convocore';

export function sendMessageParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		resource: 'agent',
		operation: 'sendMessage',
		agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.rentalAgent },
		message: '={{ $json.message }}',
		conversationId: '={{ $json.conversationId ?? "" }}',
		...overrides,
	};
}

/** Runs Send Message once over `input` items (`{ message, conversationId? }`) against the sandbox. */
export function sendMessages(
	sandbox: Sandbox,
	input: Array<Record<string, unknown>>,
	overrides: INodeParameters = {},
	{ continueOnFail = false, secretKey }: { continueOnFail?: boolean; secretKey?: string } = {},
) {
	return runConvocore(sendMessageParameters(overrides), {
		credential: sandboxCredential(sandbox, secretKey),
		input: input.map((json) => ({ json: json as never })),
		typeVersion: 3,
		continueOnFail,
	});
}

/**
 * The turn's deadline on a fake clock: every deadline asked for is recorded and fires only when
 * the test says so; a deadline stopped by its turn's end is marked stopped.
 */
export function fakeDeadlineClock() {
	const real = interactRuntime.deadline;
	const deadlines: Array<{ ms: number; fire: () => void; stopped: boolean }> = [];
	interactRuntime.deadline = (ms, expire) => {
		const entry = { ms, fire: expire, stopped: false };
		deadlines.push(entry);
		return () => {
			entry.stopped = true;
		};
	};
	return {
		deadlines,
		restore: () => {
			interactRuntime.deadline = real;
		},
	};
}
