import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agents';
import { lazy } from '../../../shared/contracts/lazy';
import { deleteLeadGroupAnswerSchema, leadGroupNameSchema } from '../../../shared/contracts/leadGroups';
import type { RequestScope } from '../../../shared/transport';
import { requestChecked } from '../answers';
import { agentIdProperty, readAgentId, readIdParameter, timeoutOnlyOptions, validate, type ConvocoreOperation } from '../operation';
import { leadGroupProperty } from './common';

const show = { resource: ['leadGroup'], operation: ['delete'] };

export const description: INodeProperties[] = [
	{
		// A notice stores nothing: saved workflows keep their parameters.
		displayName: "Convocore publishes this route as Delete Leads by Group, and its public client uses it to delete every lead of the group for good. Expect the group's leads to be deleted with it.",
		name: 'deleteGroupNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The agent that owns the group'),
	leadGroupProperty(show, 'The group to delete, with its leads'),
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
	const answer = await requestChecked(this, { method: 'DELETE', path, qs: { groupId: plan.groupName }, raw: true, response: deleteLeadGroupAnswerSchema }, scope);
	// deletedCount: how many leads went with the group (published answer); left out when the answer has none.
	return [{ json: { deleted: true, name: plan.groupName, ...(typeof answer.deletedCount === 'number' ? { deletedCount: answer.deletedCount } : {}) } }];
}

export const deleteLeadGroup: ConvocoreOperation<Plan> = { description, prepare, execute };
