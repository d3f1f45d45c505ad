import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { crawlerPageSchema } from '../../../shared/contracts/crawlerJob';
import { lazy } from '../../../shared/contracts/lazy';
import { convocoreApiRequest } from '../../transport/request';
import { readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate, requiredText } from '../../helpers/parameters';
import { type ConvocoreOperation, type ItemScope } from '../types';
import { jobPath, readWorkspaceId } from './common';
import { crawlerWorkspaceProperties, jobIdLocator } from '../../descriptions/pickers';

const show = { resource: ['crawlerJob'], operation: ['getPage'] };

export const description: INodeProperties[] = [
	...crawlerWorkspaceProperties(show),
	jobIdLocator(show, 'The crawler job that scraped the page'),
	{
		displayName: 'Page ID',
		name: 'pageId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. crawl-job-1-page-1',
		description: 'The scraped page to read, with its content',
		displayOptions: { show },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		workspaceId: requiredText('a workspace ID'),
		jobId: requiredText('a job ID'),
		pageId: requiredText('a page ID'),
	}),
);
type PagePlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<PagePlan> {
	return validate(
		this,
		planSchema,
		{
			workspaceId: readWorkspaceId(this, itemIndex),
			jobId: readIdParameter(this, 'jobId', itemIndex),
			pageId: this.getNodeParameter('pageId', itemIndex, ''),
		},
		itemIndex,
		'crawler page',
	);
}

export async function execute(this: IExecuteFunctions, plan: PagePlan, scope: ItemScope) {
	const path = `${jobPath(plan.workspaceId, plan.jobId)}/pages/${encodeURIComponent(plan.pageId)}`;
	const page = await convocoreApiRequest.call(
		this,
		{ method: 'GET', path, response: crawlerPageSchema },
		scope,
	);
	return [{ json: page as IDataObject }];
}

export const getPage: ConvocoreOperation<PagePlan> = { description, prepare, execute };
