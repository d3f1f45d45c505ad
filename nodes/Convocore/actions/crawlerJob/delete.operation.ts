import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { deleteCrawlerJobResponseSchema } from '../../../shared/contracts/crawlerJob';
import { convocoreApiRequest } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { jobPath, readWorkspaceId } from './common';
import { crawlerWorkspaceProperties, jobIdLocator } from '../../descriptions/pickers';

const show = { resource: ['crawlerJob'], operation: ['delete'] };

export const description: INodeProperties[] = [
	{
		displayName:
			'Deleting is irreversible: the job and every page it scraped into the knowledge base are removed',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...crawlerWorkspaceProperties(show),
	// Versions 1 and 2 keep the text field their workflows stored; version 3 offers the picker.
	{
		displayName: 'Job ID',
		name: 'jobId',
		type: 'string',
		required: true,
		default: '',
		description: 'The crawler job to delete',
		displayOptions: { show: { ...show, '@version': [1, 2] } },
	},
	jobIdLocator({ ...show, '@version': [{ _cnd: { gte: 3 } }] }, 'The crawler job to delete'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		workspaceId: z.string().trim().min(1, 'is required'),
		jobId: z.string().trim().min(1, 'is required'),
	}),
);
type DeletePlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<DeletePlan> {
	return validate(
		this,
		planSchema,
		{
			workspaceId: readWorkspaceId(this, itemIndex),
			jobId: readIdParameter(this, 'jobId', itemIndex),
		},
		itemIndex,
		'crawler job deletion',
	);
}

export async function execute(this: IExecuteFunctions, plan: DeletePlan, scope: RequestScope) {
	const path = jobPath(plan.workspaceId, plan.jobId);
	try {
		// The API answers { success, message } (checked by the transport); n8n's convention for a
		// delete is `deleted: true`, and the ids say what was deleted.
		const answer = (await convocoreApiRequest.call(
			this,
			{ method: 'DELETE', path, response: deleteCrawlerJobResponseSchema },
			scope,
		)) as IDataObject;
		return [
			{ json: { deleted: true, ...answer, workspaceId: plan.workspaceId, jobId: plan.jobId } },
		];
	} catch (error) {
		throw explainNotFound(error, plan);
	}
}

/** A 404 here usually means the job is already gone: say so, keeping what Convocore said. */
function explainNotFound(error: unknown, plan: DeletePlan): unknown {
	if (!(error instanceof NodeApiError) || error.httpCode !== '404') return error;
	const original = error.message;
	error.message = `Crawler job ${plan.jobId} was not found in workspace ${plan.workspaceId}`;
	error.description = [
		"It may have been deleted already (deleting removes it for good), or the job ID, the workspace ID or the credential's Region is wrong.",
		`Convocore said: ${original}`,
		error.description,
	]
		.filter(Boolean)
		.join('\n');
	return error;
}

export const deleteJob: ConvocoreOperation<DeletePlan> = {
	description,
	defaultConcurrency: 1,
	prepare,
	execute,
};
