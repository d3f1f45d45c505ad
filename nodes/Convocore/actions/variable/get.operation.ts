import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { variableAnswerSchema } from '../../../shared/contracts/variable';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, variableIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { readVariableRef, variableOutput, variablePath, type VariableRef } from './common';

const show = { resource: ['variable'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the variable belongs to (its variables fill the picker)'),
	variableIdProperty(show, 'The variable to read'),
	timeoutOnlyOptions(show),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<VariableRef> {
	return readVariableRef(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, plan: VariableRef, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'GET',
			path: variablePath(plan.variableId),
			raw: true,
			response: variableAnswerSchema,
		},
		scope,
	);
	return [{ json: variableOutput(answer.data) }];
}

export const get: ConvocoreOperation<VariableRef> = { description, prepare, execute };
