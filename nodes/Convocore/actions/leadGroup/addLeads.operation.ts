import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import {
	addLeadsToGroupRequestSchema,
	leadGroupAnswerSchema,
	leadGroupNameSchema,
} from '../../../shared/contracts/leadGroup';
import type { RequestScope } from '../../transport/retries';
import { recordOf, requestChecked } from '../../helpers/answers';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty, leadGroupProperty } from '../../descriptions/pickers';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { groupsPath } from '../../helpers/paths';

const show = { resource: ['leadGroup'], operation: ['addLeads'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the group'),
	leadGroupProperty(show, 'The group to add the leads to'),
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		required: true,
		default: '',
		description: 'The leads to add, separated by commas (or a list from an expression)',
		displayOptions: { show },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		groupName: leadGroupNameSchema,
		body: addLeadsToGroupRequestSchema,
	}),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	// The API takes the IDs as one comma-separated string.
	const ids = listFrom(this.getNodeParameter('leadIds', itemIndex, ''));
	const body = { leadIds: ids?.map(String).join(',') ?? '' };
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			groupName: readIdParameter(this, 'groupName', itemIndex),
			body,
		},
		itemIndex,
		'lead group leads',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `${groupsPath(plan.agentId)}/${encodeURIComponent(plan.groupName)}`;
	const answer = await requestChecked(
		this,
		{
			method: 'PUT',
			path,
			body: plan.body as IDataObject,
			raw: true,
			response: leadGroupAnswerSchema,
		},
		scope,
	);
	return [
		{ json: { name: plan.groupName, added: plan.body.leadIds.split(','), ...recordOf(answer) } },
	];
}

export const addLeads: ConvocoreOperation<Plan> = { description, prepare, execute };
