import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agents';
import { lazy } from '../../../shared/contracts/lazy';
import { createLeadGroupRequestSchema, leadGroupAnswerSchema } from '../../../shared/contracts/leadGroups';
import type { RequestScope } from '../../../shared/transport';
import { recordOf, requestChecked } from '../answers';
import { listFrom } from '../listField';
import { agentIdProperty, compact, readAgentId, timeoutOnlyOptions, validate, type ConvocoreOperation } from '../operation';
import { groupsPath } from './common';

const show = { resource: ['leadGroup'], operation: ['create'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the group'),
	{ displayName: 'Group Name', name: 'groupName', type: 'string', required: true, default: '', description: "Name of the new group; it is also the group's ID", displayOptions: { show } },
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		description: 'Existing leads to put in the group, separated by commas (or a list from an expression). Optional.',
		displayOptions: { show },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema, body: createLeadGroupRequestSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const body = compact({ groupName: this.getNodeParameter('groupName', itemIndex, ''), leads: listFrom(this.getNodeParameter('leadIds', itemIndex, '')) });
	return validate(this, planSchema, { agentId: readAgentId(this, itemIndex), body }, itemIndex, 'lead group');
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(this, { method: 'POST', path: groupsPath(plan.agentId), body: plan.body as unknown as IDataObject, raw: true, response: leadGroupAnswerSchema }, scope);
	return [{ json: { name: plan.body.groupName, ...recordOf(answer) } }];
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
