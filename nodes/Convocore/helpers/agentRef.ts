import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../shared/contracts/agent';
import { lazy } from '../../shared/contracts/lazy';
import { readAgentId, readIdParameter } from './agentId';
import { validate } from './parameters';

/** What names one record of an agent: `{ agentId, <idName> }`, both trimmed text. */
export type AgentRef<IdName extends string> = { agentId: string } & Record<IdName, string>;

/**
 * The contract and the reader of a record that lives under an agent (a tool, a variable, a
 * campaign, a document, a conversation, a lead, a metric): the Agent field and the record's own
 * ID field, read from the item and checked together, so an error names both fields and the item
 * before anything is sent. `readId` is for a record whose field is not a plain ID parameter.
 */
export function agentRef<IdName extends string>(
	idName: IdName,
	idSchema: z.ZodType<string, z.ZodTypeDef, unknown>,
	what: string,
	readId: (ctx: IExecuteFunctions, itemIndex: number) => unknown = (ctx, itemIndex) =>
		readIdParameter(ctx, idName, itemIndex),
) {
	const schema = lazy(() =>
		z.object({ agentId: agentIdSchema, [idName]: idSchema } as {
			agentId: typeof agentIdSchema;
		} & Record<IdName, typeof idSchema>),
	);
	// `label`: what the error calls the item's record, where one operation says it its own way.
	const read = (ctx: IExecuteFunctions, itemIndex: number, label = what): AgentRef<IdName> =>
		validate(
			ctx,
			schema,
			{ agentId: readAgentId(ctx, itemIndex), [idName]: readId(ctx, itemIndex) },
			itemIndex,
			label,
		) as AgentRef<IdName>;
	return { schema, read };
}
