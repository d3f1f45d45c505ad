/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up tokens, never ships (package.json "files" is dist/ only) */
/**
 * Crawler Job > Create through n8n's engine against the sandbox over real HTTP: the exact request,
 * refusals before sending, Wait for Completion (completed, failed, cancelled, Maximum Wait at a
 * short setting and at the default, n8n's cancel), a waiting item that does not hold up the
 * others, webhook posts, and secrets never output.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	sleep,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { cancelCrawlerJob } from '../../sandbox/domain/crawlerJob';
import { knowledgeDocumentsOf } from '../../sandbox/domain/knowledgeBase';
import { waitClock } from '../../nodes/Convocore/actions/crawlerJob/wait';
import * as concurrencyModule from '../../nodes/Convocore/helpers/concurrency';
import { FixedLimit, type ConcurrencyLimit } from '../../nodes/Convocore/transport/slotLimit';
import { nodeTypes, runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { eventually, startReceiver, type Receiver } from '../harness/crawlerReceiver';
import {
	CONVOCORE_NODE_TYPE,
	TestCredentialsHelper,
	additionalDataFor,
	newWorkflow,
	node,
	workflowEntity,
} from '../harness/engine';

const sandbox = useSandbox();
const jobsPath = `/workspaces/${SANDBOX_IDS.euWorkspace}/crawler/jobs`;
const site = (path: string) => `${sandbox.current.url}/site${path}`;
let receiver: Receiver;

beforeEach(async () => {
	sandbox.current.state.crawler.stepMs = 20;
	receiver = await startReceiver();
});
afterEach(async () => {
	await receiver.close();
});

function createParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		resource: 'crawlerJob',
		operation: 'create',
		workspaceId: SANDBOX_IDS.euWorkspace,
		urls: site('/help/booking'),
		...overrides,
	};
}

async function create(
	parameters: INodeParameters,
	extra: { input?: INodeExecutionData[]; continueOnFail?: boolean; typeVersion?: number } = {},
) {
	return await runConvocore(createParameters(parameters), {
		credential: sandboxCredential(sandbox.current),
		typeVersion: 3,
		...extra,
	});
}

const itemIndexOf = (error: unknown) =>
	(error as { context?: IDataObject } | undefined)?.context?.itemIndex;
const polls = () =>
	sandbox.current.requests({ method: 'GET', path: /^\/workspaces\/[^/]+\/crawler\/jobs\/[^/]+$/ });

describe('Crawler Job > Create: the request', () => {
	it("sends exactly the fields set, in the API's names, and outputs the queued job without any secret", async () => {
		const result = await create({
			urls: `${site('/help')},\n${site('/blog/whitening')}`,
			crawl: true,
			toAgentIds: [SANDBOX_IDS.ownAccountAgent, SANDBOX_IDS.rentalAgent],
			crawlOptions: {
				maxPages: 3,
				urlMatchers: '/help/, /blog/*',
				unMatchers: '/private/',
				stayOnDomain: true,
			},
			additionalFields: { deep: false, useProxy: true, refreshRate: '12h' },
			webhook: {
				url: receiver.url,
				events: ['page_scraped', 'job_completed'],
				bearerToken: 'crawler-bearer-token-1',
				secret: 'crawler-shared-secret-2',
				headers: { header: [{ name: 'X-Api-Team', value: 'header-value-secret-3' }] },
			},
		});
		const [item] = result.items();
		expect(
			sandbox.current.requests().map((request) => [request.method, request.path, request.body]),
		).toEqual([
			[
				'POST',
				jobsPath,
				{
					urls: [site('/help'), site('/blog/whitening')],
					crawl: true,
					crawlOptions: {
						maxPages: 3,
						urlMatchers: ['/help/', '/blog/*'],
						unMatchers: ['/private/'],
						stayOnDomain: true,
					},
					deep: false,
					useProxy: true,
					refreshRate: '12h',
					toAgentIds: [SANDBOX_IDS.ownAccountAgent, SANDBOX_IDS.rentalAgent],
					webhook: {
						url: receiver.url,
						events: ['page_scraped', 'job_completed'],
						secret: 'crawler-shared-secret-2',
						bearerToken: 'crawler-bearer-token-1',
						headers: { 'X-Api-Team': 'header-value-secret-3' },
					},
				},
			],
		]);
		expect(item.json).toMatchObject({
			id: 'crawl-job-1',
			status: 'queued',
			toAgentIds: [SANDBOX_IDS.ownAccountAgent, SANDBOX_IDS.rentalAgent],
		});
		expect(item.pairedItem).toEqual({ item: 0 });
		const shown = JSON.stringify(result.run);
		for (const secret of [
			'crawler-bearer-token-1',
			'crawler-shared-secret-2',
			'header-value-secret-3',
		])
			expect(shown).not.toContain(secret);
	});

	it('sends the least body for the least input: the URLs and crawl false', async () => {
		await create({});
		expect(sandbox.current.requests()[0].body).toEqual({
			urls: [site('/help/booking')],
			crawl: false,
		});
	});

	it('takes a list of URLs and agent IDs from expressions', async () => {
		await create(
			{ urls: '={{ $json.urls }}', toAgentIds: '={{ $json.agents }}' },
			{ input: [{ json: { urls: [site('/help')], agents: `${SANDBOX_IDS.ownAccountAgent}` } }] },
		);
		expect(sandbox.current.requests()[0].body).toEqual({
			urls: [site('/help')],
			crawl: false,
			toAgentIds: [SANDBOX_IDS.ownAccountAgent],
		});
	});

	it('reads a list from an expression as it reads the text: entries trimmed, blank ones left out (as Knowledge Base > Create does)', async () => {
		await create(
			{ urls: '={{ $json.urls }}' },
			{ input: [{ json: { urls: [` ${site('/help')} `, ''] } }] },
		);
		expect(sandbox.current.requests()[0].body).toEqual({ urls: [site('/help')], crawl: false });
	});

	describe('refuses bad input before anything is sent, naming the field and the item', () => {
		const cases: Array<[string, INodeParameters, RegExp]> = [
			['no URL', { urls: '={{ "" }}' }, /body\.urls: needs at least one URL/],
			[
				'a URL that is not http(s)',
				{ urls: 'ftp://example.com/x' },
				/body\.urls\.0: must be a full http\(s\) URL/,
			],
			['a blank workspace', { workspaceId: ' ' }, /workspaceId: is required/],
			[
				'a webhook URL that is not a URL',
				{ webhook: { url: 'hooks.example.com' } },
				/body\.webhook\.url: must be a full http\(s\) URL/,
			],
			[
				'a webhook without URL',
				{ webhook: { bearerToken: 'crawler-bearer-token-1' } },
				/body\.webhook\.url: is required/,
			],
			[
				'an unknown event',
				{ webhook: { url: 'https://example.com/h', events: '={{ ["job_started"] }}' } },
				/body\.webhook\.events\.0: must be among page_scraped, job_completed, job_failed/,
			],
			[
				'a refresh rate outside the list',
				{ additionalFields: { refreshRate: '={{ "hourly" }}' } },
				/body\.refreshRate: must be one of 6h, 12h, 24h, never/,
			],
			[
				'max pages below 1',
				{ crawl: true, crawlOptions: { maxPages: 0 } },
				/body\.crawlOptions\.maxPages: must be at least 1/,
			],
			[
				'a maximum wait of 0',
				{ options: { waitForCompletion: true, maxWait: 0 } },
				/maxWaitSeconds: must be at least 1/,
			],
		];
		it.each(cases)('%s', async (_what, parameters, message) => {
			const result = await create(
				{ urls: '={{ $json.urls }}', ...parameters },
				{
					input: [{ json: { urls: site('/help') } }, { json: { urls: site('/help') } }].slice(0, 2),
				},
			);
			const error = result.error('Convocore');
			expect(error?.message).toMatch(message);
			expect(itemIndexOf(error)).toBe(0);
			expect(sandbox.current.count()).toBe(0);
			expect(JSON.stringify(error)).not.toContain('crawler-bearer-token-1');
		});

		it('names the second item when only it is bad, and sends nothing for the first either', async () => {
			const result = await create(
				{ urls: '={{ $json.urls }}' },
				{ input: [{ json: { urls: site('/help') } }, { json: { urls: 'not a url' } }] },
			);
			expect(itemIndexOf(result.error('Convocore'))).toBe(1);
			expect(result.error('Convocore')?.description).toMatch(/In item 1\./);
			expect(sandbox.current.count()).toBe(0);
		});
	});
});

/** Create, with the wait's clock moved by its own pauses (no real time); returns the pauses too. */
async function createOnFakeWaitClock(parameters: INodeParameters) {
	let now = 0;
	const pauses: number[] = [];
	waitClock.now = () => now;
	const realSleep = waitClock.sleep;
	waitClock.sleep = async (ms: number) => {
		pauses.push(ms);
		now += ms;
	};
	try {
		return { result: await create(parameters), pauses };
	} finally {
		waitClock.sleep = realSleep;
	}
}

