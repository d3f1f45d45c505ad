import type {
	IDisplayOptions,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { describeIssues } from '../../shared/contracts/common';
import { redactedNode } from '../../shared/secrets';
import type { Outcome, Permit } from '../../shared/concurrency';
import { RateLimitGate, type RequestScope } from '../../shared/transport';
import { ItemGate, limitFor } from './concurrency';
import { withQuickParameterReads } from './itemParameters';

/**
 * One operation of the Convocore node. Each lives in its own file with its description and its
 * execute. Work is split in two so that no request leaves before every item is known to be valid:
 * `prepare` reads and validates one item's parameters without any I/O, and `execute` sends.
 */
export interface ConvocoreOperation<Plan = unknown> {
	description: INodeProperties[];
	/**
	 * A fixed number of items in flight unless the user sets Options > Concurrency (1 for
	 * operations that must not run in parallel); without it the number adapts.
	 */
	defaultConcurrency?: number;
	/** Options > Timeout's default, in seconds, where it is not 60 (Send Message: 120, as the public interact client). */
	defaultTimeoutSeconds?: number;
	/**
	 * false: the adaptive limit sends its first window at the ceiling without the probe for a rate
	 * limit (AdaptiveLimit's probeAfterFirstWindow): an interact turn is never answered 429, and
	 * halving the window for a probe would only cost a round trip of turns that take seconds.
	 */
	probeFirstWindow?: boolean;
	prepare(this: IExecuteFunctions, itemIndex: number): Plan | Promise<Plan>;
	execute(this: IExecuteFunctions, plan: Plan, scope: ItemScope): Promise<INodeExecutionData[]>;
	/**
	 * For operations that send many items in one request (Lead > Import): called once with every
	 * valid item instead of `execute` per item; returns each item's outputs by item index.
	 */
	executeBatch?(this: IExecuteFunctions, items: Array<BatchEntry<Plan>>, continueOnFail: boolean): Promise<Map<number, INodeExecutionData[]>>;
}

/** One valid item handed to executeBatch: its index, plan and Options > Timeout. */
export interface BatchEntry<Plan> {
	itemIndex: number;
	plan: Plan;
	timeoutMs: number;
}

/**
 * What one item's execute gets: its index, gate and deadline for each request, and `freeSlot`
 * for an item that waits on something after its requests (see ItemGate.freeSlot).
 */
export type ItemScope = Required<Pick<RequestScope, 'gate'>> & RequestScope & { freeSlot?: () => void };

// The Agent ID field and its reading live in agentId.ts; operations import them from here.
export { agentIdProperty, readAgentId, readIdParameter } from './agentId';

/** Options > Timeout: the overall deadline of one item's request, retries and waits included. */
export const TIMEOUT_SECONDS = { default: 60, min: 1, max: 600 } as const;

/** The Timeout entry of every operation's Options (stored in seconds; absent means the default). */
export function timeoutOption(): INodeProperties {
	return {
		displayName: 'Timeout (Seconds)',
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: TIMEOUT_SECONDS.min, maxValue: TIMEOUT_SECONDS.max, numberPrecision: 1 },
		default: 60,
		description: `Longest time, in seconds, one item's request may take, retries and the waits between them included (${TIMEOUT_SECONDS.min} to ${TIMEOUT_SECONDS.max}). When it passes the item fails; a change that may have reached Convocore is not sent again.`,
	};
}

/** The Options collection of an operation shown under `show`; `options` sorted by display name. */
export function optionsCollection(show: NonNullable<IDisplayOptions['show']>, options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options,
	};
}

/** An Options collection holding only Timeout, for operations that have no other option. */
export function timeoutOnlyOptions(show: NonNullable<IDisplayOptions['show']>): INodeProperties {
	return optionsCollection(show, [timeoutOption()]);
}

