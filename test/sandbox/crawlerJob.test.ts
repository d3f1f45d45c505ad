/* eslint-disable @typescript-eslint/no-explicit-any, @n8n/community-nodes/no-hardcoded-secrets -- the sandbox's JSON answers are read loosely, as a client reads them; made-up tokens */
/**
 * The sandbox's crawler jobs over real HTTP: create, the run from queued to completed (or failed)
 * over the sandbox's own fake site, the pages and their content, the knowledge documents of the
 * target agents, and the webhook posts with the job's bearer token or secret.
 */
import { sleep } from 'n8n-workflow';
import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { cancelCrawlerJob } from '../../sandbox/domain/crawlerJob';
import { knowledgeDocumentsOf } from '../../sandbox/domain/knowledgeBase';
import { eventually, startReceiver, type Receiver } from '../harness/crawlerReceiver';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const jobsPath = `/workspaces/${SANDBOX_IDS.euWorkspace}/crawler/jobs`;
let receiver: Receiver;

beforeEach(async () => {
	sandbox().state.crawler.stepMs = 10;
	receiver = await startReceiver();
});
afterEach(async () => {
	await receiver.close();
});

const site = (path: string) => `${sandbox().url}/site${path}`;

async function create(body: unknown) {
	return await api(sandbox(), 'POST', jobsPath, { key, body });
}

async function finished(jobId: string) {
	await eventually(
		() => ['completed', 'failed', 'cancelled'].includes(sandbox().state.crawlerJobs[jobId]?.status),
		5000,
		`job ${jobId} to finish`,
	);
	return (await api(sandbox(), 'GET', `${jobsPath}/${jobId}`, { key })).body.data;
}

describe('the fake site', () => {
	it('serves linked HTML pages under /site, and 500 for a broken path', async () => {
		const page = await fetch(site('/help'));
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toMatch(/text\/html/);
		const html = await page.text();
		expect(html).toContain('<title>Acme Dental help center</title>');
		expect(html).toContain('href="/site/help/booking"');
		expect((await fetch(site('/help/broken'))).status).toBe(500);
		expect((await fetch(site('/nope'))).status).toBe(404);
		expect(sandbox().count()).toBe(0);
	});
});

