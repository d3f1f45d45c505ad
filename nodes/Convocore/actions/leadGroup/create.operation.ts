import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import {
	addLeadsToGroupRequestSchema,
	createLeadGroupRequestSchema,
	leadGroupAnswerSchema,
} from '../../../shared/contracts/leadGroup';
import type { RequestScope } from '../../transport/retries';
import { recordOf, requestChecked } from '../../helpers/answers';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { groupsPath } from '../../helpers/paths';

const show = { resource: ['leadGroup'], operation: ['create'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the group'),
	{
		displayName: 'Group Name',
		name: 'groupName',
		type: 'string',
		required: true,
		default: '',
		description: "Name of the new group; it is also the group's ID",
		displayOptions: { show },
	},
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		description:
			'Existing leads to put in the group, separated by commas (or a list from an expression). Optional.',
		displayOptions: { show },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		body: createLeadGroupRequestSchema,
		leadIds: addLeadsToGroupRequestSchema.optional(),
	}),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const ids = listFrom(this.getNodeParameter('leadIds', itemIndex, ''));
	const body = compact({ groupName: this.getNodeParameter('groupName', itemIndex, '') });
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			body,
			leadIds: ids?.length ? { leadIds: ids.map(String).join(',') } : undefined,
		},
		itemIndex,
		'lead group',
	);
}

/**
 * The group is created with `{ groupName }`, and existing leads join it through the assign route
 * (`PUT …/groups/{name}`, the IDs comma-separated). The create route's `leads` is typed only as an
 * array, and Convocore's public MCP client fills it with NEW lead objects, not IDs: existing leads
 * go by the route that documents IDs. A failure of the second request names the group created.
 */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: groupsPath(plan.agentId),
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: leadGroupAnswerSchema,
		},
		scope,
	);
	if (!plan.leadIds) return [{ json: { name: plan.body.groupName, ...recordOf(answer) } }];
	const path = `${groupsPath(plan.agentId)}/${encodeURIComponent(plan.body.groupName)}`;
	try {
		const added = await requestChecked(
			this,
			{
				method: 'PUT',
				path,
				body: plan.leadIds as IDataObject,
				raw: true,
				response: leadGroupAnswerSchema,
			},
			scope,
		);
		return [
			{
				json: {
					name: plan.body.groupName,
					added: plan.leadIds.leadIds.split(','),
					...recordOf(added),
				},
			},
		];
	} catch (error) {
		const cause = error as Error & { description?: string | null };
		throw new NodeOperationError(
			this.getNode(),
			`Lead group ${plan.body.groupName} was created, but adding the leads to it failed: ${cause.message}`,
			{
				itemIndex: scope.itemIndex,
				description: [
					cause.description,
					'Re-running Create would find the group already there: add the leads with Lead Group > Add Leads instead.',
				]
					.filter(Boolean)
					.join('\n'),
			},
		);
	}
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
