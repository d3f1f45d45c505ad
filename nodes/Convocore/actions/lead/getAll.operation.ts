import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { LEAD_PAGE, agentLeadsPageSchema } from '../../../shared/contracts/lead';
import { collectNumberedPages } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { compact } from '../../helpers/parameters';
import { listPlanSchema, mostOf, readListPlan } from '../../helpers/listing';
import { listDescription } from '../../descriptions/listing';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
import { leadFiltersProperty } from './common';

const show = { resource: ['lead'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	of: agentIdProperty(show, 'The agent whose leads to list'),
	more: [leadFiltersProperty(show)],
});

const planSchema = lazy(() =>
	listPlanSchema({
		agentId: agentIdSchema,
		filters: z
			.object({ groupName: z.string().optional(), searchTerm: z.string().optional() })
			.strict(),
	}),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = {
		agentId: readAgentId(this, itemIndex),
		filters: compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject),
	};
	return readListPlan(this, itemIndex, planSchema, given, 'lead listing');
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/leads`;
	const max = mostOf(plan);
	// Numbered pages: a server that caps pages below the size asked is followed by its own size.
	const leads = await collectNumberedPages(
		async (page, limit) => {
			const qs: IDataObject = { ...plan.filters, page, limit };
			const answer = await requestChecked(
				this,
				{ method: 'GET', path, qs, raw: true, response: agentLeadsPageSchema },
				scope,
			);
			return { items: answer.leads, total: answer.total };
		},
		{ max, pageSize: Math.min(LEAD_PAGE.maxLimit, max), what: 'leads' },
	);
	return leads.map((lead) => ({ json: lead as IDataObject }));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
