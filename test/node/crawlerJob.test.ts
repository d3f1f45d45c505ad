/**
 * Crawler Job > Delete through n8n's engine against the sandbox over real HTTP.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();

async function remove(
	parameters: INodeParameters,
	extra: { input?: INodeExecutionData[]; continueOnFail?: boolean; key?: string } = {},
) {
	return await runConvocore(
		{
			resource: 'crawlerJob',
			operation: 'delete',
			workspaceId: SANDBOX_IDS.euWorkspace,
			jobId: SANDBOX_IDS.crawlerJobDocs,
			...parameters,
		},
		{
			credential: sandboxCredential(sandbox.current, extra.key),
			input: extra.input,
			continueOnFail: extra.continueOnFail,
		},
	);
}

const jobPath = (workspaceId: string, jobId: string) =>
	`/workspaces/${workspaceId}/crawler/jobs/${jobId}`;

function pagesOf(jobId: string) {
	return sandbox.current.state.scrapedPages.filter((page) => page.jobId === jobId);
}

function itemIndexOf(error: unknown): unknown {
	return (error as { context?: IDataObject } | undefined)?.context?.itemIndex;
}

describe('Crawler Job > Delete', () => {
	it('deletes the job and its scraped pages, and says which job it deleted', async () => {
		expect(pagesOf(SANDBOX_IDS.crawlerJobDocs)).toHaveLength(3);
		const result = await remove({});
		const [item] = result.items();

		expect(
			sandbox.current.requests().map((request) => [request.method, request.path, request.body]),
		).toEqual([
			['DELETE', jobPath(SANDBOX_IDS.euWorkspace, SANDBOX_IDS.crawlerJobDocs), undefined],
		]);
		expect(item.json).toEqual({
			deleted: true,
			success: true,
			message: 'Crawler job crawl-job-docs deleted with its 3 scraped pages.',
			workspaceId: SANDBOX_IDS.euWorkspace,
			jobId: SANDBOX_IDS.crawlerJobDocs,
		});
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(sandbox.current.state.crawlerJobs[SANDBOX_IDS.crawlerJobDocs]).toBeUndefined();
		expect(pagesOf(SANDBOX_IDS.crawlerJobDocs)).toHaveLength(0);
		// Nothing else is touched.
		expect(sandbox.current.state.crawlerJobs[SANDBOX_IDS.crawlerJobBlog]).toBeDefined();
		expect(pagesOf(SANDBOX_IDS.crawlerJobBlog)).toHaveLength(2);
	});

	it('a second delete of the same job is a clear "not found" error with its item index', async () => {
		await remove({});
		const again = await remove({});
		const error = again.error('Convocore');

		expect(error?.message).toBe(
			'Crawler job crawl-job-docs was not found in workspace ws-eu-white-label',
		);
		expect(error?.description).toMatch(/may have been deleted already/);
		expect(error?.description).toMatch(/CRAWLER_JOB_NOT_FOUND/);
		expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('404');
		expect(itemIndexOf(error)).toBe(0);
		expect(sandbox.current.count({ method: 'DELETE' })).toBe(2);
	});

	it('with Continue On Fail, the failed delete becomes an error item paired to its input', async () => {
		const result = await remove(
			{ jobId: '={{ $json.job }}' },
			{
				input: [
					{ json: { job: SANDBOX_IDS.crawlerJobDocs } },
					{ json: { job: SANDBOX_IDS.crawlerJobDocs } },
					{ json: { job: SANDBOX_IDS.crawlerJobBlog } },
				],
				continueOnFail: true,
			},
		);
		const items = result.items();

		expect(items).toHaveLength(3);
		expect(items[0].json).toMatchObject({ success: true, jobId: SANDBOX_IDS.crawlerJobDocs });
		expect(items[1].json.error).toBe(
			'Crawler job crawl-job-docs was not found in workspace ws-eu-white-label',
		);
		expect(items[1].json.errorDescription).toMatch(/may have been deleted already/);
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(items[2].json).toMatchObject({ success: true, jobId: SANDBOX_IDS.crawlerJobBlog });
		expect(items[2].pairedItem).toEqual({ item: 2 });
		expect(Object.keys(sandbox.current.state.crawlerJobs).sort()).toEqual([
			SANDBOX_IDS.crawlerJobBusiness,
			SANDBOX_IDS.crawlerJobNa,
		]);
	});

	it('without Continue On Fail, the first failure stops the jobs after it', async () => {
		const result = await remove(
			{ jobId: '={{ $json.job }}' },
			{ input: [{ json: { job: 'no-such-job' } }, { json: { job: SANDBOX_IDS.crawlerJobBlog } }] },
		);
		expect(itemIndexOf(result.error('Convocore'))).toBe(0);
		expect(sandbox.current.state.crawlerJobs[SANDBOX_IDS.crawlerJobBlog]).toBeDefined();
		expect(sandbox.current.count()).toBe(1);
	});

	it('URL-encodes both path parameters', async () => {
		await remove({ workspaceId: SANDBOX_IDS.euWorkspace, jobId: 'job/../x y?' });
		expect(sandbox.current.requests().map((request) => request.path)).toEqual([
			jobPath(SANDBOX_IDS.euWorkspace, 'job%2F..%2Fx%20y%3F'),
		]);
	});

	it('explains the plan gate on a delete and links to billing; nothing is deleted', async () => {
		const result = await remove(
			{ workspaceId: SANDBOX_IDS.euBusinessWorkspace, jobId: SANDBOX_IDS.crawlerJobBusiness },
			{ key: sandbox.current.keys.euBusiness },
		);
		const error = result.error('Convocore');
		expect(error?.message).toMatch(
			/plan does not allow this request \(DELETE \/workspaces\/ws-eu-business\/crawler\/jobs\/crawl-job-business\)/,
		);
		expect(error?.description).toMatch(/White Label plan or higher/);
		expect(error?.description).toMatch(/https:\/\/app\.convocore\.ai\/\S*billing/);
		expect(sandbox.current.state.crawlerJobs[SANDBOX_IDS.crawlerJobBusiness]).toBeDefined();
	});

	it('never repeats a delete after a 5xx that came after processing', async () => {
		sandbox.current.injectFault({
			method: 'DELETE',
			path: '/workspaces',
			kind: 'status',
			status: 502,
			afterProcessing: true,
		});
		const result = await remove({});
		const error = result.error('Convocore');
		expect(sandbox.current.count()).toBe(1);
		expect(error?.description).toMatch(/may have been processed/);
		expect(sandbox.current.state.crawlerJobs[SANDBOX_IDS.crawlerJobDocs]).toBeUndefined();
	});

	describe('validation, before anything is sent', () => {
		const cases: Array<[string, INodeParameters, RegExp]> = [
			['a job ID that resolves to nothing', { jobId: '={{ $json.missing }}' }, /: jobId: /],
			['a blank job ID', { jobId: '  ' }, /: jobId: is required/],
			['a blank workspace ID', { workspaceId: ' ' }, /: workspaceId: is required/],
		];

		it.each(cases)('rejects %s', async (_name, parameters, message) => {
			const result = await remove(parameters);
			const error = result.error('Convocore');
			expect(error?.message).toMatch(message);
			expect(itemIndexOf(error)).toBe(0);
			expect(sandbox.current.count()).toBe(0);
		});
	});
});
