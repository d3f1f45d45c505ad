import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { variableDeleteAnswerSchema } from '../../../shared/contracts/variable';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { readDryRun } from '../../helpers/dryRun';
import { dryRunOption, REQUEST_WITH_ENV_VALUES_REDACTED } from '../../descriptions/dryRun';
import { agentIdProperty, variableIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { readVariableRef, variableDryRun, variablePath, type VariableRef } from './common';

const show = { resource: ['variable'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the variable belongs to (its variables fill the picker)'),
	variableIdProperty(show, 'The variable to delete. Deleting is irreversible.'),
	optionsCollection(show, [dryRunOption(REQUEST_WITH_ENV_VALUES_REDACTED), timeoutOption()]),
];

type Plan = VariableRef & { dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return { ...readVariableRef(this, itemIndex), dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = variablePath(plan.variableId);
	if (plan.dryRun)
		return [
			{
				json: await variableDryRun(this, { method: 'DELETE', path }, scope.itemIndex, {
					variableId: plan.variableId,
				}),
			},
		];
	await requestChecked(
		this,
		{ method: 'DELETE', path, raw: true, response: variableDeleteAnswerSchema },
		scope,
	);
	return [{ json: { deleted: true, variableId: plan.variableId } }];
}

export const deleteVariable: ConvocoreOperation<Plan> = { description, prepare, execute };