describe('POST /workspaces/{workspaceId}/crawler/jobs', () => {
	it('queues a job, runs it through processing to completed, crawling the site within maxPages and matchers', async () => {
		const answer = await create({
			urls: [site('/help')],
			crawl: true,
			crawlOptions: { maxPages: 4, unMatchers: ['/blog/'] },
			toAgentIds: [SANDBOX_IDS.ownAccountAgent],
			refreshRate: '24h',
		});
		expect(answer.status).toBe(201);
		const job = answer.body.data;
		expect(job).toMatchObject({
			id: 'crawl-job-1',
			workspaceId: SANDBOX_IDS.euWorkspace,
			status: 'queued',
			primaryUrl: site('/help'),
			urls: [site('/help')],
			crawl: true,
			deep: false,
			useProxy: false,
			refreshRate: '24h',
			toAgentId: null,
			toAgentIds: [SANDBOX_IDS.ownAccountAgent],
			done: false,
			failed: false,
			isCancelled: false,
			message: null,
			resultError: null,
		});
		expect(typeof job.createdAt).toBe('string');

		const statuses = new Set<string>();
		await eventually(() => {
			statuses.add(sandbox().state.crawlerJobs[job.id].status);
			return sandbox().state.crawlerJobs[job.id].status === 'completed';
		}, 5000);
		expect(statuses.has('processing') || statuses.has('queued')).toBe(true);
		const done = await finished(job.id);
		expect(done).toMatchObject({
			status: 'completed',
			done: true,
			message: 'Crawled 4 pages.',
			scrapedPagesNum: 4,
		});

		const pages = (await api(sandbox(), 'GET', `${jobsPath}/${job.id}/pages`, { key })).body.data;
		expect(pages.total).toBe(4);
		expect(pages.pages.map((page: any) => page.url)).toEqual([
			site('/help'),
			site('/help/booking'),
			site('/help/insurance'),
			site('/help/opening-hours'),
		]);
		expect(Object.keys(pages.pages[0]).sort()).toEqual(
			[
				'description',
				'failed',
				'htmlCharCount',
				'id',
				'imageUrl',
				'mdCharCount',
				'scrapedAt',
				'title',
				'url',
				'urlHash',
				'userId',
			].sort(),
		);

		const one = (
			await api(sandbox(), 'GET', `${jobsPath}/${job.id}/pages/${pages.pages[1].id}`, { key })
		).body.data;
		expect(one).toMatchObject({ id: pages.pages[1].id, title: 'Booking an appointment' });
		expect(one.markdown).toContain('# Booking an appointment');
		expect(one.html).toContain('<h1>Booking an appointment</h1>');
		expect(one.mdCharCount).toBe(one.markdown.length);

		const documents = knowledgeDocumentsOf(sandbox().state, SANDBOX_IDS.ownAccountAgent);
		expect(
			documents.map((document) => [
				document.name,
				document.url,
				document.crawlerJobId,
				document.refreshRate,
			]),
		).toEqual(pages.pages.map((page: any) => [page.title, page.url, job.id, '24h']));
	});

	it('fails a job that meets a broken URL, with a message and resultError', async () => {
		const job = (await create({ urls: [site('/help/broken')] })).body.data;
		const done = await finished(job.id);
		expect(done).toMatchObject({ status: 'failed', failed: true, done: false });
		expect(done.resultError).toBe(`Fetching ${site('/help/broken')} failed with HTTP 500.`);
		expect(done.message).toBe(`The crawl stopped at ${site('/help/broken')}.`);
	});

	it('holds jobs in processing while asked to, and a cancelled job stops', async () => {
		sandbox().state.crawler.holdProcessing = true;
		const job = (await create({ urls: [site('/help')] })).body.data;
		await eventually(() => sandbox().state.crawlerJobs[job.id].status === 'processing', 5000);
		await sleep(100);
		expect(sandbox().state.crawlerJobs[job.id].status).toBe('processing');
		cancelCrawlerJob(sandbox().state, job.id);
		const done = await finished(job.id);
		expect(done).toMatchObject({ status: 'cancelled', isCancelled: true, done: false });
		expect(sandbox().state.scrapedPages.filter((page) => page.jobId === job.id)).toHaveLength(0);
	});

	it('posts page_scraped and job_completed to the webhook with its bearer token and headers; the record never shows them', async () => {
		const job = (
			await create({
				urls: [site('/help/booking'), site('/help/insurance')],
				webhook: {
					url: receiver.url,
					bearerToken: 'crawler-bearer-123',
					headers: { 'X-Team': 'support' },
				},
			})
		).body.data;
		expect(job.webhook).toEqual({
			url: receiver.url,
			events: [],
			hasSecret: false,
			hasBearerToken: true,
			headerKeys: ['X-Team'],
		});
		expect(JSON.stringify(job)).not.toContain('crawler-bearer-123');
		const posts = await receiver.waitFor(3);
		expect(posts.map((post) => [post.body.event, post.body.page?.url])).toEqual([
			['page_scraped', site('/help/booking')],
			['page_scraped', site('/help/insurance')],
			['job_completed', undefined],
		]);
		for (const post of posts) {
			expect(post.headers.authorization).toBe('Bearer crawler-bearer-123');
			expect(post.headers['x-team']).toBe('support');
			expect(post.body.jobId).toBe(job.id);
		}
	});

	it('posts only the chosen events, with the secret header; job_failed for a failed job', async () => {
		await create({
			urls: [site('/help'), site('/broken')],
			webhook: { url: receiver.url, secret: 'crawler-secret-456', events: ['job_failed'] },
		});
		const [post] = await receiver.waitFor(1);
		await sleep(100);
		expect(receiver.posts).toHaveLength(1);
		expect(post.body.event).toBe('job_failed');
		expect(post.headers['x-webhook-secret']).toBe('crawler-secret-456');
		expect(post.headers.authorization).toBeUndefined();
	});

	it("refuses a bad body with the contract's words, and agents of other workspaces", async () => {
		const bad = await create({
			urls: ['not a url'],
			extra: true,
			webhook: { url: 'ftp://x', events: ['nope'] },
		});
		expect(bad.status).toBe(400);
		expect(bad.body.code).toBe('VALIDATION_ERROR');
		expect(bad.body.message).toMatch(/urls\.0: must be a full http\(s\) URL/);
		expect(bad.body.message).toMatch(/unknown field: extra/);
		expect(bad.body.message).toMatch(
			/webhook\.events\.0: must be among page_scraped, job_completed, job_failed/,
		);
		const foreign = await create({
			urls: [site('/help')],
			toAgentIds: [SANDBOX_IDS.euBusinessAgent],
		});
		expect([foreign.status, foreign.body.code]).toEqual([404, 'AGENT_NOT_FOUND']);
		expect(Object.keys(sandbox().state.crawlerJobs)).not.toContain('crawl-job-1');
	});

	it("stops a job's timers when the sandbox is reset", async () => {
		// A step of 1 s, not the suite's 10 ms: on a busy machine the first step could otherwise
		// fire between the create's answer and reset(), and the test would measure the machine.
		sandbox().state.crawler.stepMs = 1000;
		const job = (await create({ urls: [site('/help')], webhook: { url: receiver.url } })).body.data;
		const old = sandbox().state;
		const atReset = old.crawlerJobs[job.id].status;
		const postsAtReset = receiver.posts.length;
		sandbox().reset();
		await sleep(1500);
		expect(atReset).toBe('queued');
		expect(old.crawlerJobs[job.id].status).toBe(atReset);
		expect(receiver.posts).toHaveLength(postsAtReset);
	});
});

