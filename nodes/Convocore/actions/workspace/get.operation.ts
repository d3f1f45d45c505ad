import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { workspaceGetAnswerSchema } from '../../../shared/contracts/workspace';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { workspacePicker } from '../../descriptions/pickers';
import { readWorkspaceId, workspacePath } from './common';

const show = { resource: ['workspace'], operation: ['get'] };

export const description: INodeProperties[] = [
	workspacePicker('The workspace to read', { show, idPlaceholder: 'e.g. ws-1a2b3c' }),
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
