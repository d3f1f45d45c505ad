/**
 * Crawler Job > Get, Get Many, Get Pages, Get Page, the Job picker, and Delete across node
 * versions, through n8n's engine against the sandbox over real HTTP.
 */
import type {
	IDataObject,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
} from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import type { CrawlerJob, ScrapedPage } from '../../sandbox/domain/records';
import { nodeTypes, runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { CONVOCORE_NODE_TYPE } from '../harness/engine';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
const workspaceId = SANDBOX_IDS.euWorkspace;
const jobsPath = `/workspaces/${workspaceId}/crawler/jobs`;

async function run(parameters: INodeParameters, typeVersion = 3) {
	return await runConvocore(
		{ resource: 'crawlerJob', workspaceId, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion },
	);
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const itemIndexOf = (error: unknown) =>
	(error as { context?: IDataObject } | undefined)?.context?.itemIndex;

/** Adds `count` finished jobs to the EU workspace, older than the seeded ones. */
function addJobs(count: number): void {
	for (let index = 0; index < count; index++) {
		const job: CrawlerJob = {
			jobId: `bulk-${String(index).padStart(3, '0')}`,
			workspaceId,
			startUrl: `https://example.com/${index}`,
			status: 'completed',
			createdAtUNIX: 1000 + index,
		};
		sandbox.current.state.crawlerJobs[job.jobId] = job;
	}
}

function addPages(jobId: string, count: number): void {
	for (let index = 0; index < count; index++) {
		const page: ScrapedPage = {
			pageId: `${jobId}-bulk-${index}`,
			jobId,
			url: `https://acme-dental.example/p/${index}`,
			title: `Page ${index}`,
		};
		sandbox.current.state.scrapedPages.push(page);
	}
}

const listQueries = (path: string) =>
	sandbox.current.requests({ path }).map((request) => request.query);

describe('Crawler Job > Get', () => {
	it.each([
		[
			'From List',
			{ __rl: true, mode: 'list', value: SANDBOX_IDS.crawlerJobDocs, cachedResultName: 'docs' },
		],
		['By ID', byId(` ${SANDBOX_IDS.crawlerJobDocs} `)],
	])('%s: reads the job with one GET', async (_mode, jobId) => {
		const [item] = (await run({ operation: 'get', jobId })).items();
		expect(
			sandbox.current.requests().map((request) => [request.method, request.path, request.query]),
		).toEqual([['GET', `${jobsPath}/${SANDBOX_IDS.crawlerJobDocs}`, {}]]);
		expect(item.json).toMatchObject({
			id: SANDBOX_IDS.crawlerJobDocs,
			workspaceId,
			status: 'completed',
			done: true,
			primaryUrl: 'https://acme-dental.example/help',
		});
	});

	it('a blank job ID is refused before anything is sent', async () => {
		const error = (await run({ operation: 'get', jobId: byId('  ') })).error('Convocore');
		expect(error?.message).toMatch(/Invalid crawler job: jobId: is required/);
		expect(itemIndexOf(error)).toBe(0);
		expect(sandbox.current.count()).toBe(0);
	});

	it("an unknown job is the API's 404, named", async () => {
		const error = (await run({ operation: 'get', jobId: byId('no-such-job') })).error('Convocore');
		expect(error?.description ?? error?.message).toMatch(/CRAWLER_JOB_NOT_FOUND|not found/);
	});
});

describe('Crawler Job > Get Many', () => {
	it('Return All pages to the end (100 a page) and no further', async () => {
		addJobs(250);
		const items = (await run({ operation: 'getAll', returnAll: true })).items();
		expect(items).toHaveLength(252);
		expect(listQueries(jobsPath)).toEqual([
			{ page: '1', limit: '100' },
			{ page: '2', limit: '100' },
			{ page: '3', limit: '100' },
		]);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(252);
	});

	it('stops when the total is reached, without asking for an empty page', async () => {
		addJobs(198);
		expect((await run({ operation: 'getAll', returnAll: true })).items()).toHaveLength(200);
		expect(listQueries(jobsPath)).toHaveLength(2);
	});

	it('Limit: one page size throughout, and only the pages needed', async () => {
		addJobs(250);
		expect((await run({ operation: 'getAll', returnAll: false, limit: 150 })).items()).toHaveLength(
			150,
		);
		expect(listQueries(jobsPath)).toEqual([
			{ page: '1', limit: '100' },
			{ page: '2', limit: '100' },
		]);
		sandbox.current.reset();
		const few = await run({ operation: 'getAll', returnAll: false, limit: 2 });
		expect(few.items().map((item) => item.json.id)).toEqual([
			SANDBOX_IDS.crawlerJobBlog,
			SANDBOX_IDS.crawlerJobDocs,
		]);
		expect(listQueries(jobsPath)).toEqual([{ page: '1', limit: '2' }]);
	});

	it('a limit of 0 is refused before anything is sent', async () => {
		const error = (await run({ operation: 'getAll', returnAll: false, limit: 0 })).error(
			'Convocore',
		);
		expect(error?.message).toMatch(/limit: must be at least 1/);
		expect(sandbox.current.count()).toBe(0);
	});
});

describe('Crawler Job > Get Pages and Get Page', () => {
	const pagesPath = `${jobsPath}/${SANDBOX_IDS.crawlerJobDocs}/pages`;

	it('Return All lists every page of the job, to the end and no further', async () => {
		addPages(SANDBOX_IDS.crawlerJobDocs, 197);
		const items = (
			await run({ operation: 'getPages', jobId: byId(SANDBOX_IDS.crawlerJobDocs), returnAll: true })
		).items();
		expect(items).toHaveLength(200);
		expect(listQueries(pagesPath)).toEqual([
			{ page: '1', limit: '100' },
			{ page: '2', limit: '100' },
		]);
		expect(Object.keys(items[0].json).sort()).toEqual(
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
	});

	it('Limit below a page asks for that many once', async () => {
		const items = (
			await run({
				operation: 'getPages',
				jobId: byId(SANDBOX_IDS.crawlerJobDocs),
				returnAll: false,
				limit: 2,
			})
		).items();
		expect(items.map((item) => item.json.url)).toEqual([
			'https://acme-dental.example/help',
			'https://acme-dental.example/help/insurance',
		]);
		expect(listQueries(pagesPath)).toEqual([{ page: '1', limit: '2' }]);
	});

	it('Get Page reads one page with its content, path parameters encoded', async () => {
		const pageId = `${SANDBOX_IDS.crawlerJobDocs}-page-2`;
		const [item] = (
			await run({ operation: 'getPage', jobId: byId(SANDBOX_IDS.crawlerJobDocs), pageId })
		).items();
		expect(sandbox.current.requests().map((request) => request.path)).toEqual([
			`${pagesPath}/${pageId}`,
		]);
		expect(item.json).toMatchObject({
			id: pageId,
			url: 'https://acme-dental.example/help/insurance',
			title: 'Page /help/insurance',
			jobId: SANDBOX_IDS.crawlerJobDocs,
		});
		expect(typeof item.json.markdown).toBe('string');
		expect(typeof item.json.html).toBe('string');
		await run({ operation: 'getPage', jobId: byId('a/b'), pageId: 'c d' });
		expect(sandbox.current.requests()[1].path).toBe(`${jobsPath}/a%2Fb/pages/c%20d`);
	});

	it('a blank page ID is refused before anything is sent', async () => {
		const error = (
			await run({ operation: 'getPage', jobId: byId(SANDBOX_IDS.crawlerJobDocs), pageId: ' ' })
		).error('Convocore');
		expect(error?.message).toMatch(/pageId: is required/);
		expect(sandbox.current.count()).toBe(0);
	});
});

describe('Crawler Job > Delete across node versions', () => {
	it.each([1, 2])(
		'version %i keeps the stored text Job ID and runs unchanged',
		async (typeVersion) => {
			const [item] = (
				await run({ operation: 'delete', jobId: SANDBOX_IDS.crawlerJobDocs }, typeVersion)
			).items();
			expect(item.json).toMatchObject({ deleted: true, jobId: SANDBOX_IDS.crawlerJobDocs });
			expect(sandbox.current.requests().map((request) => [request.method, request.path])).toEqual([
				['DELETE', `${jobsPath}/${SANDBOX_IDS.crawlerJobDocs}`],
			]);
		},
	);

	it('a saved workflow that left Operation at its default still deletes (the menu is sorted, the default stays Delete)', async () => {
		const operation = nodeTypes
			.getByNameAndVersion(CONVOCORE_NODE_TYPE)
			.description.properties.find(
				(property) =>
					property.name === 'operation' &&
					property.displayOptions?.show?.resource?.includes('crawlerJob'),
			);
		expect(operation?.default).toBe('delete');
		expect((operation?.options as Array<{ value: string }>).map((option) => option.value)).toEqual([
			'create',
			'delete',
			'get',
			'getAll',
			'getPage',
			'getPages',
		]);
		const [item] = (await run({ jobId: SANDBOX_IDS.crawlerJobDocs }, 1)).items();
		expect(item.json).toMatchObject({ deleted: true, jobId: SANDBOX_IDS.crawlerJobDocs });
	});

	it('version 3 reads the Job picker (From List, By ID)', async () => {
		await run({
			operation: 'delete',
			jobId: { __rl: true, mode: 'list', value: SANDBOX_IDS.crawlerJobDocs },
		});
		await run({ operation: 'delete', jobId: byId(`={{ "${SANDBOX_IDS.crawlerJobBlog}" }}`) });
		expect(sandbox.current.requests().map((request) => request.path)).toEqual([
			`${jobsPath}/${SANDBOX_IDS.crawlerJobDocs}`,
			`${jobsPath}/${SANDBOX_IDS.crawlerJobBlog}`,
		]);
	});

	it('declares a text field for versions 1 and 2 and the picker from version 3, both stored as jobId', () => {
		const description = nodeTypes.getByNameAndVersion(CONVOCORE_NODE_TYPE).description;
		const deleteFields = description.properties.filter(
			(property) =>
				property.name === 'jobId' && property.displayOptions?.show?.operation?.includes('delete'),
		);
		expect(
			deleteFields.map((property) => [property.type, property.displayOptions?.show?.['@version']]),
		).toEqual([
			['string', [1, 2]],
			['resourceLocator', [{ _cnd: { gte: 3 } }]],
		]);
	});
});

describe('pickers', () => {
	const methods = nodeTypes.getByNameAndVersion(CONVOCORE_NODE_TYPE).methods!;

	it("the Job picker lists the workspace's jobs, newest first, and filters", async () => {
		const context = loadOptionsContext(
			sandbox.current,
			{ resource: 'crawlerJob', operation: 'get', workspaceId },
			{ path: 'parameters.jobId', typeVersion: 3 },
		);
		const all = (await methods.listSearch!.searchCrawlerJobs.call(
			context,
		)) as INodeListSearchResult;
		expect(all.results).toEqual([
			{
				name: 'https://acme-dental.example/blog (completed)',
				value: SANDBOX_IDS.crawlerJobBlog,
				url: 'https://acme-dental.example/blog',
			},
			{
				name: 'https://acme-dental.example/help (completed)',
				value: SANDBOX_IDS.crawlerJobDocs,
				url: 'https://acme-dental.example/help',
			},
		]);
		expect(all.paginationToken).toBeUndefined();
		const blog = (await methods.listSearch!.searchCrawlerJobs.call(
			context,
			'BLOG',
		)) as INodeListSearchResult;
		expect(blog.results.map((result) => result.value)).toEqual([SANDBOX_IDS.crawlerJobBlog]);
	});

	it('the Job picker pages through many jobs', async () => {
		addJobs(150);
		const context = loadOptionsContext(
			sandbox.current,
			{ resource: 'crawlerJob', operation: 'get', workspaceId },
			{ path: 'parameters.jobId', typeVersion: 3 },
		);
		const first = (await methods.listSearch!.searchCrawlerJobs.call(
			context,
		)) as INodeListSearchResult;
		expect([first.results.length, first.paginationToken]).toEqual([100, '2']);
		const second = (await methods.listSearch!.searchCrawlerJobs.call(
			context,
			undefined,
			'2',
		)) as INodeListSearchResult;
		expect([second.results.length, second.paginationToken]).toEqual([52, undefined]);
	});

	it('the Job picker asks for the Workspace ID first', async () => {
		const context = loadOptionsContext(
			sandbox.current,
			{ resource: 'crawlerJob', operation: 'get', workspaceId: '' },
			{ path: 'parameters.jobId', typeVersion: 3 },
		);
		await expect(methods.listSearch!.searchCrawlerJobs.call(context)).rejects.toThrow(
			'Choose the workspace first',
		);
		expect(sandbox.current.count()).toBe(0);
	});

	it('the agent list of Create offers every agent by title', async () => {
		const context = loadOptionsContext(
			sandbox.current,
			{ resource: 'crawlerJob', operation: 'create', workspaceId },
			{ path: 'parameters.toAgentIds', typeVersion: 3 },
		);
		const options = (await methods.loadOptions!.getAgents.call(context)) as INodePropertyOptions[];
		expect(options.map((option) => option.value)).toContain(SANDBOX_IDS.ownAccountAgent);
		expect(options.find((option) => option.value === SANDBOX_IDS.ownAccountAgent)?.name).toBe(
			'Ava from Acme Dental',
		);
	});
});
