import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The turns of each conversation of one execution, chained so that they never overlap; each resolves to whether it succeeded. */
const conversationQueues = new WeakMap<IExecuteFunctions, Map<string, Promise<boolean>>>();

/**
 * Waits for the turns of `conversationId` that came before (in input order: items start in
 * input order, and each joins the queue before its first await), then runs `turn`. Without
 * Continue On Fail the run stops at the first failure, so a turn queued behind a failed one is
 * not sent: its output would be dropped with the run, and the credits spent for nothing.
 */
export async function inConversationOrder<T>(
	ctx: IExecuteFunctions,
	conversationId: string,
	itemIndex: number,
	turn: () => Promise<T>,
): Promise<T> {
	let queues = conversationQueues.get(ctx);
	if (!queues) conversationQueues.set(ctx, (queues = new Map()));
	const before = queues.get(conversationId);
	let done!: (succeeded: boolean) => void;
	const mine = new Promise<boolean>((resolve) => (done = resolve));
	queues.set(conversationId, mine);
	let succeeded = false;
	try {
		if (before && !(await before) && !ctx.continueOnFail()) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Not sent: an earlier turn of conversation ${conversationId} failed`,
				{ itemIndex },
			);
		}
		const result = await turn();
		succeeded = true;
		return result;
	} finally {
		done(succeeded);
		if (queues.get(conversationId) === mine) queues.delete(conversationId);
	}
}
