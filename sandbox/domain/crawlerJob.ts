/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the sandbox's crawler: runs in Node, never ships (package.json "files" is dist/ only) */
import { createHash } from 'crypto';
import {
	CRAWLER_FINAL_STATUSES,
	type CreateCrawlerJobRequest,
	type CrawlerWebhookEvent,
} from '../../nodes/shared/contracts/crawlerJob';
import { addKnowledgeDocument } from './knowledgeBase';
import { isBrokenPath, linkUrl, pageHtml, pageMarkdown, sitePage, sitePathOf } from './site';
import type { SandboxState } from './state';
import type { CrawlerJob, ScrapedPage } from './records';

/**
 * How a crawler job created through the API runs in the sandbox: queued for one step, then
 * processing, one page per step (from the sandbox's own site, sandbox/domain/site.ts; other hosts get
 * a stand-in page, since the sandbox reaches no outside network), each page added to the target
 * agents' knowledge bases and posted to the job's webhook, then completed. A URL whose path
 * contains `broken` fails the job. The step is `state.crawler.stepMs`; `holdProcessing` keeps
 * jobs in processing. Timers stop when the job is deleted or the state is retired (reset, close).
 */

const USER_ID = 'user-sandbox-owner';
const DEFAULT_MAX_PAGES = 10;

/** Whether a job has stopped moving, by the same statuses the node's wait ends on. */
export function isFinalStatus(status: CrawlerJob['status']): boolean {
	return (CRAWLER_FINAL_STATUSES as readonly string[]).includes(status);
}

/** The agents whose knowledge bases receive the job's pages: toAgentIds and toAgentId, once each. */
export function targetAgentIds(request: CreateCrawlerJobRequest | undefined): string[] {
	if (!request) return [];
	return [
		...new Set([...(request.toAgentIds ?? []), ...(request.toAgentId ? [request.toAgentId] : [])]),
	];
}

/** The job record as the API answers it (field list of the public client's `CrawlerJob`). */
export function jobRecord(state: SandboxState, job: CrawlerJob): Record<string, unknown> {
	const request = job.request;
	const status = job.status === 'running' ? 'processing' : job.status;
	const urls = request?.urls ?? [job.startUrl];
	const pages = state.scrapedPages.filter((page) => page.jobId === job.jobId);
	const webhook = request?.webhook;
	return {
		id: job.jobId,
		workspaceId: job.workspaceId,
		status,
		primaryUrl: urls[0],
		urls,
		crawl: request?.crawl ?? false,
		crawlOptions: request?.crawlOptions ?? null,
		useProxy: request?.useProxy ?? false,
		deep: request?.deep ?? false,
		refreshRate: request?.refreshRate ?? null,
		toAgentId: request?.toAgentId ?? null,
		toAgentIds: targetAgentIds(request),
		done: status === 'completed',
		failed: status === 'failed',
		isCancelled: status === 'cancelled',
		message: job.message ?? null,
		resultError: job.resultError ?? null,
		createdAt: new Date(job.createdAtUNIX * 1000).toISOString(),
		ts: job.createdAtUNIX * 1000,
		scrapedPagesNum: pages.length,
		// As the public client shows it: whether a secret or token is set, never their values.
		...(webhook
			? {
					webhook: {
						url: webhook.url,
						events: webhook.events ?? [],
						hasSecret: Boolean(webhook.secret),
						hasBearerToken: Boolean(webhook.bearerToken),
						headerKeys: Object.keys(webhook.headers ?? {}),
					},
				}
			: {}),
	};
}

function pageContent(page: ScrapedPage): { markdown: string; html: string } {
	return {
		markdown: page.markdown ?? `# ${page.title}\n\nSandbox copy of ${page.url}`,
		html:
			page.html ??
			`<html><head><title>${page.title}</title></head><body><h1>${page.title}</h1></body></html>`,
	};
}

