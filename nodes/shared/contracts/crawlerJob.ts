import { z } from 'zod';
// The public knowledge-base schema's refresh rates: the crawler's field is untyped there, so the same set.
import { REFRESH_RATES } from './knowledgeBase';
import { lazy } from './lazy';

/**
 * Crawler jobs of a workspace (`/workspaces/{workspaceId}/crawler/jobs...`), as Convocore's public
 * MCP client (`src/convocore-client.ts`, `src/types.ts`) reads them. Shared by the node, which
 * refuses a bad job before sending it, and the sandbox, which refuses it the same way.
 */

/** `DELETE /workspaces/{workspaceId}/crawler/jobs/{jobId}`: removes the job and its scraped pages. */
export const deleteCrawlerJobResponseSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			message: z.string(),
		})
		.passthrough(),
);

export const CRAWLER_WEBHOOK_EVENTS = ['page_scraped', 'job_completed', 'job_failed'] as const;
export type CrawlerWebhookEvent = (typeof CRAWLER_WEBHOOK_EVENTS)[number];

/** Where a job or page stops moving: a wait ends on any of them. */
export const CRAWLER_FINAL_STATUSES = ['completed', 'failed', 'cancelled'] as const;

/** The listings' page size: the client's default is 20; one request per 100 keeps Return All short. */
export const CRAWLER_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

const httpUrl = (what: string) =>
	z
		.string({ required_error: 'is required', invalid_type_error: `must be text (${what})` })
		.trim()
		.url(`must be a full http(s) URL (${what})`)
		.refine((value) => /^https?:\/\//i.test(value), `must be a full http(s) URL (${what})`);

const textList = (what: string) =>
	z.array(
		z
			.string({ invalid_type_error: `must be a list of ${what}` })
			.trim()
			.min(1, `must not hold an empty ${what}`),
	);

/** The body of `POST /workspaces/{workspaceId}/crawler/jobs`; nothing else is sent. */
export const createCrawlerJobRequestSchema = lazy(() =>
	z
		.object({
			urls: z
				.array(httpUrl('e.g. https://example.com/help'), {
					required_error: 'is required',
					invalid_type_error: 'must be a list of URLs',
				})
				.min(1, 'needs at least one URL')
				.max(100, 'takes at most 100 URLs'),
			crawl: z.boolean().optional(),
			crawlOptions: z
				.object({
					maxPages: z
						.number({ invalid_type_error: 'must be a number' })
						.int('must be a whole number')
						.min(1, 'must be at least 1')
						.max(10_000, 'must be at most 10000')
						.optional(),
					urlMatchers: textList('pattern').optional(),
					unMatchers: textList('pattern').optional(),
					stayOnDomain: z.boolean().optional(),
				})
				.strict()
				.optional(),
			deep: z.boolean().optional(),
			useProxy: z.boolean().optional(),
			refreshRate: z
				.enum(REFRESH_RATES, {
					errorMap: () => ({ message: `must be one of ${REFRESH_RATES.join(', ')}` }),
				})
				.optional(),
			toAgentId: z.string().trim().min(1, 'must not be empty').optional(),
			toAgentIds: textList('agent ID').optional(),
			webhook: z
				.object({
					url: httpUrl('where the job posts its events'),
					events: z
						.array(
							z.enum(CRAWLER_WEBHOOK_EVENTS, {
								errorMap: () => ({ message: `must be among ${CRAWLER_WEBHOOK_EVENTS.join(', ')}` }),
							}),
						)
						.min(1, 'needs at least one event when given')
						.optional(),
					secret: z.string().min(1, 'must not be empty').optional(),
					bearerToken: z.string().min(1, 'must not be empty').optional(),
					headers: z.record(z.string({ invalid_type_error: 'must be text' })).optional(),
				})
				.strict()
				.optional(),
		})
		.strict(),
);
export type CreateCrawlerJobRequest = z.output<typeof createCrawlerJobRequestSchema>;

/** One job as it comes: its id and status are what the node relies on; every other field is kept. */
export const crawlerJobSchema = lazy(() =>
	z
		.object({
			id: z.string().min(1),
			status: z.string(),
			done: z.boolean().optional(),
			failed: z.boolean().optional(),
			isCancelled: z.boolean().optional(),
			message: z.string().nullable().optional(),
			resultError: z.string().nullable().optional(),
		})
		.passthrough(),
);
export type CrawlerJobRecord = z.output<typeof crawlerJobSchema>;

/** `GET .../crawler/jobs?page&limit`. */
export const crawlerJobListSchema = lazy(() =>
	z
		.object({
			jobs: z.array(crawlerJobSchema),
			total: z.number().optional(),
			page: z.number().optional(),
			pageSize: z.number().optional(),
		})
		.passthrough(),
);

/** A scraped page, as listed (`id, url, urlHash, title, description, scrapedAt, …`) or read one by one (with its content). */
export const crawlerPageSchema = lazy(() =>
	z
		.object({
			id: z.string().min(1),
			url: z.string(),
		})
		.passthrough(),
);

/** `GET .../crawler/jobs/{jobId}/pages?page&limit`. */
export const crawlerPageListSchema = lazy(() =>
	z
		.object({
			pages: z.array(crawlerPageSchema),
			total: z.number().optional(),
			page: z.number().optional(),
			pageSize: z.number().optional(),
		})
		.passthrough(),
);

/** Whether a job has stopped moving (completed, failed or cancelled), by its status or its flags. */
export function isFinalJob(
	job: Pick<CrawlerJobRecord, 'status' | 'done' | 'failed' | 'isCancelled'>,
): boolean {
	return (
		(CRAWLER_FINAL_STATUSES as readonly string[]).includes(job.status) ||
		job.done === true ||
		job.failed === true ||
		job.isCancelled === true
	);
}

/** The job's final state in one word: `failed` and `cancelled` win over a `done` flag. */
export function finalStatusOf(
	job: Pick<CrawlerJobRecord, 'status' | 'done' | 'failed' | 'isCancelled'>,
): string {
	if (job.status === 'failed' || job.failed === true) return 'failed';
	if (job.status === 'cancelled' || job.isCancelled === true) return 'cancelled';
	return job.status;
}
