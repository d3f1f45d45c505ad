import {
	createCrawlerJobRequestSchema,
	deleteCrawlerJobResponseSchema,
} from '../../nodes/shared/contracts/crawlerJob';
import { jobRecord, startCrawl, targetAgentIds } from '../domain/crawlerJob';
import { ApiError, parseOrThrow } from '../server/errors';
import type { CrawlerJob } from '../domain/records';
import { callerWorkspace, findJob, pageQuery } from './crawlerJobCommon';
import { crawlerPageRoutes } from './crawlerJobPages';
import type { Route, RouteContext } from './types';

/** POST /workspaces/{workspaceId}/crawler/jobs: queues a job that then runs (sandbox/domain/crawlerJob.ts). */
function createCrawlerJob(ctx: RouteContext) {
	const workspaceId = callerWorkspace(ctx, 'Creating a crawler job');
	const request = parseOrThrow(createCrawlerJobRequestSchema, ctx.body, 'crawler job');
	for (const agentId of targetAgentIds(request)) {
		const agent = ctx.state.agents[agentId];
		if (!agent || agent.workspaceId !== workspaceId) {
			throw new ApiError(
				404,
				'AGENT_NOT_FOUND',
				`Agent ${agentId} was not found in workspace ${workspaceId}; a crawler job can only feed agents of its workspace.`,
			);
		}
	}
	ctx.state.counters.crawlerJobs = (ctx.state.counters.crawlerJobs ?? 0) + 1;
	const job: CrawlerJob = {
		jobId: `crawl-job-${ctx.state.counters.crawlerJobs}`,
		workspaceId,
		startUrl: request.urls[0],
		status: 'queued',
		createdAtUNIX: Math.floor(Date.now() / 1000),
		request,
	};
	ctx.state.crawlerJobs[job.jobId] = job;
	startCrawl(ctx.state, job, ctx.serverUrl);
	const count = request.urls.length;
	return {
		status: 201,
		body: {
			success: true,
			message: `Crawler job ${job.jobId} queued for ${count} URL${count === 1 ? '' : 's'}.`,
			data: jobRecord(ctx.state, job),
		},
	};
}

/** GET /workspaces/{workspaceId}/crawler/jobs?page&limit: newest first. */
function listCrawlerJobs(ctx: RouteContext) {
	const workspaceId = callerWorkspace(ctx, 'Listing crawler jobs');
	const { page, limit } = pageQuery(ctx);
	const jobs = Object.values(ctx.state.crawlerJobs)
		.filter((job) => job.workspaceId === workspaceId)
		.sort((a, b) => b.createdAtUNIX - a.createdAtUNIX || (a.jobId < b.jobId ? 1 : -1));
	const slice = jobs
		.slice((page - 1) * limit, page * limit)
		.map((job) => jobRecord(ctx.state, job));
	return {
		body: {
			success: true,
			message: `${slice.length} of ${jobs.length} crawler jobs.`,
			data: { jobs: slice, total: jobs.length, page, pageSize: limit },
		},
	};
}

/** GET /workspaces/{workspaceId}/crawler/jobs/{jobId}. */
function getCrawlerJob(ctx: RouteContext) {
	const job = findJob(ctx, 'Reading a crawler job');
	return {
		body: { success: true, message: `Crawler job ${job.jobId}.`, data: jobRecord(ctx.state, job) },
	};
}

/** DELETE /workspaces/{workspaceId}/crawler/jobs/{jobId}: removes the job and its scraped pages. */
function deleteCrawlerJob(ctx: RouteContext) {
	const { jobId } = ctx.params;
	findJob(ctx, 'Deleting a crawler job');
	delete ctx.state.crawlerJobs[jobId];
	const pagesBefore = ctx.state.scrapedPages.length;
	ctx.state.scrapedPages = ctx.state.scrapedPages.filter((page) => page.jobId !== jobId);
	const removedPages = pagesBefore - ctx.state.scrapedPages.length;
	return {
		body: deleteCrawlerJobResponseSchema.parse({
			success: true,
			message: `Crawler job ${jobId} deleted with its ${removedPages} scraped page${removedPages === 1 ? '' : 's'}.`,
		}),
	};
}

export const crawlerRoutes: Route[] = [
	{ method: 'POST', pattern: '/workspaces/:workspaceId/crawler/jobs', handler: createCrawlerJob },
	{ method: 'GET', pattern: '/workspaces/:workspaceId/crawler/jobs', handler: listCrawlerJobs },
	{
		method: 'GET',
		pattern: '/workspaces/:workspaceId/crawler/jobs/:jobId',
		handler: getCrawlerJob,
	},
	{
		method: 'DELETE',
		pattern: '/workspaces/:workspaceId/crawler/jobs/:jobId',
		handler: deleteCrawlerJob,
	},
	...crawlerPageRoutes,
];
