import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { toolDeleteAnswerSchema } from '../../../shared/contracts/tool';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOption, REQUEST_WITH_SECRETS_REDACTED } from '../../descriptions/dryRun';
import { readDryRun } from '../../helpers/dryRun';
import { agentIdProperty, toolIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { readToolRef, toolPath, type ToolRef } from './common';
import { dryRunRequest } from './dryRun';

const show = { resource: ['tool'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose tool to delete'),
	toolIdProperty(
		show,
		'The tool to delete. Deleting is irreversible: the agent can no longer call it.',
	),
	optionsCollection(show, [dryRunOption(REQUEST_WITH_SECRETS_REDACTED), timeoutOption()]),
];

type Plan = ToolRef & { dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return { ...readToolRef(this, itemIndex), dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = toolPath(plan.toolId);
	if (plan.dryRun)
		return [
			{
				json: dryRunRequest(
					this,
					{ method: 'DELETE', url: `${await getBaseUrl.call(this, scope.itemIndex)}${path}` },
					{ toolId: plan.toolId },
				),
			},
		];
	const answer = await requestChecked(
		this,
		{ method: 'DELETE', path, raw: true, response: toolDeleteAnswerSchema },
		scope,
	);
	return [
		{
			json: {
				deleted: answer.success,
				toolId: plan.toolId,
				...(answer.message ? { message: answer.message } : {}),
			},
		},
	];
}

export const deleteTool: ConvocoreOperation<Plan> = { description, prepare, execute };
