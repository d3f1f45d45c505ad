import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate, requiredText } from '../../helpers/parameters';
import { type ConvocoreOperation, type ItemScope } from '../types';
import { fetchJob, readWorkspaceId } from './common';
import { crawlerWorkspaceProperties, jobIdLocator } from '../../descriptions/pickers';

const show = { resource: ['crawlerJob'], operation: ['get'] };

export const description: INodeProperties[] = [
	...crawlerWorkspaceProperties(show),
	jobIdLocator(show, 'The crawler job to read'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({ workspaceId: requiredText('a workspace ID'), jobId: requiredText('a job ID') }),
);
type GetPlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<GetPlan> {
	return validate(
		this,
		planSchema,
		{
			workspaceId: readWorkspaceId(this, itemIndex),
			jobId: readIdParameter(this, 'jobId', itemIndex),
		},
		itemIndex,
		'crawler job',
	);
}

export async function execute(this: IExecuteFunctions, plan: GetPlan, scope: ItemScope) {
	return [{ json: (await fetchJob(this, plan.workspaceId, plan.jobId, scope)) as IDataObject }];
}

export const get: ConvocoreOperation<GetPlan> = { description, prepare, execute };
