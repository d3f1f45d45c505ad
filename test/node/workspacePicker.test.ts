/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: reads N8N_ENGINE_MAJOR (set by npm run test:n8n1) under jest, never ships (package.json "files" is dist/ only) */
/**
 * The Workspace picker of the crawler job operations (node version 4): From List fills from
 * `GET /workspaces` (the workspaces the secret can see), By ID is kept, and the Job picker reads
 * the chosen workspace. Versions 1 to 3 keep the Workspace ID text field (see
 * agentFieldGroups.test.ts for a saved version 3 workflow). Through n8n's engine and n8n-core's
 * real load-options context against the sandbox over real HTTP.
 */
import type { INodeListSearchResult, INodeParameters } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { searchCrawlerJobs } from '../../nodes/Convocore/methods/crawlerJobs';
import { searchWorkspaces } from '../../nodes/Convocore/methods/workspaces';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
const workspaceId = SANDBOX_IDS.euWorkspace;
const crawlerJobOperations = ['create', 'delete', 'get', 'getAll', 'getPage', 'getPages'];

const pickerContext = (parameters: INodeParameters, secretKey?: string) =>
	loadOptionsContext(
		sandbox.current,
		{ resource: 'crawlerJob', operation: 'getAll', ...parameters },
		{
			path: 'parameters.workspaceId',
			typeVersion: 4,
			credential: sandboxCredential(sandbox.current, secretKey),
		},
	);

describe('Workspace picker (node version 4)', () => {
	it('every crawler job operation has the picker from version 4 and the text field up to version 3', () => {
		// The Workspace resource's own picker (a picker in every version: the resource is new) is not the subject here.
		const fields = new Convocore().description.properties.filter(
			(property) =>
				property.name === 'workspaceId' &&
				property.displayOptions?.show?.resource?.includes('crawlerJob'),
		);
		for (const operation of crawlerJobOperations) {
			const forOperation = fields.filter((field) =>
				field.displayOptions?.show?.operation?.includes(operation),
			);
			expect(
				forOperation.map((field) => [
					field.type,
					JSON.stringify(field.displayOptions?.show?.['@version']),
				]),
			).toEqual([
				['string', '[{"_cnd":{"lte":3}}]'],
				['resourceLocator', '[{"_cnd":{"gte":4}}]'],
			]);
			expect(forOperation[1].modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
		}
	});

	it('From List offers the workspaces the secret can see, by name, and searches them', async () => {
		const listed = (await searchWorkspaces.call(pickerContext({}))) as INodeListSearchResult;
		expect(listed.results).toEqual([{ name: 'Acme Dental EU', value: workspaceId }]);
		expect(sandbox.current.requests({ method: 'GET', path: '/workspaces' })).toHaveLength(1);
		expect(
			((await searchWorkspaces.call(pickerContext({}), 'acme')) as INodeListSearchResult).results,
		).toHaveLength(1);
		expect(
			((await searchWorkspaces.call(pickerContext({}), 'white-label')) as INodeListSearchResult)
				.results,
		).toHaveLength(1);
		expect(
			((await searchWorkspaces.call(pickerContext({}), 'nothing like it')) as INodeListSearchResult)
				.results,
		).toEqual([]);
		// Another secret sees its own workspace, not this one.
		const business = (await searchWorkspaces.call(
			pickerContext({}, sandbox.current.keys.euBusiness),
		)) as INodeListSearchResult;
		expect(business.results).toEqual([
			{ name: 'Brightside Business', value: SANDBOX_IDS.euBusinessWorkspace },
		]);
	});

	it.each([
		[
			'From List',
			{ __rl: true, mode: 'list', value: workspaceId, cachedResultName: 'Acme Dental EU' },
		],
		['By ID', { __rl: true, mode: 'id', value: ` ${workspaceId} ` }],
	])("%s lists the workspace's crawler jobs", async (_mode, workspace) => {
		const result = await runConvocore(
			{
				resource: 'crawlerJob',
				operation: 'getAll',
				workspaceId: workspace,
				returnAll: true,
			} as INodeParameters,
			{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
		);
		expect(result.error('Convocore')).toBeUndefined();
		expect(result.items().length).toBeGreaterThan(0);
		expect(
			sandbox.current.requests({ method: 'GET', path: `/workspaces/${workspaceId}/crawler/jobs` }),
		).toHaveLength(1);
	});

	it('an empty picker is refused naming the field, before anything is sent (n8n checks a required picker)', async () => {
		await expect(
			runConvocore(
				{
					resource: 'crawlerJob',
					operation: 'getAll',
					workspaceId: { __rl: true, mode: 'list', value: '' },
					returnAll: true,
				} as INodeParameters,
				{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
			),
			// n8n 1.x refuses the empty required picker in its own pre-run check, with its own words.
		).rejects.toThrow(
			process.env.N8N_ENGINE_MAJOR === '1' ? /The workflow has issues/ : /"Workspace" is required/,
		);
		expect(sandbox.current.count()).toBe(0);
	});

	it('the Job picker lists the jobs of the workspace chosen in the picker', async () => {
		const context = loadOptionsContext(
			sandbox.current,
			{
				resource: 'crawlerJob',
				operation: 'get',
				workspaceId: { __rl: true, mode: 'list', value: workspaceId },
			},
			{ path: 'parameters.jobId', typeVersion: 4 },
		);
		const jobs = (await searchCrawlerJobs.call(context)) as INodeListSearchResult;
		expect(jobs.results.map((job) => job.value)).toContain(SANDBOX_IDS.crawlerJobBlog);
	});
});
