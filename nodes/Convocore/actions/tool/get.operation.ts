import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { toolEnvelopeSchema } from '../../../shared/contracts/tool';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, toolIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { readToolRef, toolOutput, toolPath, type ToolRef } from './common';

const show = { resource: ['tool'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose tool to read'),
	toolIdProperty(show, 'The tool to read, with its fields'),
	timeoutOnlyOptions(show),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ToolRef> {
	return readToolRef(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, plan: ToolRef, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{ method: 'GET', path: toolPath(plan.toolId), raw: true, response: toolEnvelopeSchema },
		scope,
	);
	return [{ json: toolOutput(answer.data) }];
}

export const get: ConvocoreOperation<ToolRef> = { description, prepare, execute };
