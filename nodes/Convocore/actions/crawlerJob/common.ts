import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { z } from 'zod';
import {
	CRAWLER_PAGE,
	crawlerJobListSchema,
	crawlerJobSchema,
	crawlerPageListSchema,
	type CrawlerJobRecord,
} from '../../../shared/contracts/crawlerJob';
import { collectNumberedPages } from '../../transport/pagination';
import { convocoreApiRequest } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { readIdParameter } from '../../helpers/agentId';
import { listOrIdLocator } from '../../descriptions/pickers';
import type { Show } from '../conversation/common';

/** What the crawler job operations share: their ID fields, paths and page-by-page listings. */

/**
 * The workspace of a crawler job operation, stored as `workspaceId`. Node versions 1 to 3 keep the
 * text field their workflows stored; version 4 offers a picker: From List (the workspaces the
 * secret can see, `GET /workspaces`) or By ID. Read with readWorkspaceId.
 */
export function workspaceIdProperty(
	show: Show,
	description = 'The workspace the crawler job belongs to',
): INodeProperties[] {
	return [
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. ws-…',
			description,
			displayOptions: { show: { ...show, '@version': [{ _cnd: { lte: 3 } }] } },
		},
		listOrIdLocator({
			displayName: 'Workspace',
			name: 'workspaceId',
			description,
			show: { ...show, '@version': [{ _cnd: { gte: 4 } }] },
			searchListMethod: 'searchWorkspaces',
			listPlaceholder: 'Select a workspace…',
			idPlaceholder: 'e.g. ws-…',
		}),
	];
}

/** The Workspace ID of one item, from the text field (versions 1 to 3) or the picker (4). */
export function readWorkspaceId(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return readIdParameter(ctx, 'workspaceId', itemIndex);
}

/** The Job ID picker: From List (the workspace's jobs) or By ID. Stored as `jobId`. */
export function jobIdLocator(show: Show, description: string): INodeProperties {
	return listOrIdLocator({
		displayName: 'Job',
		name: 'jobId',
		description,
		show,
		searchListMethod: 'searchCrawlerJobs',
		listPlaceholder: 'Select a crawler job…',
		idPlaceholder: 'e.g. crawl-job-…',
	});
}

/** An optional field left empty (or null from an expression) is not sent. */
export function emptyToUndefined(value: unknown): unknown {
	return value === '' || value === null ? undefined : value;
}

export function jobPath(workspaceId: string, jobId?: string): string {
	const base = `/workspaces/${encodeURIComponent(workspaceId)}/crawler/jobs`;
	return jobId === undefined ? base : `${base}/${encodeURIComponent(jobId)}`;
}

type Context = IExecuteFunctions | ILoadOptionsFunctions;

export async function fetchJob(
	ctx: Context,
	workspaceId: string,
	jobId: string,
	scope: RequestScope = {},
): Promise<CrawlerJobRecord> {
	return (await convocoreApiRequest.call(
		ctx,
		{ method: 'GET', path: jobPath(workspaceId, jobId), response: crawlerJobSchema },
		scope,
	)) as CrawlerJobRecord;
}

/** The page size of a listing of up to `max` results: one request per 100 for Return All. */
export function pageSizeFor(max: number): number {
	return Math.min(CRAWLER_PAGE.maxLimit, max);
}

export async function fetchJobList(
	ctx: Context,
	workspaceId: string,
	page: number,
	limit: number,
	scope: RequestScope = {},
) {
	const qs: IDataObject = { page, limit };
	return (await convocoreApiRequest.call(
		ctx,
		{ method: 'GET', path: jobPath(workspaceId), qs, response: crawlerJobListSchema },
		scope,
	)) as z.output<typeof crawlerJobListSchema>;
}

/** Every page of a job (or up to `max`), in the order Convocore lists them. */
export async function fetchJobPages(
	ctx: Context,
	workspaceId: string,
	jobId: string,
	max: number,
	scope: RequestScope = {},
): Promise<IDataObject[]> {
	return await collectNumberedPages(
		async (page, limit) => {
			const answer = (await convocoreApiRequest.call(
				ctx,
				{
					method: 'GET',
					path: `${jobPath(workspaceId, jobId)}/pages`,
					qs: { page, limit },
					response: crawlerPageListSchema,
				},
				scope,
			)) as z.output<typeof crawlerPageListSchema>;
			return { items: answer.pages as IDataObject[], total: answer.total };
		},
		{ max, pageSize: pageSizeFor(max), what: 'crawled pages' },
	);
}
