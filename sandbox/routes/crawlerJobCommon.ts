import { CRAWLER_PAGE } from '../../nodes/shared/contracts/crawlerJob';
import { assertWorkspaceSecret } from '../server/auth';
import { ApiError } from '../server/errors';
import type { CrawlerJob } from '../domain/records';
import type { RouteContext } from './types';

/** What the crawler job and page routes share: the workspace and job of the path, and paging. */

/** The workspace in the path, which must be the caller's own (a workspace secret). */
export function callerWorkspace(ctx: RouteContext, operation: string): string {
	assertWorkspaceSecret(ctx.caller, operation);
	const { workspaceId } = ctx.params;
	if (workspaceId !== ctx.caller.workspace.id) {
		throw new ApiError(
			403,
			'WORKSPACE_MISMATCH',
			`This secret belongs to workspace ${ctx.caller.workspace.id}; it cannot act on workspace ${workspaceId}.`,
		);
	}
	return workspaceId;
}

/** The job in the path, in the caller's workspace; 404 otherwise. */
export function findJob(ctx: RouteContext, operation: string): CrawlerJob {
	const workspaceId = callerWorkspace(ctx, operation);
	const { jobId } = ctx.params;
	const job = ctx.state.crawlerJobs[jobId];
	if (!job || job.workspaceId !== workspaceId) {
		throw new ApiError(
			404,
			'CRAWLER_JOB_NOT_FOUND',
			`Crawler job ${jobId} was not found in workspace ${workspaceId} (it may already be deleted).`,
		);
	}
	return job;
}

/** `?page&limit` of the listings: whole numbers, page from 1, limit 1 to 100 (defaults 1 and 20). */
export function pageQuery(ctx: RouteContext): { page: number; limit: number } {
	const read = (name: 'page' | 'limit', fallback: number, max: number) => {
		const raw = ctx.query[name];
		if (raw === undefined) return fallback;
		const value = Number(raw);
		if (!/^\d+$/.test(raw) || value < 1 || value > max) {
			throw new ApiError(
				400,
				'VALIDATION_ERROR',
				`Invalid query: ${name}: must be a whole number from 1${max < Infinity ? ` to ${max}` : ''}.`,
				[{ message: `${name}: must be a whole number from 1` }],
			);
		}
		return value;
	};
	return {
		page: read('page', 1, Infinity),
		limit: read('limit', CRAWLER_PAGE.defaultLimit, CRAWLER_PAGE.maxLimit),
	};
}
