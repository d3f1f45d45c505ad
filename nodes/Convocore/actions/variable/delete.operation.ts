import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { variableDeleteAnswerSchema } from '../../../shared/contracts/variables';
import type { RequestScope } from '../../../shared/transport';
import { requestChecked } from '../answers';
import { readDryRun } from '../dryRun';
import { agentIdProperty, optionsCollection, timeoutOption, type ConvocoreOperation } from '../operation';
import { dryRunOption, dryRunOutput, readVariableRef, variableIdProperty, variablePath, type VariableRef } from './common';

const show = { resource: ['variable'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the variable belongs to (its variables fill the picker)'),
	variableIdProperty(show, 'The variable to delete. Deleting is irreversible.'),
	optionsCollection(show, [dryRunOption, timeoutOption()]),
];

type Plan = VariableRef & { dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return { ...readVariableRef(this, itemIndex), dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = variablePath(plan.variableId);
	if (plan.dryRun) return [{ json: { ...(await dryRunOutput(this, { method: 'DELETE', path }, scope.itemIndex)), variableId: plan.variableId } }];
	await requestChecked(this, { method: 'DELETE', path, raw: true, response: variableDeleteAnswerSchema }, scope);
	return [{ json: { deleted: true, variableId: plan.variableId } }];
}

export const deleteVariable: ConvocoreOperation<Plan> = { description, prepare, execute };
