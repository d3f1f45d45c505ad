import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	workspaceDeleteAnswerSchema,
	workspaceIdSchema,
} from '../../../shared/contracts/workspace';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption, REQUEST_DELETING_NOTHING } from '../../descriptions/dryRun';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readIdParameter } from '../../helpers/agentId';
import { validate } from '../../helpers/parameters';
import { confirmationProperty } from '../../descriptions/confirmation';
import { readConfirmation, typedConfirmation } from '../../helpers/confirmation';
import { type ConvocoreOperation } from '../types';
import { workspacePicker } from '../../descriptions/pickers';
import { workspacePath } from './common';

const show = { resource: ['workspace'], operation: ['delete'] };

/** What Confirmation must hold, typed out: no default, no expression's accident, says what it does. */
export const DELETE_WORKSPACE_CONFIRMATION = 'DELETE WORKSPACE AND ITS AGENTS';

export const description: INodeProperties[] = [
	{
		displayName:
			'Deletes the whole workspace with every agent in it, and their conversations, leads and variables. This cannot be undone.',
		name: 'deleteWorkspaceNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	workspacePicker('The workspace to delete with all its agents', {
		show,
		idPlaceholder: 'e.g. ws-1a2b3c',
	}),
	confirmationProperty(
		show,
		DELETE_WORKSPACE_CONFIRMATION,
		'the workspace and every agent in it are deleted',
	),
	optionsCollection(show, [dryRunOption(REQUEST_DELETING_NOTHING), timeoutOption()]),
];

const planSchema = lazy(() =>
	z.object({
		workspaceId: workspaceIdSchema,
		confirmation: typedConfirmation(
			DELETE_WORKSPACE_CONFIRMATION,
			'delete the workspace and every agent in it',
		),
	}),
);
type Plan = { workspaceId: string; dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { workspaceId } = validate(
		this,
		planSchema,
		{
			workspaceId: readIdParameter(this, 'workspaceId', itemIndex),
			confirmation: readConfirmation(this, itemIndex),
		},
		itemIndex,
		'workspace delete',
	);
	return { workspaceId, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = workspacePath(plan.workspaceId);
	if (plan.dryRun) {
		const request = {
			method: 'DELETE',
			url: `${await getBaseUrl.call(this, scope.itemIndex)}${path}`,
		};
		const { workspaceId } = plan;
		return [
			{
				json: isOneShapeDryRun(this)
					? dryRunOutput([request], { workspaceId })
					: ({ dryRun: true, workspaceId, request } as IDataObject),
			},
		];
	}
	const answer = await requestChecked(
		this,
		{ method: 'DELETE', path, raw: true, response: workspaceDeleteAnswerSchema },
		scope,
	);
	return [
		{
			json: {
				deleted: true,
				workspaceId: plan.workspaceId,
				...(typeof answer.message === 'string' ? { message: answer.message } : {}),
			},
		},
	];
}

// One at a time, as Lead > Delete All: a failure stops the deletions that follow.
export const deleteWorkspace: ConvocoreOperation<Plan> = {
	description,
	defaultConcurrency: 1,
	prepare,
	execute,
};
