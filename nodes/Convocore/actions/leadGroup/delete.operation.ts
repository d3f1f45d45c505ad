import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agents';
import { lazy } from '../../../shared/contracts/lazy';
import { leadGroupAnswerSchema, leadGroupNameSchema } from '../../../shared/contracts/leadGroups';
import type { RequestScope } from '../../../shared/transport';
import { requestChecked } from '../answers';
import { agentIdProperty, readAgentId, readIdParameter, timeoutOnlyOptions, validate, type ConvocoreOperation } from '../operation';
import { leadGroupProperty } from './common';

const show = { resource: ['leadGroup'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the group'),
	leadGroupProperty(show, 'The group to delete. Its leads stay, outside any group.'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema, groupName: leadGroupNameSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(this, planSchema, { agentId: readAgentId(this, itemIndex), groupName: readIdParameter(this, 'groupName', itemIndex) }, itemIndex, 'lead group');
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	// The route sits under /leads and calls the group's ID `groupId`: a group is known by its name.
	const path = `/agents/${encodeURIComponent(plan.agentId)}/leads/group`;
	await requestChecked(this, { method: 'DELETE', path, qs: { groupId: plan.groupName }, raw: true, response: leadGroupAnswerSchema }, scope);
	return [{ json: { deleted: true, name: plan.groupName } }];
}

export const deleteLeadGroup: ConvocoreOperation<Plan> = { description, prepare, execute };