describe('Crawler Job > Create: Wait for Completion', () => {
	afterEach(() => {
		waitClock.now = () => Date.now();
		sandbox.current.state.crawler.holdProcessing = false;
	});

	it("waits until the job is completed and outputs it with its pages; the pages are in the agent's knowledge base and the webhook got every event", async () => {
		const result = await create({
			urls: site('/help'),
			crawl: true,
			crawlOptions: { maxPages: 3 },
			toAgentIds: [SANDBOX_IDS.ownAccountAgent],
			webhook: { url: receiver.url, bearerToken: 'crawler-bearer-token-1' },
			options: { waitForCompletion: true, includePages: true },
		});
		const [item] = result.items();
		expect(item.json).toMatchObject({
			id: 'crawl-job-1',
			status: 'completed',
			done: true,
			scrapedPagesNum: 3,
		});
		const pages = item.json.pages as IDataObject[];
		expect(pages.map((page) => page.url)).toEqual([
			site('/help'),
			site('/help/booking'),
			site('/help/insurance'),
		]);
		expect(
			knowledgeDocumentsOf(sandbox.current.state, SANDBOX_IDS.ownAccountAgent).map(
				(document) => document.url,
			),
		).toEqual(pages.map((page) => page.url));
		// One poll per back-off step (1 s, then 2 s), and pages asked for once, to their end.
		expect(polls().length).toBeGreaterThanOrEqual(1);
		expect(
			sandbox.current
				.requests({ path: `${jobsPath}/crawl-job-1/pages` })
				.map((request) => request.query),
		).toEqual([{ page: '1', limit: '100' }]);
		const posts = await receiver.waitFor(4);
		expect(posts.map((post) => post.body.event)).toEqual([
			'page_scraped',
			'page_scraped',
			'page_scraped',
			'job_completed',
		]);
		expect(
			posts.every((post) => post.headers.authorization === 'Bearer crawler-bearer-token-1'),
		).toBe(true);
		expect(JSON.stringify(result.run)).not.toContain('crawler-bearer-token-1');
	});

	it('a failed job is an error naming the job and what Convocore said; with Continue On Fail an error item', async () => {
		const failed = await create({
			urls: site('/help/broken'),
			options: { waitForCompletion: true },
		});
		const error = failed.error('Convocore');
		expect(error?.message).toBe(
			`Crawler job crawl-job-1 failed: Fetching ${site('/help/broken')} failed with HTTP 500. The crawl stopped at ${site('/help/broken')}.`,
		);
		expect(itemIndexOf(error)).toBe(0);

		const kept = await create(
			{ urls: site('/help/broken'), options: { waitForCompletion: true } },
			{ continueOnFail: true },
		);
		const [item] = kept.items();
		expect(item.json.error).toMatch(/^Crawler job crawl-job-2 failed: /);
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('a job cancelled at Convocore ends the wait with an error naming it', async () => {
		sandbox.current.state.crawler.holdProcessing = true;
		const run = create({ urls: site('/help'), options: { waitForCompletion: true } });
		await eventually(
			() => sandbox.current.state.crawlerJobs['crawl-job-1']?.status === 'processing',
			5000,
		);
		cancelCrawlerJob(sandbox.current.state, 'crawl-job-1');
		const error = (await run).error('Convocore');
		expect(error?.message).toBe('Crawler job crawl-job-1 was cancelled: The job was cancelled.');
	});

	it('Maximum Wait at a short setting: a clear error naming the job and its last status; the last pause is cut to the time left', async () => {
		sandbox.current.state.crawler.holdProcessing = true;
		const { result, pauses } = await createOnFakeWaitClock({
			urls: site('/help'),
			options: { waitForCompletion: true, maxWait: 1.5 },
		});
		const error = result.error('Convocore');
		expect(error?.message).toMatch(
			/^Crawler job crawl-job-1 did not finish within 1\.5 seconds: its last status was "(queued|processing)"$/,
		);
		expect(error?.description).toMatch(/keeps running at Convocore/);
		// Polls at 1 s and at the deadline (1.5 s): the second pause (2 s) is cut to the 500 ms left.
		expect(pauses).toEqual([1000, 500]);
		expect(polls()).toHaveLength(2);
	});

	it('Maximum Wait at its default (600 s) holds, on a fake clock: back-off 1, 2, 4, 8, then 15 s, a poll after each pause', async () => {
		sandbox.current.state.crawler.holdProcessing = true;
		const { result, pauses } = await createOnFakeWaitClock({
			urls: site('/help'),
			options: { waitForCompletion: true },
		});
		expect(result.error('Convocore')?.message).toMatch(
			/^Crawler job crawl-job-1 did not finish within 600 seconds: its last status was "(queued|processing)"$/,
		);
		expect(pauses.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
		expect(pauses.reduce((sum, ms) => sum + ms, 0)).toBe(600_000);
		expect(Math.max(...pauses)).toBe(15000);
		expect(polls()).toHaveLength(pauses.length);
	});

	it('a poll that fails after the job was created says the job exists and keeps running, so that it is not created again', async () => {
		sandbox.current.injectFault({
			method: 'GET',
			path: `${jobsPath}/crawl-job-1`,
			kind: 'status',
			status: 404,
		});
		const result = await create({ urls: site('/help'), options: { waitForCompletion: true } });
		const error = result.error('Convocore') as (Error & { description?: string }) | undefined;
		expect(sandbox.current.count({ method: 'POST' })).toBe(1);
		expect(error?.message).toMatch(
			/^Crawler job crawl-job-1 was created, but waiting for it failed: /,
		);
		expect(error?.description).toMatch(/crawl-job-1 exists and keeps running at Convocore/);
		expect(itemIndexOf(error)).toBe(0);
	});

	it('reading the pages of a finished job fails: the error says the job finished and where its pages are', async () => {
		sandbox.current.injectFault({
			method: 'GET',
			path: `${jobsPath}/crawl-job-1/pages`,
			kind: 'status',
			status: 404,
		});
		const result = await create({
			urls: site('/help'),
			options: { waitForCompletion: true, includePages: true },
		});
		const error = result.error('Convocore') as (Error & { description?: string }) | undefined;
		expect(sandbox.current.count({ method: 'POST' })).toBe(1);
		expect(error?.message).toMatch(
			/^Crawler job crawl-job-1 was created, but reading its pages failed: /,
		);
		expect(error?.description).toMatch(/crawl-job-1 finished \(completed\).*Get Pages/);
	});

	it('a waiting item does not hold up the others, even with one item in flight at a time', async () => {
		// Crawler Job > Create has no Concurrency option (its limit adapts, and would start at 50):
		// the execution's limit is made exactly 1 here, so only freeing the slot lets item 1 go.
		const limits: ConcurrencyLimit[] = [];
		const limitSpy = jest.spyOn(concurrencyModule, 'limitFor').mockImplementation(() => {
			const one = new FixedLimit(1);
			limits.push(one);
			return one;
		});
		sandbox.current.state.crawler.holdProcessing = true;
		const run = create(
			{ urls: '={{ $json.url }}', options: { waitForCompletion: '={{ $json.wait }}' } },
			{
				input: [
					{ json: { url: site('/help'), wait: true } },
					{ json: { url: site('/help/booking'), wait: false } },
				],
			},
		);
		try {
			// The second item is created while the first is still waiting on its held job.
			await eventually(
				() => sandbox.current.count({ method: 'POST' }) === 2,
				5000,
				'the second item to be sent',
			);
		} finally {
			sandbox.current.state.crawler.holdProcessing = false;
			limitSpy.mockRestore();
		}
		expect(limits.map((limit) => limit.current)).toEqual([1]);
		expect(sandbox.current.state.crawlerJobs['crawl-job-1'].status).not.toBe('completed');
		const items = (await run).items();
		expect(items.map((item) => [item.json.id, item.json.status, item.pairedItem])).toEqual([
			['crawl-job-1', 'completed', { item: 0 }],
			['crawl-job-2', 'queued', { item: 1 }],
		]);
	});
});

describe("Crawler Job > Create: n8n's cancel", () => {
	afterEach(() => {
		sandbox.current.state.crawler.holdProcessing = false;
	});

	it('cancelling the execution mid-wait ends the wait promptly; no poll follows', async () => {
		sandbox.current.state.crawler.holdProcessing = true;
		const convocore = node(
			'Convocore',
			CONVOCORE_NODE_TYPE,
			createParameters({ urls: site('/help'), options: { waitForCompletion: true } }),
			{
				credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
				typeVersion: 3,
			},
		);
		const workflow = newWorkflow(
			{ name: 'Cancel', nodes: [convocore], connections: {} },
			nodeTypes,
			{ id: 'cancel' },
		);
		const hooks = new ExecutionLifecycleHooks(
			'manual',
			'cancel-execution',
			workflowEntity(workflow),
		);
		const runData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [
					{ node: workflow.getNode('Convocore')!, data: { main: [[{ json: {} }]] }, source: null },
				],
			},
		});
		const credentials = new TestCredentialsHelper({
			convocoreApi: sandboxCredential(sandbox.current),
		});
		const execution = new WorkflowExecute(
			additionalDataFor(credentials, hooks),
			'manual',
			runData,
		).processRunExecutionData(workflow);
		// After the first poll (at 1 s) the node sleeps 2 s: cancel in the middle of that pause.
		await eventually(() => polls().length === 1, 5000, 'the first poll');
		await sleep(300);
		const cancelledAt = Date.now();
		execution.cancel();
		await execution;
		expect(Date.now() - cancelledAt).toBeLessThan(700);
		await sleep(2500);
		expect(polls()).toHaveLength(1);
	});
});

