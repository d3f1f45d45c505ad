import type { IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { redactedNode } from '../../shared/secrets';
import type { Outcome, Permit } from '../transport/slotLimit';
import { RateLimitGate } from '../transport/retries';
import { ItemGate, limitFor } from '../helpers/concurrency';
import { withQuickParameterReads } from '../helpers/itemParameters';
import { readTimeoutMs } from '../helpers/parameters';
import type { ConvocoreOperation } from './types';

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const description = (error as { description?: unknown }).description;
	return {
		json: {
			error: error.message,
			...(typeof description === 'string' && description ? { errorDescription: description } : {}),
		},
		pairedItem: { item: itemIndex },
	};
}

function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		// Errors from the transport already carry the index; anything re-wrapped would lose it.
		error.context.itemIndex ??= itemIndex;
		// The error carries a copy of the node into logs and execution data: no token in it.
		(error as { node: INode }).node = redactedNode(error.node);
		return error;
	}
	return new NodeOperationError(redactedNode(ctx.getNode()), error as Error, { itemIndex });
}

/**
 * Runs one operation over all input items: validates every item first, then sends as many at
 * a time as the execution's limit allows (./concurrency.ts), and returns the outputs in input order, each paired to its item.
 * Without Continue On Fail, an invalid item stops the run before anything is sent, and a failed
 * request stops new ones from starting (those already in flight finish: a POST is never abandoned
 * half-way nor repeated).
 */
export async function runOperation(
	ctx: IExecuteFunctions,
	operation: ConvocoreOperation,
	continueOnFail: boolean,
): Promise<INodeExecutionData[]> {
	const items = ctx.getInputData();
	const plans: unknown[] = new Array(items.length);
	const timeouts: number[] = new Array(items.length);
	const outputs: INodeExecutionData[][] = new Array(items.length);
	// Reading is what prepare does per item: the same answers, without n8n's expression engine
	// where none is needed (./itemParameters.ts).
	const reader = withQuickParameterReads(ctx);

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			plans[itemIndex] = await operation.prepare.call(reader, itemIndex);
			timeouts[itemIndex] = readTimeoutMs(reader, itemIndex, operation.defaultTimeoutSeconds);
		} catch (error) {
			if (!continueOnFail) throw withItemIndex(ctx, error, itemIndex);
			outputs[itemIndex] = [errorItem(error as Error, itemIndex)];
		}
	}

	if (operation.executeBatch) {
		const entries = plans
			.map((plan, itemIndex) => ({ itemIndex, plan, timeoutMs: timeouts[itemIndex] }))
			.filter(({ itemIndex }) => outputs[itemIndex] === undefined);
		const results = await operation.executeBatch.call(ctx, entries, continueOnFail);
		for (const [itemIndex, result] of results)
			outputs[itemIndex] = result.map((output) => ({ ...output, pairedItem: { item: itemIndex } }));
		return outputs.flat();
	}

	const limit = limitFor(ctx, operation.defaultConcurrency, operation.probeFirstWindow);
	const gate = new RateLimitGate();
	const pending = plans.map((_, index) => index).filter((index) => outputs[index] === undefined);
	let failure: Error | undefined;
	const sent: number[] = [];

	const send = async (itemIndex: number, permit: Permit) => {
		const itemGate = new ItemGate(gate, limit, permit);
		let outcome: Outcome = { kind: 'ignored' };
		try {
			const freeSlot = () => itemGate.freeSlot();
			const results = await operation.execute.call(ctx, plans[itemIndex], {
				itemIndex,
				gate: itemGate,
				timeoutMs: timeouts[itemIndex],
				freeSlot,
			});
			outputs[itemIndex] = results.map((result) => ({
				...result,
				pairedItem: { item: itemIndex },
			}));
			sent.push(itemIndex);
			// From the last attempt's leaving the gate: neither a wait at the 429 gate nor the work
			// before the request says anything about how fast the server answers.
			outcome = itemGate.outcomeSoFar();
		} catch (error) {
			const wrapped = withItemIndex(ctx, error, itemIndex);
			if (!continueOnFail) failure ??= wrapped;
			else outputs[itemIndex] = [errorItem(wrapped, itemIndex)];
		} finally {
			// Nothing when the item freed its slot early (freeSlot()): that was its outcome.
			itemGate.release(outcome);
		}
	};

	// Items go out in input order, each once, as the limit lets them; after a failure (without
	// Continue On Fail) no new one starts, and those in flight finish.
	const running = new Set<Promise<void>>();
	for (const itemIndex of pending) {
		const permit = await limit.acquire();
		if (failure) {
			limit.release(permit, { kind: 'ignored' });
			break;
		}
		const task: Promise<void> = send(itemIndex, permit).finally(() => running.delete(task));
		running.add(task);
	}
	await Promise.all(running);
	if (failure)
		throw withSentReport(
			failure,
			sent.sort((a, b) => a - b),
		);
	return outputs.flat();
}

/** `[0, 1, 2, 5, 7, 8]` → `0-2, 5, 7-8`. */
export function itemRanges(indexes: number[]): string {
	const ranges: string[] = [];
	for (let start = 0; start < indexes.length; ) {
		let end = start;
		while (end + 1 < indexes.length && indexes[end + 1] === indexes[end] + 1) end++;
		ranges.push(start === end ? `${indexes[start]}` : `${indexes[start]}-${indexes[end]}`);
		start = end + 1;
	}
	return ranges.join(', ');
}

/**
 * A run that fails mid-batch drops the outputs of the items that did go through, so the error
 * must say which they were: re-running the workflow as it is sends them again (an SMS twice).
 */
function withSentReport(failure: Error, sent: number[]): Error {
	if (sent.length === 0) return failure;
	const report =
		`Before this failure, ${sent.length} item${sent.length > 1 ? 's were' : ' was'} sent successfully ` +
		`(item${sent.length > 1 ? 's' : ''} ${itemRanges(sent)}); their results are not in the output because the run failed. ` +
		'Re-running the workflow as it is sends them again: remove them from the input first, or turn on Continue On Fail (Settings > On Error) to get one output per item.';
	const error = failure as Error & { description?: string | null };
	error.description = error.description ? `${error.description}\n${report}` : report;
	return failure;
}
