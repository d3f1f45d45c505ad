import { deleteCrawlerJobResponseSchema } from '../../nodes/shared/contracts/crawler';
import { assertWorkspaceSecret } from '../auth';
import { ApiError } from '../errors';
import type { Route, RouteContext } from './types';

/** DELETE /workspaces/{workspaceId}/crawler/jobs/{jobId}: removes the job and its scraped pages. */
function deleteCrawlerJob(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Deleting a crawler job');
	const { workspaceId, jobId } = ctx.params;
	if (workspaceId !== ctx.caller.workspace.id) {
		throw new ApiError(403, 'WORKSPACE_MISMATCH', `This secret belongs to workspace ${ctx.caller.workspace.id}; it cannot act on workspace ${workspaceId}.`);
	}
	const job = ctx.state.crawlerJobs[jobId];
	if (!job || job.workspaceId !== workspaceId) {
		throw new ApiError(404, 'CRAWLER_JOB_NOT_FOUND', `Crawler job ${jobId} was not found in workspace ${workspaceId} (it may already be deleted).`);
	}
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

export const crawlerRoutes: Route[] = [{ method: 'DELETE', pattern: '/workspaces/:workspaceId/crawler/jobs/:jobId', handler: deleteCrawlerJob }];
