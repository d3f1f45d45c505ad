import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	KB_PAGE,
	knowledgeDocPageSchema,
	simplifyKnowledgeDoc,
} from '../../../shared/contracts/knowledgeBase';
import { collectNumberedPages } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { hintWhenLimitReached } from '../../helpers/parameters';
import { readAgentId } from '../../helpers/agentId';
import { listDescription } from '../../descriptions/listing';
import { simplifiedListPlanSchema, mostOf, readListPlan } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
import { kbPath } from './common';

const show = { resource: ['knowledgeBase'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	of: agentIdProperty(show, 'The agent whose knowledge-base documents to list'),
	simplify: {
		description:
			'Whether to leave out chunk bodies and long content (a count, the length and a 200-character preview are kept)',
	},
});

const planSchema = lazy(() => simplifiedListPlanSchema({ agentId: agentIdSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = { agentId: readAgentId(this, itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'knowledge-base listing', {
		simplify: true,
	});
}

/** One numbered page of an agent's documents (also read by the document picker). */
export async function fetchKnowledgeDocPage(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	agentId: string,
	page: number,
	pageSize: number,
	scope: RequestScope = {},
) {
	const answer = await requestChecked(
		ctx,
		{
			method: 'GET',
			path: kbPath(agentId),
			qs: { page, pageSize },
			raw: true,
			response: knowledgeDocPageSchema,
		},
		scope,
	);
	return { items: answer.data, totalPages: answer.totalPages };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const max = mostOf(plan);
	const docs = await collectNumberedPages(
		(page, pageSize) => fetchKnowledgeDocPage(this, plan.agentId, page, pageSize, scope),
		{
			max,
			pageSize: Math.min(KB_PAGE.maxPageSize, max),
			what: 'documents',
		},
	);
	hintWhenLimitReached(this, docs.length, max, 'documents', scope.itemIndex ?? 0);
	return docs.map((doc) => ({
		json: (plan.simplify ? simplifyKnowledgeDoc(doc) : doc) as IDataObject,
	}));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
