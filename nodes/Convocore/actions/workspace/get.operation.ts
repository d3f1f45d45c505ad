import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { workspaceGetAnswerSchema } from '../../../shared/contracts/workspace';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { readWorkspaceId, workspaceIdProperty, workspacePath } from './common';

const show = { resource: ['workspace'], operation: ['get'] };

export const description: INodeProperties[] = [
	workspaceIdProperty(show, 'The workspace to read'),
	timeoutOnlyOptions(show),
];

type Plan = { workspaceId: string };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return { workspaceId: readWorkspaceId(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'GET',
			path: workspacePath(plan.workspaceId),
			raw: true,
			response: workspaceGetAnswerSchema,
		},
		scope,
	);
	return [{ json: answer.data as IDataObject }];
}

export const get: ConvocoreOperation<Plan> = { description, prepare, execute };
