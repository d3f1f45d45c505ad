import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { deleteLeadsAnswerSchema } from '../../../shared/contracts/leadImport';
import { lazy } from '../../../shared/contracts/lazy';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['lead'], operation: ['deleteMany'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the leads'),
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		required: true,
		default: '',
		description:
			'The leads to delete, separated by commas (or a list from an expression). Deleting is irreversible.',
		displayOptions: { show },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		leadIds: z
			.array(z.string({ invalid_type_error: 'must hold lead IDs as text' }).min(1), {
				required_error: 'needs at least one lead ID',
			})
			.min(1, 'needs at least one lead ID')
			.max(500, 'must hold at most 500 IDs per item'),
	}),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			leadIds: listFrom(this.getNodeParameter('leadIds', itemIndex, '')),
		},
		itemIndex,
		'lead deletion',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/leads`;
	const answer = await requestChecked(
		this,
		{
			method: 'DELETE',
			path,
			qs: { leadIds: plan.leadIds.join(',') },
			raw: true,
			response: deleteLeadsAnswerSchema,
		},
		scope,
	);
	return [
		{
			json: {
				deleted: true,
				leadIds: plan.leadIds,
				...(typeof answer.deletedCount === 'number' ? { deletedCount: answer.deletedCount } : {}),
			},
		},
	];
}

export const deleteMany: ConvocoreOperation<Plan> = { description, prepare, execute };
