import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { CAMPAIGN_PAGE } from '../../../shared/contracts/campaign';
import { lazy } from '../../../shared/contracts/lazy';
import { collectNumberedPages } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { listPlanSchema, mostOf, readListPlan } from '../../helpers/listing';
import { readAgentId } from '../../helpers/agentId';
import { listDescription } from '../../descriptions/listing';
import { type ConvocoreOperation } from '../types';
import { campaignOutput, fetchCampaignPage } from './common';

const show = { resource: ['campaign'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	of: agentIdProperty(show, 'The agent whose campaigns to list'),
});

const planSchema = lazy(() => listPlanSchema({ agentId: agentIdSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = { agentId: readAgentId(this, itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'campaign listing');
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const max = mostOf(plan);
	// Numbered pages: a server that caps pages below the size asked is followed by its own size.
	const campaigns = await collectNumberedPages(
		async (page, limit) => {
			const answer = await fetchCampaignPage(this, plan.agentId, page, limit, scope);
			return { items: answer.campaigns, total: answer.total };
		},
		{
			max,
			pageSize: Math.min(CAMPAIGN_PAGE.maxLimit, max),
			what: 'campaigns',
			keyOf: (campaign) => campaign.id,
		},
	);
	return campaigns.map((campaign) => ({ json: campaignOutput(campaign) }));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
