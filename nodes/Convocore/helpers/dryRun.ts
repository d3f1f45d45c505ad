import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../shared/contracts/lazy';
import { validate } from './parameters';

const dryRunSchema = lazy(() =>
	z.object({
		options: z.object({ dryRun: z.boolean({ invalid_type_error: 'must be true or false' }) }),
	}),
);

/**
 * Options > Dry Run of one item (Agent > Create and Update, Call > Start). Anything but true or
 * false (the text "true" from an expression) is refused: read as off, it would create or change
 * the agent, or place the call, that the user meant only to preview.
 */
export function readDryRun(ctx: IExecuteFunctions, itemIndex: number): boolean {
	const dryRun = ctx.getNodeParameter('options.dryRun', itemIndex, false);
	return validate(ctx, dryRunSchema, { options: { dryRun } }, itemIndex, 'options').options.dryRun;
}

/**
 * The first node version whose Dry Run answers in one shape for every operation. Versions 1 to 5
 * keep the five shapes they were saved with: a workflow reading `$json.request.url` or
 * `$json.path` after a Dry Run keeps working.
 */
export const FIRST_ONE_SHAPE_DRY_RUN_VERSION = 6;

/** Whether this node's Dry Run answers in the one shape of dryRunOutput (node version 6 on). */
export function isOneShapeDryRun(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= FIRST_ONE_SHAPE_DRY_RUN_VERSION;
}

/** A request Dry Run shows: its method, full URL (the credential's region) and body, if any. */
export interface DryRunRequest {
	method: string;
	url: string;
	/** Already redacted by the operation, which knows its secrets (see nodes/shared/secrets.ts). */
	body?: unknown;
}

/**
 * What Options > Dry Run returns from node version 6 on, one shape for every operation:
 * `{ dryRun: true, requests: [{ method, url, body }], ...added }`. `requests` lists every request
 * the item would send, in order (empty when there is nothing to send); `added` is what the
 * operation adds (the campaign's state, a lead's batch, Convocore's own send plan).
 */
export function dryRunOutput(requests: DryRunRequest[], added: IDataObject = {}): IDataObject {
	const output: IDataObject = {
		dryRun: true,
		requests: requests.map(({ method, url, body }) =>
			body === undefined ? { method, url } : { method, url, body },
		) as IDataObject[],
	};
	// The builder's two fields win: an added answer that has its own (Convocore's SMS plan) keeps the rest.
	for (const [key, value] of Object.entries(added)) if (!(key in output)) output[key] = value;
	return output;
}
