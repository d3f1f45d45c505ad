import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { redactSecrets, simplifyAgent } from '../../../shared/contracts/agent';
import type { RequestScope } from '../../transport/retries';
import { listingFields, readListing, validate } from '../../helpers/parameters';
import {
	returnAllAndLimit,
	simplifyProperty,
	timeoutOnlyOptions,
} from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { fetchAgents } from './api';

const show = { resource: ['agent'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...returnAllAndLimit(show),
	simplifyProperty(show, 'agent record (secrets are always left out)'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ ...listingFields(), simplify: z.boolean() }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(
		this,
		planSchema,
		{
			...readListing(this, itemIndex),
			simplify: this.getNodeParameter('simplify', itemIndex, true),
		},
		itemIndex,
		'agent listing',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	// The API lists every agent at once (no paging is specified): Limit is applied here.
	const agents = await fetchAgents(this, scope);
	const kept = plan.returnAll ? agents : agents.slice(0, plan.limit);
	return kept.map((agent) => ({
		json: (plan.simplify ? simplifyAgent(agent) : redactSecrets(agent)) as IDataObject,
	}));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
