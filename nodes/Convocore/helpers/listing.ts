import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';
import { hintWhenLimitReached, listingFields, readListing, validate } from './parameters';

/**
 * The paging of every list operation, built once: the plan (what is listed, Return All, Limit
 * and Simplify where the operation has it) read and validated per item, and the items kept up
 * to Limit with the hint that more may exist.
 */

export interface Listing {
	returnAll: boolean;
	limit: number;
}

/** The contract of a list plan: `own` (what is listed), Return All and Limit. */
export function listPlanSchema<T extends z.ZodRawShape>(own: T) {
	return z.object({ ...own, ...listingFields() });
}

/** The same with Simplify. */
export function simplifiedListPlanSchema<T extends z.ZodRawShape>(own: T) {
	return listPlanSchema(own).extend({
		simplify: z.boolean({ invalid_type_error: 'must be true or false' }),
	});
}

/**
 * One item's list plan: `given` (what is listed, as read), Return All and Limit, and Simplify when
 * the operation has it, validated together so that every problem is named at once; `what` (e.g.
 * 'tool listing') names the plan in the error.
 */
export function readListPlan<S extends z.ZodTypeAny>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	schema: S,
	given: Record<string, unknown>,
	what: string,
	{ simplify = false } = {},
): z.output<S> {
	const read = {
		...given,
		...readListing(ctx, itemIndex),
		...(simplify ? { simplify: ctx.getNodeParameter('simplify', itemIndex, true) } : {}),
	};
	return validate(ctx, schema, read, itemIndex, what);
}

/** How many items the plan asks for: Limit, or every one. */
export function mostOf(plan: Listing): number {
	return plan.returnAll ? Infinity : plan.limit;
}

/**
 * `items` up to Limit (a route without paging answers every item at once), with the hint that
 * Convocore may have more when Limit stopped the list.
 */
export function keptUpToLimit<T>(
	ctx: IExecuteFunctions,
	items: T[],
	plan: Listing,
	what: string,
	itemIndex: number,
): T[] {
	const kept = items.slice(0, mostOf(plan));
	hintWhenLimitReached(ctx, kept.length, mostOf(plan), what, itemIndex);
	return kept;
}
