import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { deleteAllLeadsAnswerSchema } from '../../../shared/contracts/leadImport';
import { lazy } from '../../../shared/contracts/lazy';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption, REQUEST_DELETING_NOTHING } from '../../descriptions/dryRun';
import { agentIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { validate } from '../../helpers/parameters';
import { confirmationProperty } from '../../descriptions/confirmation';
import { readConfirmation, typedConfirmation } from '../../helpers/confirmation';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['lead'], operation: ['deleteAll'] };

/** What Confirmation must hold, typed out: no default, no expression's accident, says what it does. */
export const DELETE_ALL_CONFIRMATION = 'DELETE ALL LEADS';

export const description: INodeProperties[] = [
	{
		displayName: 'Deletes every lead of the agent, in every group. This cannot be undone.',
		name: 'deleteAllNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The agent whose leads are all deleted'),
	confirmationProperty(show, DELETE_ALL_CONFIRMATION, 'every lead of the agent is deleted'),
	optionsCollection(show, [dryRunOption(REQUEST_DELETING_NOTHING), timeoutOption()]),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		confirmation: typedConfirmation(DELETE_ALL_CONFIRMATION, 'delete every lead of the agent'),
	}),
);
type Plan = { agentId: string; dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { agentId } = validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			confirmation: readConfirmation(this, itemIndex),
		},
		itemIndex,
		'confirmation',
	);
	return { agentId, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/leads/all`;
	if (plan.dryRun) {
		const request = {
			method: 'DELETE',
			url: `${await getBaseUrl.call(this, scope.itemIndex)}${path}`,
		};
		return [
			{
				json: isOneShapeDryRun(this)
					? dryRunOutput([request])
					: ({ dryRun: true, request } as IDataObject),
			},
		];
	}
	const answer = await requestChecked(
		this,
		{ method: 'DELETE', path, raw: true, response: deleteAllLeadsAnswerSchema },
		scope,
	);
	return [
		{
			json: {
				deleted: true,
				...(typeof answer.deletedCount === 'number' ? { deletedCount: answer.deletedCount } : {}),
			},
		},
	];
}

export const deleteAll: ConvocoreOperation<Plan> = {
	description,
	defaultConcurrency: 1,
	prepare,
	execute,
};