/** A page as the pages listing answers it. */
export function pageSummary(page: ScrapedPage, job: CrawlerJob): Record<string, unknown> {
	const { markdown, html } = pageContent(page);
	return {
		id: page.pageId,
		url: page.url,
		urlHash: createHash('sha256').update(page.url).digest('hex').slice(0, 32),
		title: page.title,
		description: page.description ?? '',
		scrapedAt: page.scrapedAt ?? job.createdAtUNIX * 1000,
		imageUrl: '',
		userId: USER_ID,
		mdCharCount: markdown.length,
		htmlCharCount: html.length,
		failed: false,
	};
}

/** One page with its content. */
export function pageWithContent(page: ScrapedPage, job: CrawlerJob): Record<string, unknown> {
	return { ...pageSummary(page, job), jobId: job.jobId, ...pageContent(page) };
}

/** Starts a job created through the API: queued now, moving one step at a time from here. */
export function startCrawl(state: SandboxState, job: CrawlerJob, serverUrl: string): void {
	job.queue = [...new Set(job.request?.urls ?? [job.startUrl])];
	schedule(state, job, serverUrl);
}

/** Marks a job cancelled (as a user cancelling it in the dashboard would); its timer then stops. */
export function cancelCrawlerJob(state: SandboxState, jobId: string): void {
	const job = state.crawlerJobs[jobId];
	if (!job || isFinalStatus(job.status)) return;
	job.status = 'cancelled';
	job.message = 'The job was cancelled.';
}

function schedule(state: SandboxState, job: CrawlerJob, serverUrl: string): void {
	const timer = setTimeout(() => step(state, job, serverUrl), state.crawler.stepMs);
	// A pending job never keeps a test run or the CLI alive.
	timer.unref();
}

function step(state: SandboxState, job: CrawlerJob, serverUrl: string): void {
	if (state.crawler.retired || state.crawlerJobs[job.jobId] !== job || isFinalStatus(job.status))
		return;
	if (job.status === 'queued') job.status = 'processing';
	else if (!state.crawler.holdProcessing) scrapeNext(state, job, serverUrl);
	if (!isFinalStatus(job.status)) schedule(state, job, serverUrl);
}

function scrapeNext(state: SandboxState, job: CrawlerJob, serverUrl: string): void {
	const queue = job.queue ?? [];
	const url = queue.shift();
	if (url === undefined) return finish(state, job, 'completed');
	const target = new URL(url);
	if (isBrokenPath(target.pathname)) {
		job.resultError = `Fetching ${url} failed with HTTP 500.`;
		job.message = `The crawl stopped at ${url}.`;
		return finish(state, job, 'failed');
	}
	const sitePath = sitePathOf(target, serverUrl);
	const page = sitePath === undefined ? undefined : sitePage(sitePath);
	const count = state.scrapedPages.filter((entry) => entry.jobId === job.jobId).length;
	const scraped: ScrapedPage = page
		? {
				pageId: `${job.jobId}-page-${count + 1}`,
				jobId: job.jobId,
				url,
				title: page.title,
				description: page.description,
				markdown: pageMarkdown(page),
				html: pageHtml(page),
				scrapedAt: Date.now(),
			}
		: {
				pageId: `${job.jobId}-page-${count + 1}`,
				jobId: job.jobId,
				url,
				title: `${target.hostname}${target.pathname}`,
				description: 'A stand-in: the sandbox reaches no outside network.',
				markdown: `# ${target.hostname}${target.pathname}\n\nThe sandbox's stand-in for ${url}.`,
				scrapedAt: Date.now(),
			};
	state.scrapedPages.push(scraped);
	for (const agentId of targetAgentIds(job.request)) {
		const agent = state.agents[agentId];
		if (!agent) continue;
		addKnowledgeDocument(state, agent, {
			name: scraped.title,
			sourceType: 'url',
			content: scraped.markdown ?? '',
			metadata: { description: scraped.description ?? scraped.title },
			refreshRate: job.request?.refreshRate ?? 'never',
			url,
			crawlerJobId: job.jobId,
		});
	}
	post(job, 'page_scraped', { page: pageSummary(scraped, job) }, state);
	if (page) enqueueLinks(state, job, url, page.links, count + 1);
	if (queue.length === 0) finish(state, job, 'completed');
}