describe('Crawler Job > Create: webhook secrets in errors', () => {
	const webhook = (url: string) => ({
		url,
		bearerToken: 'crawler-bearer-token-1',
		headers: { header: [{ name: 'X-Receiver-Key', value: 'header-value-secret-3' }] },
	});

	it('an error before sending carries no header value, token or secret, in its message or its node', async () => {
		const result = await create({ webhook: webhook('not-a-url') });
		expect(result.error('Convocore')?.message).toMatch(/webhook\.url/);
		expect(sandbox.current.count()).toBe(0);
		// The results and errors (the workflow itself, as the user saved it, holds the values).
		const shown = JSON.stringify(result.run.data.resultData);
		expect(shown).toContain('X-Receiver-Key');
		expect(shown).not.toContain('header-value-secret-3');
		expect(shown).not.toContain('crawler-bearer-token-1');
	});

	it('an API error carries none either', async () => {
		const result = await create({
			workspaceId: SANDBOX_IDS.euBusinessWorkspace,
			webhook: webhook(receiver.url),
		});
		expect(result.error('Convocore')).toBeDefined();
		expect(sandbox.current.count()).toBe(1);
		const shown = JSON.stringify(result.run.data.resultData);
		expect(shown).not.toContain('header-value-secret-3');
		expect(shown).not.toContain('crawler-bearer-token-1');
	});
});

describe('Crawler Job > Create: webhook header values in the node an error carries', () => {
	it('an invalid Timeout (read outside the operation) leaves no header value in error.node', async () => {
		const result = await create({
			webhook: {
				url: 'https://example.com/hook',
				headers: { header: [{ name: 'X-Signature', value: 'header-value-secret-4' }] },
			},
			options: { timeout: 0 },
		});
		const error = result.error('Convocore') as (Error & { node?: unknown }) | undefined;
		expect(error?.message).toMatch(/options\.timeout/);
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(JSON.stringify(error?.node)).toContain('X-Signature');
		expect(JSON.stringify(error?.node)).not.toContain('header-value-secret-4');
	});
});