/** Reads Options > Timeout of one item, in milliseconds; anything but a number in range is an error. */
export function readTimeoutMs(ctx: IExecuteFunctions, itemIndex: number, defaultSeconds: number = TIMEOUT_SECONDS.default): number {
	const value = ctx.getNodeParameter('options.timeout', itemIndex, defaultSeconds) as unknown;
	const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < TIMEOUT_SECONDS.min || seconds > TIMEOUT_SECONDS.max) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid options in item ${itemIndex}: options.timeout: must be a number of seconds between ${TIMEOUT_SECONDS.min} and ${TIMEOUT_SECONDS.max}`,
			{ itemIndex },
		);
	}
	return Math.round(seconds * 1000);
}


/**
 * Return All and Limit in n8n's standard shapes, for a list operation shown under `show` (Limit
 * only while Return All is off). Shared by the voice and custom metric listings.
 */
export function returnAllAndLimit(show: NonNullable<IDisplayOptions['show']>): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/**
 * After a listing that stopped at Limit, an execution hint above the output: more results may
 * exist, and how to get them. Only when the node had several input items: with one, n8n's editor
 * shows its own hint ("Limit of 50 items reached…", when the output has exactly Limit items),
 * and ours would repeat it. With several, each item lists up to Limit, the output holds more than
 * Limit items and n8n's hint stays silent, so ours says which item stopped. Nothing when the
 * listing returned everything (Return All, or fewer results than Limit).
 */
export function hintWhenLimitReached(ctx: IExecuteFunctions, returned: number, limit: number, what: string, itemIndex: number): void {
	if (!Number.isFinite(limit) || returned < limit || ctx.getInputData().length < 2) return;
	ctx.addExecutionHints({
		message: `Item ${itemIndex}: stopped at Limit: ${returned} ${what} returned and Convocore may have more. Turn on Return All or raise Limit to get them.`,
		type: 'info',
		location: 'outputPane',
	});
}

/** The plan fields of Return All and Limit, for a listing's contract (built inside its lazy builder, not at load). */
export function listingFields() {
	return {
		returnAll: z.boolean(),
		limit: z.number({ invalid_type_error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1'),
	};
}

/** Return All and Limit of one item, as given (Limit is not read when Return All is on). */
export function readListing(ctx: IExecuteFunctions, itemIndex: number): { returnAll: unknown; limit: unknown } {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false);
	return { returnAll, limit: returnAll === true ? 1 : ctx.getNodeParameter('limit', itemIndex, 50) };
}

/** Simplify, on by default, for a Get or Get Many shown under `show`. */
export function simplifyProperty(show: NonNullable<IDisplayOptions['show']>, what: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return only the fields a workflow usually needs instead of the full ${what}`,
		displayOptions: { show },
	};
}

/** Validates with a contract schema; a failure names every field and rule in its message. */
export function validate<S extends z.ZodTypeAny>(
	ctx: IExecuteFunctions,
	schema: S,
	value: unknown,
	itemIndex: number,
	what: string,
): z.output<S> {
	const result = schema.safeParse(value);
	if (result.success) return result.data;
	const problems = describeIssues(result.error);
	// n8n hands an AI agent only the message: every problem goes in it, and the item (which means
	// nothing to a model) goes in the description and the context.
	throw new NodeOperationError(ctx.getNode(), `Invalid ${what}: ${problems.join('; ')}`, {
		itemIndex,
		description: [...problems.map((problem) => `• ${problem}`), `In item ${itemIndex}.`].join('\n'),
	});
}

/** Parses a JSON parameter (which n8n may hand over as text or already as an object). */
export function parseJsonParameter(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): unknown {
	if (typeof value !== 'string') return value;
	if (value.trim() === '') return undefined;
	try {
		return JSON.parse(value);
	} catch (error) {
		// V8's message quotes the text around the mistake, and that text may hold a secret (an
		// auth token in agent options or a number import): only the position is kept.
		const position = /position (\d+)/.exec((error as Error).message)?.[1];
		const where = position === undefined ? '' : ` at character ${Number(position) + 1}`;
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid JSON in item ${itemIndex}: ${field}: must be valid JSON (syntax error${where})`,
			{ itemIndex },
		);
	}
}

/** Drops keys whose value is undefined or an empty string, so optional fields are left out. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
	return Object.fromEntries(
		Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== ''),
	) as Partial<T>;
}

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
		const entries = plans.map((plan, itemIndex) => ({ itemIndex, plan, timeoutMs: timeouts[itemIndex] })).filter(({ itemIndex }) => outputs[itemIndex] === undefined);
		const results = await operation.executeBatch.call(ctx, entries, continueOnFail);
		for (const [itemIndex, result] of results) outputs[itemIndex] = result.map((output) => ({ ...output, pairedItem: { item: itemIndex } }));
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
			const results = await operation.execute.call(ctx, plans[itemIndex], { itemIndex, gate: itemGate, timeoutMs: timeouts[itemIndex], freeSlot });
			outputs[itemIndex] = results.map((result) => ({ ...result, pairedItem: { item: itemIndex } }));
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
	if (failure) throw withSentReport(failure, sent.sort((a, b) => a - b));
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
