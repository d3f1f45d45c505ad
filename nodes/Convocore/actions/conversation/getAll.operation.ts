import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema, redactSecrets } from '../../../shared/contracts/agent';
import {
	CONVO_PAGE,
	conversationPageSchema,
	simplifyConversation,
	type Conversation,
} from '../../../shared/contracts/conversation';
import { collectLinkedPages } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { hintWhenLimitReached } from '../../helpers/parameters';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { listDescription } from '../../descriptions/listing';
import { simplifiedListPlanSchema, mostOf, readListPlan } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['conversation'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	of: agentIdProperty(show, 'The agent whose conversations to list, newest first'),
	simplify: { what: 'conversation record' },
});

const planSchema = lazy(() => simplifiedListPlanSchema({ agentId: agentIdSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = { agentId: readAgentId(this, itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'conversation listing', {
		simplify: true,
	});
}

/** Where a page of conversations starts: page 1, a page number, or the cursor of the page before. */
export interface ConversationPageRequest {
	page: number;
	limit: number;
	cursor?: string;
}

/**
 * One page of an agent's conversations. Two published readings: the public client sends `limit`
 * with `page=1`, then the `nextCursor` of the page before while `hasMore` (it says the API refuses
 * `page` above 1 without a cursor); the OpenAPI and docs.convocore.ai page by `page` + `limit`
 * with no cursor in the answer. A cursor is sent when there is one, else the page number.
 */
export async function fetchConversationPage(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	agentId: string,
	{ page, limit, cursor }: ConversationPageRequest,
	scope: RequestScope = {},
) {
	const qs: IDataObject = cursor === undefined ? { limit, page } : { limit, cursor };
	const path = `/agents/${encodeURIComponent(agentId)}/convos`;
	const answer = await requestChecked(
		ctx,
		{ method: 'GET', path, qs, raw: true, response: conversationPageSchema },
		scope,
	);
	return { items: answer.data, hasMore: answer.hasMore, nextCursor: answer.nextCursor };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const max = mostOf(plan);
	const found = await collectLinkedPages<Conversation>(
		(request) => fetchConversationPage(this, plan.agentId, request, scope),
		{
			max,
			pageSize: Math.min(CONVO_PAGE.maxLimit, max),
			what: 'conversations',
		},
	);
	hintWhenLimitReached(this, found.length, max, 'conversations', scope.itemIndex ?? 0);
	return found.map((record) => ({
		json: (plan.simplify ? simplifyConversation(record) : redactSecrets(record)) as IDataObject,
	}));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
