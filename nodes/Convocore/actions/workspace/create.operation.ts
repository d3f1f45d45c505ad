import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	createWorkspaceRequestSchema,
	workspaceAnswerSchema,
	type CreateWorkspaceRequest,
} from '../../../shared/contracts/workspace';
import type { RequestScope } from '../../transport/retries';
import { recordOf, requestChecked } from '../../helpers/answers';
import { checkWrite } from '../../helpers/writeCheck';
import { listFrom } from '../../helpers/listField';
import { compact, validate } from '../../helpers/parameters';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { emailsProperty } from './common';

const show = { resource: ['workspace'], operation: ['create'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'workspaceName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Bright Smiles Clinic',
		description: 'Name of the new workspace',
		displayOptions: { show },
	},
	emailsProperty("Email addresses of the workspace's members", show),
	timeoutOnlyOptions(show),
];

type Plan = { body: CreateWorkspaceRequest };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const body = compact({
		workspaceName: this.getNodeParameter('workspaceName', itemIndex, ''),
		workspaceEmails: listFrom(this.getNodeParameter('workspaceEmails', itemIndex, '')),
	});
	return { body: validate(this, createWorkspaceRequestSchema, body, itemIndex, 'workspace') };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: '/workspaces',
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: workspaceAnswerSchema,
		},
		scope,
	);
	const record = recordOf(answer);
	return [
		{
			json: checkWrite(this, record, {
				sent: plan.body,
				record,
				itemIndex: scope.itemIndex ?? 0,
				what: 'Workspace',
			}),
		},
	];
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
