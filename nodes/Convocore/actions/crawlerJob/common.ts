import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
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

/** What the crawler job operations share: their ID fields, paths and page-by-page listings. */

/** The Workspace ID of one item, from the text field (versions 1 to 3) or the picker (4). */
export function readWorkspaceId(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return readIdParameter(ctx, 'workspaceId', itemIndex);
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
