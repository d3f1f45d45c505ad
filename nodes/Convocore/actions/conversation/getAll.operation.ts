import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema, redactSecrets } from '../../../shared/contracts/agents';
import {
	CONVO_PAGE,
	conversationPageSchema,
	simplifyConversation,
	type Conversation,
} from '../../../shared/contracts/conversations';
import type { RequestScope } from '../../../shared/transport';
import { requestChecked } from '../answers';
import {
	listingFields,
	agentIdProperty,
	readAgentId,
	readListing,
	returnAllAndLimit,
	simplifyProperty,
	timeoutOnlyOptions,
	validate,
	type ConvocoreOperation,
} from '../operation';

const show = { resource: ['conversation'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose conversations to list, newest first'),
	...returnAllAndLimit(show),
	simplifyProperty(show, 'conversation record'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema, ...listingFields(), simplify: z.boolean() }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), ...readListing(this, itemIndex), simplify: this.getNodeParameter('simplify', itemIndex, true) },
		itemIndex,
		'conversation listing',
	);
}

/**
 * One page of an agent's conversations: the first with `limit` and `page=1`, every next one
 * with the `nextCursor` of the page before (the API refuses `page` above 1 without a cursor).
 */
export async function fetchConversationPage(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	agentId: string,
	limit: number,
	cursor: string | undefined,
	scope: RequestScope = {},
) {
	const qs: IDataObject = cursor === undefined ? { limit, page: 1 } : { limit, cursor };
	const path = `/agents/${encodeURIComponent(agentId)}/convos`;
	const page = await requestChecked(ctx, { method: 'GET', path, qs, raw: true, response: conversationPageSchema }, scope);
	const next = page.hasMore === true && typeof page.nextCursor === 'string' && page.nextCursor !== '' ? page.nextCursor : undefined;
	return { items: page.data, nextCursor: next };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const max = plan.returnAll ? Infinity : plan.limit;
	const found: Conversation[] = [];
	const seenCursors = new Set<string>();
	let cursor: string | undefined;
	while (found.length < max) {
		const limit = Math.min(CONVO_PAGE.maxLimit, max - found.length);
		const page = await fetchConversationPage(this, plan.agentId, limit, cursor, scope);
		found.push(...page.items.slice(0, max - found.length));
		// The cursor is followed while the API says there is more; a cursor seen before would loop.
		if (!page.nextCursor || seenCursors.has(page.nextCursor) || page.items.length === 0) break;
		seenCursors.add(page.nextCursor);
		cursor = page.nextCursor;
	}
	return found.map((record) => ({ json: (plan.simplify ? simplifyConversation(record) : redactSecrets(record)) as IDataObject }));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
