/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against a local server with a made-up key, never ships (package.json "files" is dist/ only) */
/**
 * Workspace > Get Usage > Usage Logs under every reading of the first `logsPage` (issue 40,
 * defect 6: no public source says whether it is 0 or 1), through n8n's engine:
 * - against the sandbox, switched by its control route (`POST /__sandbox/readings`): a 0-based
 *   server, a 1-based one that refuses logsPage 0, and a 1-based one that answers 0 as page 1.
 *   Each time every entry of the ledger comes out exactly once, newest first;
 * - against a scripted server: pages that overlap (entries de-duplicated by ID), and a server
 *   whose pages never end (the listing stops at its bound with an error).
 */
import type { INodeParameters } from 'n8n-workflow';
import { type Sandbox } from '../../sandbox';
import { usageIn, usageLogsPage, USAGE_LOGS_PAGE_SIZE } from '../../sandbox/domain/usage';
import { MAX_LOGS_PAGES } from '../../nodes/shared/contracts/usage';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';

const sandbox = useSandbox();

const logsParameters = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'workspace',
	operation: 'getUsage',
	workspaceId: { __rl: true, mode: 'id', value: SANDBOX_IDS.euWorkspace },
	output: 'logs',
	returnAll: true,
	...extra,
});

async function setReading(target: Sandbox, usageLogsFirstPage: string) {
	const response = await fetch(`${target.url}/__sandbox/readings`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ usageLogsFirstPage }),
	});
	expect(response.status).toBe(200);
}

/** Every log entry of the workspace, newest first: what any reading must hand on, once each. */
function everyEntry(target: Sandbox) {
	const records = usageIn(target.state.usage ?? [], undefined).filter(
		(record) => record.workspaceId === SANDBOX_IDS.euWorkspace,
	);
	const pages = Math.ceil(records.length / USAGE_LOGS_PAGE_SIZE);
	return Array.from({ length: pages }, (_, page) => usageLogsPage(records, page, 0)).flat();
}

function sentPages(target: Sandbox) {
	return target
		.requests({ method: 'POST', path: /\/usage$/ })
		.map((request) => [(request.body as { logsPage: number }).logsPage, request.status]);
}

describe('Usage Logs under each reading of the first page (sandbox control route)', () => {
	it.each([
		['zero', 'a 0-based server: logsPage 0 is the first page', 200],
		['one', 'a 1-based server that refuses logsPage 0 (400): skipped', 400],
		['oneAlsoAtZero', 'a 1-based server that answers logsPage 0 as page 1', 200],
	])('%s (%s): every entry exactly once, newest first', async (reading, _, pageZeroStatus) => {
		await setReading(sandbox.current, reading);
		const expected = everyEntry(sandbox.current);
		expect(expected.length).toBeGreaterThan(2 * USAGE_LOGS_PAGE_SIZE);

		const items = (
			await runConvocore(logsParameters(), { credential: sandboxCredential(sandbox.current) })
		).items();

		expect(items.map((item) => item.json)).toEqual(expected);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(expected.length);
		const sent = sentPages(sandbox.current);
		expect(sent[0]).toEqual([0, pageZeroStatus]);
		// Bounded: at most one page past the last one that holds entries, and one repeat of page 1 at 0.
		expect(sent.length).toBeLessThanOrEqual(Math.ceil(expected.length / USAGE_LOGS_PAGE_SIZE) + 2);
		expect(sent.slice(1).every(([, status]) => status === 200)).toBe(true);
	});

	it('Limit against a 0-based server: the first page is read, not skipped', async () => {
		await setReading(sandbox.current, 'zero');
		const items = (
			await runConvocore(logsParameters({ returnAll: false, limit: 5 }), {
				credential: sandboxCredential(sandbox.current),
			})
		).items();
		expect(items.map((item) => item.json)).toEqual(everyEntry(sandbox.current).slice(0, 5));
		expect(sentPages(sandbox.current)).toEqual([[0, 200]]);
	});
});

describe('Usage Logs from a scripted server', () => {
	const PATH = '/workspaces/ws-1/usage';
	let server: FaultServer;
	beforeAll(async () => {
		server = await FaultServer.start([{ method: 'POST', path: PATH, success: { logs: [] } }]);
	});
	afterAll(async () => await server.close());
	beforeEach(() => server.reset());

	async function run() {
		const result = await runConvocore(
			{ ...logsParameters(), workspaceId: { __rl: true, mode: 'id', value: 'ws-1' } },
			{
				credential: {
					region: 'custom',
					baseUrl: server.baseUrl,
					secretKey: 'vg_usageLogsPaging_0123456789abcdef',
				},
			},
		);
		const error = result.error('Convocore') as (Error & { description?: string }) | undefined;
		return {
			error,
			items: error ? [] : result.items().map((item) => item.json),
			pages: server.requestsTo('POST', PATH).map((request) => JSON.parse(request.body).logsPage),
		};
	}

	it('pages that overlap (entries arriving while reading, newest first) hand on each entry once, by its ID', async () => {
		server.script(
			'POST',
			PATH,
			{
				kind: 'json',
				body: {
					logs: [
						{ id: 'c', ts: '3' },
						{ id: 'b', ts: 2 },
					],
				},
			},
			// A new entry arrived: b moved to page 1.
			{
				kind: 'json',
				body: {
					logs: [
						{ id: 'b', ts: 2 },
						{ id: 'a', ts: 1 },
					],
				},
			},
			{ kind: 'json', body: { logs: [] } },
		);
		const { items, pages, error } = await run();
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{ id: 'c', ts: 3 },
			{ id: 'b', ts: 2 },
			{ id: 'a', ts: 1 },
		]);
		expect(pages).toEqual([0, 1, 2]);
	});

	it('an empty logsPage 0 (a 1-based server without a page 0) does not end the listing: logsPage 1 is read', async () => {
		server.script(
			'POST',
			PATH,
			{ kind: 'json', body: { logs: [] } },
			{ kind: 'json', body: { logs: [{ id: 'b' }, { id: 'a' }] } },
			{ kind: 'json', body: { logs: [] } },
		);
		const { items, pages } = await run();
		expect(items.map((item) => item.id)).toEqual(['b', 'a']);
		expect(pages).toEqual([0, 1, 2]);
	});

	it('a page that brings nothing new ends the listing', async () => {
		server.script(
			'POST',
			PATH,
			{ kind: 'json', body: { logs: [{ id: 'b' }, { id: 'a' }] } },
			{ kind: 'json', body: { logs: [{ id: 'z' }, { id: 'y' }] } },
			{ kind: 'json', body: { logs: [{ id: 'y' }, { id: 'a' }] } },
		);
		const { items, pages } = await run();
		expect(items.map((item) => item.id)).toEqual(['b', 'a', 'z', 'y']);
		expect(pages).toEqual([0, 1, 2]);
	});

	it(`a server whose pages never end is stopped at ${MAX_LOGS_PAGES} pages with an error`, async () => {
		server.script(
			'POST',
			PATH,
			...Array.from({ length: MAX_LOGS_PAGES + 5 }, (_, page) => ({
				kind: 'json' as const,
				body: { logs: [{ id: `entry-${page}` }] },
			})),
		);
		const { error, pages } = await run();
		expect(error?.message).toBe(
			`The usage logs did not end within ${MAX_LOGS_PAGES} pages (logsPage 0 to ${MAX_LOGS_PAGES - 1})`,
		);
		expect(error?.description).toMatch(/\(1000 collected\)/);
		expect(pages).toHaveLength(MAX_LOGS_PAGES);
	});
});
