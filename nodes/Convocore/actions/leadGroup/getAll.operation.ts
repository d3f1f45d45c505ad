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
import { keptUpToLimit, listPlanSchema, readListPlan } from '../../helpers/listing';
import { readAgentId } from '../../helpers/agentId';
import { listDescription } from '../../descriptions/listing';
import { type ConvocoreOperation } from '../types';
import { groupsPath } from '../../helpers/paths';

const show = { resource: ['leadGroup'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	of: agentIdProperty(show, 'The agent whose lead groups to list'),
});

const planSchema = lazy(() => listPlanSchema({ agentId: agentIdSchema }));
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
	const given = { agentId: readAgentId(this, itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'lead group listing');
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const groups = await fetchLeadGroups(this, plan.agentId, scope);
	return keptUpToLimit(this, groups, plan, 'lead groups', scope.itemIndex ?? 0).map((group) => ({
		json: group as IDataObject,
	}));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
