import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	updateWorkspaceRequestSchema,
	workspaceAnswerSchema,
	type UpdateWorkspaceRequest,
} from '../../../shared/contracts/workspace';
import type { RequestScope } from '../../transport/retries';
import { recordOf, requestChecked } from '../../helpers/answers';
import { checkWrite } from '../../helpers/writeCheck';
import { listFrom } from '../../helpers/listField';
import { compact, validate } from '../../helpers/parameters';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { workspacePicker } from '../../descriptions/pickers';
import { emailsProperty, readWorkspaceId, workspacePath } from './common';

const show = { resource: ['workspace'], operation: ['update'] };

/** Update Fields that go in `updates.marketplaceProfile`, by parameter name. */
const MARKETPLACE_FIELDS = {
	marketplaceUsername: 'username',
	marketplaceDescription: 'description',
	marketplaceEmail: 'email',
	marketplacePhotoUrl: 'photoURL',
} as const;

export const description: INodeProperties[] = [
	workspacePicker('The workspace to change', { show, idPlaceholder: 'e.g. ws-1a2b3c' }),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Automatic Billing',
				name: 'automaticBilling',
				type: 'boolean',
				default: false,
				description: 'Whether the workspace is billed automatically',
			},
			emailsProperty(
				"Email addresses of the workspace's members: the list replaces the current one",
			),
			{
				displayName: 'Marketplace Description',
				name: 'marketplaceDescription',
				type: 'string',
				default: '',
				description: "The workspace's description on its marketplace profile",
			},
			{
				displayName: 'Marketplace Email',
				name: 'marketplaceEmail',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'The contact email on its marketplace profile',
			},
			{
				displayName: 'Marketplace Photo URL',
				name: 'marketplacePhotoUrl',
				type: 'string',
				default: '',
				description: 'The picture of its marketplace profile, as a full URL',
			},
			{
				displayName: 'Marketplace Username',
				name: 'marketplaceUsername',
				type: 'string',
				default: '',
				description: 'The username of its marketplace profile',
			},
			{
				displayName: 'Name',
				name: 'workspaceName',
				type: 'string',
				default: '',
				description: 'A new name for the workspace',
			},
		],
	},
	timeoutOnlyOptions(show),
];

type Plan = { workspaceId: string; body: UpdateWorkspaceRequest };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const workspaceId = readWorkspaceId(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const profile = compact(
		Object.fromEntries(
			Object.entries(MARKETPLACE_FIELDS).map(([parameter, key]) => [key, fields[parameter]]),
		),
	);
	const updates = compact({
		workspaceName: fields.workspaceName,
		workspaceEmails: listFrom(fields.workspaceEmails),
		automaticBilling: fields.automaticBilling,
		marketplaceProfile: Object.keys(profile).length ? profile : undefined,
	});
	return {
		workspaceId,
		body: validate(this, updateWorkspaceRequestSchema, { updates }, itemIndex, 'workspace update'),
	};
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'PATCH',
			path: workspacePath(plan.workspaceId),
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: workspaceAnswerSchema,
		},
		scope,
	);
	const record = recordOf(answer);
	return [
		{
			json: checkWrite(
				this,
				{ ...record, updated: Object.keys(plan.body.updates) },
				{
					sent: plan.body.updates,
					record,
					itemIndex: scope.itemIndex ?? 0,
					what: `Workspace ${plan.workspaceId}`,
				},
			),
		},
	];
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