/** Follows links when the job crawls: `crawl` from the start pages, `deep` from every page. */
function enqueueLinks(
	state: SandboxState,
	job: CrawlerJob,
	from: string,
	links: string[],
	scraped: number,
): void {
	const request = job.request;
	const isStart = request?.urls.includes(from) ?? false;
	if (!request || !(request.deep || (request.crawl && isStart))) return;
	const options = request.crawlOptions ?? {};
	const max = options.maxPages ?? DEFAULT_MAX_PAGES;
	const seen = new Set([
		...state.scrapedPages.filter((page) => page.jobId === job.jobId).map((page) => page.url),
		...(job.queue ?? []),
	]);
	const origin = new URL(from).origin;
	for (const link of links) {
		const url = linkUrl(link, from);
		if (seen.has(url) || scraped + (job.queue?.length ?? 0) >= max) continue;
		if (options.stayOnDomain !== false && new URL(url).origin !== origin) continue;
		if (
			options.urlMatchers?.length &&
			!options.urlMatchers.some((pattern) => matches(url, pattern))
		)
			continue;
		if (options.unMatchers?.some((pattern) => matches(url, pattern))) continue;
		seen.add(url);
		job.queue?.push(url);
	}
}

/** A URL matcher: `*` matches anything; without one, the pattern matches anywhere in the URL. */
function matches(url: string, pattern: string): boolean {
	if (!pattern.includes('*')) return url.includes(pattern);
	const source = pattern
		.split('*')
		.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
		.join('.*');
	return new RegExp(`^${source}$`).test(url);
}

function finish(state: SandboxState, job: CrawlerJob, status: 'completed' | 'failed'): void {
	job.status = status;
	if (status === 'completed') {
		const pages = state.scrapedPages.filter((page) => page.jobId === job.jobId).length;
		job.message = `Crawled ${pages} page${pages === 1 ? '' : 's'}.`;
	}
	post(job, status === 'completed' ? 'job_completed' : 'job_failed', {}, state);
}

const deliveries = new WeakMap<CrawlerJob, Promise<void>>();

/**
 * Posts an event to the job's webhook, in order per job, with its bearer token (Authorization)
 * or secret (`X-Webhook-Secret`: Convocore's delivery format is not published) and its headers.
 * A receiver that fails is not retried.
 */
function post(
	job: CrawlerJob,
	event: CrawlerWebhookEvent,
	extra: Record<string, unknown>,
	state: SandboxState,
): void {
	const webhook = job.request?.webhook;
	if (!webhook || (webhook.events && !webhook.events.includes(event))) return;
	const body = JSON.stringify({
		event,
		workspaceId: job.workspaceId,
		jobId: job.jobId,
		job: jobRecord(state, job),
		...extra,
		createdAt: new Date().toISOString(),
	});
	const headers: Record<string, string> = {
		...(webhook.headers ?? {}),
		'content-type': 'application/json',
	};
	if (webhook.bearerToken) headers.authorization = `Bearer ${webhook.bearerToken}`;
	if (webhook.secret) headers['x-webhook-secret'] = webhook.secret;
	const previous = deliveries.get(job) ?? Promise.resolve();
	const next = previous.then(async () => {
		try {
			const response = await fetch(webhook.url, {
				method: 'POST',
				headers,
				body,
				signal: AbortSignal.timeout(5000),
			});
			await response.arrayBuffer();
		} catch {
			// Not retried, as the platform's deliveries are not documented to be.
		}
	});
	deliveries.set(job, next);
}

/** Resolves once every webhook post of the job made so far has been answered or has failed. */
export async function settleCrawlerWebhooks(job: CrawlerJob): Promise<void> {
	await deliveries.get(job);
}
