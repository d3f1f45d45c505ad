import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import { leadGroupListSchema } from '../../../shared/contracts/leadGroup';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { listingFields, readListing, validate } from '../../helpers/parameters';
import { readAgentId } from '../../helpers/agentId';
import { returnAllAndLimit, timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { groupsPath } from '../../helpers/paths';

const show = { resource: ['leadGroup'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose lead groups to list'),
	...returnAllAndLimit(show),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema, ...listingFields() }));
type Plan = z.output<typeof planSchema>;

/** `GET /agents/{agentId}/groups`: every group at once (a bare array, no paging). */
export async function fetchLeadGroups(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	agentId: string,
	scope: RequestScope = {},
) {
	return await requestChecked(
		ctx,
		{ method: 'GET', path: groupsPath(agentId), raw: true, response: leadGroupListSchema },
		scope,
	);
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), ...readListing(this, itemIndex) },
		itemIndex,
		'lead group listing',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const groups = await fetchLeadGroups(this, plan.agentId, scope);
	return groups
		.slice(0, plan.returnAll ? undefined : plan.limit)
		.map((group) => ({ json: group as IDataObject }));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
