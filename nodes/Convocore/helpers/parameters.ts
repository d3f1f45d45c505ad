import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { describeIssues } from '../../shared/contracts/common';

/*
 * The readings every operation shares: Options > Timeout, Return All and Limit, JSON parameters,
 * and the contract check that names the field, the rule and the item. The properties they read
 * are built in ../descriptions/options.ts.
 */

/** Options > Timeout: the overall deadline of one item's request, retries and waits included. */
export const TIMEOUT_SECONDS = { default: 60, min: 1, max: 600 } as const;

/** Reads Options > Timeout of one item, in milliseconds; anything but a number in range is an error. */
export function readTimeoutMs(
	ctx: IExecuteFunctions,
	itemIndex: number,
	defaultSeconds: number = TIMEOUT_SECONDS.default,
): number {
	const value = ctx.getNodeParameter('options.timeout', itemIndex, defaultSeconds) as unknown;
	const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (
		typeof seconds !== 'number' ||
		!Number.isFinite(seconds) ||
		seconds < TIMEOUT_SECONDS.min ||
		seconds > TIMEOUT_SECONDS.max
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid options in item ${itemIndex}: options.timeout: must be a number of seconds between ${TIMEOUT_SECONDS.min} and ${TIMEOUT_SECONDS.max}`,
			{ itemIndex },
		);
	}
	return Math.round(seconds * 1000);
}

/**
 * After a listing that stopped at Limit, an execution hint above the output: more results may
 * exist, and how to get them. Only when the node had several input items: with one, n8n's editor
 * shows its own hint ("Limit of 50 items reached…", when the output has exactly Limit items),
 * and ours would repeat it. With several, each item lists up to Limit, the output holds more than
 * Limit items and n8n's hint stays silent, so ours says which item stopped. Nothing when the
 * listing returned everything (Return All, or fewer results than Limit).
 */
export function hintWhenLimitReached(
	ctx: IExecuteFunctions,
	returned: number,
	limit: number,
	what: string,
	itemIndex: number,
): void {
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
		limit: z
			.number({ invalid_type_error: 'must be a number' })
			.int('must be a whole number')
			.min(1, 'must be at least 1'),
	};
}

/** Return All and Limit of one item, as given (Limit is not read when Return All is on). */
export function readListing(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { returnAll: unknown; limit: unknown } {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false);
	return {
		returnAll,
		limit: returnAll === true ? 1 : ctx.getNodeParameter('limit', itemIndex, 50),
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

/** `.trim().min(1)` with the node's words, for the IDs of a path. */
export const requiredText = (what: string) =>
	z
		.string({ required_error: 'is required', invalid_type_error: `must be text (${what})` })
		.trim()
		.min(1, 'is required');
