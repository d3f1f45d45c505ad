import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { deleteAgentAnswerSchema } from '../../../shared/contracts/agentFields';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { agentPath } from '../../helpers/paths';

const show = { resource: ['agent'], operation: ['delete'] };

export const description: INodeProperties[] = [
	{
		displayName:
			'Deleting is irreversible: the agent, its settings and its knowledge base are removed for good',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The agent to delete'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema }));
type DeletePlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<DeletePlan> {
	return validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex) },
		itemIndex,
		'agent deletion',
	);
}

export async function execute(this: IExecuteFunctions, plan: DeletePlan, scope: RequestScope) {
	// The API answers { success, message }; n8n's convention for a delete is `deleted: true`.
	await requestChecked(
		this,
		{
			method: 'DELETE',
			path: agentPath(plan.agentId),
			raw: true,
			response: deleteAgentAnswerSchema,
		},
		scope,
	);
	return [{ json: { deleted: true, agentId: plan.agentId } }];
}

export const deleteAgent: ConvocoreOperation<DeletePlan> = { description, prepare, execute };