describe('GET listings', () => {
	it('lists jobs newest first with page and limit, and refuses a bad limit', async () => {
		await create({ urls: [site('/help')] });
		const first = (await api(sandbox(), 'GET', jobsPath, { key, query: { page: 1, limit: 2 } }))
			.body.data;
		expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
		expect(first.jobs.map((job: any) => job.id)).toEqual([
			'crawl-job-1',
			SANDBOX_IDS.crawlerJobBlog,
		]);
		const second = (await api(sandbox(), 'GET', jobsPath, { key, query: { page: 2, limit: 2 } }))
			.body.data;
		expect(second.jobs.map((job: any) => job.id)).toEqual([SANDBOX_IDS.crawlerJobDocs]);
		expect(second.jobs[0]).toMatchObject({
			status: 'completed',
			done: true,
			primaryUrl: 'https://acme-dental.example/help',
			scrapedPagesNum: 3,
		});
		const badQueries: Array<Record<string, string | number>> = [
			{ limit: 0 },
			{ limit: 101 },
			{ page: 0 },
			{ page: 'x' },
		];
		for (const query of badQueries) {
			expect((await api(sandbox(), 'GET', jobsPath, { key, query })).status).toBe(400);
		}
	});

	it('shows a seeded running job as processing, and 404s jobs and pages of other workspaces', async () => {
		const na = await api(
			sandbox(),
			'GET',
			`/workspaces/${SANDBOX_IDS.naWorkspace}/crawler/jobs/${SANDBOX_IDS.crawlerJobNa}`,
			{ key: SANDBOX_KEYS.naWhiteLabel, region: 'na' },
		);
		expect(na.body.data.status).toBe('processing');
		expect(
			(await api(sandbox(), 'GET', `${jobsPath}/${SANDBOX_IDS.crawlerJobNa}`, { key })).status,
		).toBe(404);
		expect(
			(await api(sandbox(), 'GET', `${jobsPath}/${SANDBOX_IDS.crawlerJobDocs}/pages/nope`, { key }))
				.body.code,
		).toBe('CRAWLER_PAGE_NOT_FOUND');
	});
});

describe('the site under its public name', () => {
	it('a job given https://acme-dental.example/help scrapes the same site, links kept on that host', async () => {
		const job = (
			await create({
				urls: ['https://acme-dental.example/help'],
				crawl: true,
				crawlOptions: { maxPages: 2 },
			})
		).body.data;
		await finished(job.id);
		const pages = (await api(sandbox(), 'GET', `${jobsPath}/${job.id}/pages`, { key })).body.data
			.pages;
		expect(pages.map((page: any) => [page.url, page.title])).toEqual([
			['https://acme-dental.example/help', 'Acme Dental help center'],
			['https://acme-dental.example/help/booking', 'Booking an appointment'],
		]);
	});
});
