import type { IExecuteFunctions } from 'n8n-workflow';
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
