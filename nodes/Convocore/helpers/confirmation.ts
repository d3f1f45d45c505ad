import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

/**
 * The rule on a typed confirmation (descriptions/confirmation.ts): exactly `phrase`, case and
 * all; anything else is refused as "must be exactly <phrase> to <does>". Built inside an
 * operation's lazy contract, not while the package loads.
 */
export function typedConfirmation(phrase: string, does: string) {
	return z.literal(phrase, {
		errorMap: () => ({ message: `must be exactly ${phrase} to ${does}` }),
	});
}

/** The confirmation typed for one item, as given (the contract judges it). */
export function readConfirmation(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return ctx.getNodeParameter('confirmation', itemIndex, '');
}
