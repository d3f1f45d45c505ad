import { pageSummary, pageWithContent } from '../domain/crawlerJob';
import { ApiError } from '../server/errors';
import { findJob, pageQuery } from './crawlerJobCommon';
import type { Route, RouteContext } from './types';

/** GET /workspaces/{workspaceId}/crawler/jobs/{jobId}/pages?page&limit: in the order they were scraped. */
function listPages(ctx: RouteContext) {
	const job = findJob(ctx, 'Listing the pages of a crawler job');
	const { page, limit } = pageQuery(ctx);
	const pages = ctx.state.scrapedPages.filter((entry) => entry.jobId === job.jobId);
	const slice = pages
		.slice((page - 1) * limit, page * limit)
		.map((entry) => pageSummary(entry, job));
	return {
		body: {
			success: true,
			message: `${slice.length} of ${pages.length} pages.`,
			data: { pages: slice, total: pages.length, page, pageSize: limit },
		},
	};
}

/** GET /workspaces/{workspaceId}/crawler/jobs/{jobId}/pages/{pageId}: one page with its content. */
function getPage(ctx: RouteContext) {
	const job = findJob(ctx, 'Reading a page of a crawler job');
	const page = ctx.state.scrapedPages.find(
		(entry) => entry.jobId === job.jobId && entry.pageId === ctx.params.pageId,
	);
	if (!page)
		throw new ApiError(
			404,
			'CRAWLER_PAGE_NOT_FOUND',
			`Page ${ctx.params.pageId} was not found in crawler job ${job.jobId}.`,
		);
	return {
		body: { success: true, message: `Page ${page.pageId}.`, data: pageWithContent(page, job) },
	};
}

export const crawlerPageRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/workspaces/:workspaceId/crawler/jobs/:jobId/pages',
		handler: listPages,
	},
	{
		method: 'GET',
		pattern: '/workspaces/:workspaceId/crawler/jobs/:jobId/pages/:pageId',
		handler: getPage,
	},
];
