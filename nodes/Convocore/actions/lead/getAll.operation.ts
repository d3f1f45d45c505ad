import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { LEAD_PAGE, agentLeadsPageSchema } from '../../../shared/contracts/lead';
import { collectNumberedPages } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { listingFields, compact, readListing, validate } from '../../helpers/parameters';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { returnAllAndLimit, timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { LEAD_FILTER_OPTIONS } from './common';

const show = { resource: ['lead'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose leads to list'),
	...returnAllAndLimit(show),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [...LEAD_FILTER_OPTIONS],
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		...listingFields(),
		filters: z
			.object({ groupName: z.string().optional(), searchTerm: z.string().optional() })
			.strict(),
	}),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			...readListing(this, itemIndex),
			filters: compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject),
		},
		itemIndex,
		'lead listing',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/leads`;
	const max = plan.returnAll ? Infinity : plan.limit;
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
