/**
 * Agent > Get Usage and Workspace > Get Usage through n8n's engine against the sandbox in
 * published mode (Convocore's answers as published: the agent's `{ creditsConsumed, metrics }`, a
 * nested workspace answer), the usage logs (logsPage) with Return All and Limit in both modes, and
 * both usage routes retried like reads (they are POSTs) under injected 500s.
 */
import type { INodeParameters } from 'n8n-workflow';
import { type Sandbox } from '../../sandbox';
import {
	monthStart,
	publishedUsage,
	usageIn,
	usageLogsPage,
	USAGE_LOGS_PAGE_SIZE,
} from '../../sandbox/domain/usage';
import type { UsageRecord } from '../../sandbox/domain/records';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const published = useSandbox({ mode: 'published' });
const strict = useSandbox();
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

async function run(sandbox: Sandbox, parameters: INodeParameters) {
	return await runConvocore(parameters, { credential: sandboxCredential(sandbox), typeVersion: 4 });
}

function lastMonth(): { start: number; end: number } {
	const now = Date.now();
	return { start: monthStart(now, 1), end: monthStart(now, 0) - 1 };
}
const iso = (ms: number) => new Date(ms).toISOString();

/** The ledger's records of a workspace or an agent over a range: what every answer must follow. */
function ledger(
	sandbox: Sandbox,
	keep: (record: UsageRecord) => boolean,
	range?: { start: number; end: number },
): UsageRecord[] {
	return usageIn(sandbox.state.usage ?? [], range).filter(keep);
}

const workspaceUsage = (extra: INodeParameters = {}) => ({
	resource: 'workspace',
	operation: 'getUsage',
	workspaceId: locator(SANDBOX_IDS.euWorkspace),
	...extra,
});
const inWorkspace = (record: UsageRecord) => record.workspaceId === SANDBOX_IDS.euWorkspace;

describe('published mode: the answers as Convocore publishes them', () => {
	it("Agent > Get Usage keeps creditsConsumed and every nested metric, and fills 0.2.0's credits from creditsConsumed", async () => {
		const { start, end } = lastMonth();
		const items = (
			await run(published.current, {
				resource: 'agent',
				operation: 'getUsage',
				agentId: locator(SANDBOX_IDS.rentalAgent),
				from: iso(start),
				to: iso(end),
			})
		).items();

		const expected = publishedUsage(
			ledger(published.current, (record) => record.agentId === SANDBOX_IDS.rentalAgent, {
				start,
				end,
			}),
		);
		expect(expected.creditsConsumed).toBeGreaterThan(0);
		expect(expected.metrics.calls.minutes).toBeGreaterThan(0);
		expect(items.map((item) => item.json)).toEqual([
			{
				agentId: SANDBOX_IDS.rentalAgent,
				from: iso(start),
				to: iso(end),
				creditsConsumed: expected.creditsConsumed,
				credits: expected.creditsConsumed,
				metrics: expected.metrics,
			},
		]);
	});

	it('Workspace > Get Usage keeps the nested answer: metrics, and each agent with its own', async () => {
		const { start, end } = lastMonth();
		const [item] = (
			await run(published.current, workspaceUsage({ from: iso(start), to: iso(end) }))
		).items();

		const records = ledger(published.current, inWorkspace, { start, end });
		const agentIds = [...new Set(records.map((record) => record.agentId))].sort();
		expect(agentIds.length).toBeGreaterThanOrEqual(3);
		const whole = publishedUsage(records);
		expect(item.json).toEqual({
			workspaceId: SANDBOX_IDS.euWorkspace,
			from: iso(start),
			to: iso(end),
			creditsConsumed: whole.creditsConsumed,
			credits: whole.creditsConsumed,
			range: { start, end },
			metrics: whole.metrics,
			agents: agentIds.map((agentId) => ({
				agentId,
				...publishedUsage(records.filter((record) => record.agentId === agentId)),
			})),
		});
	});
});

describe.each([
	['published', published],
	['strict', strict],
] as const)('Workspace > Get Usage > Usage Logs (%s mode)', (_, holder) => {
	it('Return All: one item per ledger entry, newest first, page by page until a short page', async () => {
		const records = ledger(holder.current, inWorkspace);
		expect(records.length).toBeGreaterThan(2 * USAGE_LOGS_PAGE_SIZE);
		const items = (
			await run(holder.current, workspaceUsage({ output: 'logs', returnAll: true }))
		).items();

		const pages = Math.ceil(records.length / USAGE_LOGS_PAGE_SIZE);
		const expected = Array.from({ length: pages }, (__, page) =>
			usageLogsPage(records, page + 1),
		).flat();
		expect(items.map((item) => item.json)).toEqual(expected);
		expect(items).toHaveLength(records.length);
		const sent = holder.current
			.requests({ method: 'POST', path: /\/usage$/ })
			.map((request) => request.body);
		// logsPage 0 first (published: answered as page 1; strict: refused, 400), then 1, 2, …; a
		// full last page needs one more (empty) page to know the end.
		const requests = records.length % USAGE_LOGS_PAGE_SIZE === 0 ? pages + 2 : pages + 1;
		expect(sent).toEqual(Array.from({ length: requests }, (__, page) => ({ logsPage: page })));
	});

	it('Limit: stops as soon as Limit entries are in, within the range', async () => {
		const { start, end } = lastMonth();
		const items = (
			await run(
				holder.current,
				workspaceUsage({
					output: 'logs',
					returnAll: false,
					limit: 30,
					from: iso(start),
					to: iso(end),
				}),
			)
		).items();

		const records = ledger(holder.current, inWorkspace, { start, end });
		expect(items.map((item) => item.json)).toEqual(
			[...usageLogsPage(records, 1), ...usageLogsPage(records, 2)].slice(0, 30),
		);
		expect(
			items.every((item) => (item.json.ts as number) >= start && (item.json.ts as number) <= end),
		).toBe(true);
		expect(
			holder.current.requests({ method: 'POST', path: /\/usage$/ }).map((request) => request.body),
		).toEqual([
			{ range: { start, end }, logsPage: 0 },
			{ range: { start, end }, logsPage: 1 },
			{ range: { start, end }, logsPage: 2 },
		]);
	});
});

describe('reads sent as POST are retried like reads', () => {
	it('Workspace > Get Usage: two 500s are retried and the third answer is the item', async () => {
		published.current.injectFault({
			method: 'POST',
			path: `/workspaces/${SANDBOX_IDS.euWorkspace}/usage`,
			kind: 'status',
			status: 500,
			times: 2,
		});
		const items = (await run(published.current, workspaceUsage())).items();

		expect(items[0].json.creditsConsumed).toBe(
			publishedUsage(ledger(published.current, inWorkspace)).creditsConsumed,
		);
		expect(
			published.current
				.requests({ method: 'POST', path: /\/usage$/ })
				.map((request) => request.status),
		).toEqual([500, 500, 200]);
	});

	it('Workspace > Get Usage > Usage Logs: a dropped connection is tried again, and no entry comes twice', async () => {
		published.current.injectFault({
			method: 'POST',
			path: `/workspaces/${SANDBOX_IDS.euWorkspace}/usage`,
			kind: 'drop',
			times: 1,
		});
		const items = (
			await run(published.current, workspaceUsage({ output: 'logs', returnAll: false, limit: 10 }))
		).items();

		expect(items.map((item) => item.json)).toEqual(
			usageLogsPage(ledger(published.current, inWorkspace), 1).slice(0, 10),
		);
		expect(
			published.current
				.requests({ method: 'POST', path: /\/usage$/ })
				.map((request) => request.status),
		).toEqual([0, 200]);
	});

	it('Lead > Export (filtered, a POST too): a 502 is retried and the leads come out once', async () => {
		const path = `/agents/${SANDBOX_IDS.ownAccountAgent}/leads/export-filtered`;
		strict.current.injectFault({ method: 'POST', path, kind: 'status', status: 502, times: 1 });
		const result = await runConvocore(
			{
				resource: 'lead',
				operation: 'export',
				agentId: SANDBOX_IDS.ownAccountAgent,
				filters: { searchTerm: 'a' },
			},
			{ credential: sandboxCredential(strict.current), typeVersion: 4 },
		);

		expect(result.items().length).toBeGreaterThan(0);
		expect(
			strict.current.requests({ method: 'POST', path }).map((request) => request.status),
		).toEqual([502, 200]);
	});

	it('Agent > Get Usage: a 500 that persists fails after five attempts, saying so, never "may have been processed"', async () => {
		published.current.injectFault({
			method: 'POST',
			path: `/agents/${SANDBOX_IDS.rentalAgent}/usage`,
			kind: 'status',
			status: 500,
			times: Infinity,
		});
		const result = await run(published.current, {
			resource: 'agent',
			operation: 'getUsage',
			agentId: locator(SANDBOX_IDS.rentalAgent),
		});

		const error = result.error('Convocore') as (Error & { description?: string }) | undefined;
		expect(error?.message).toBe(
			'Convocore had an internal problem (HTTP 500): The service failed to answer (injected 500). (INTERNAL_ERROR)',
		);
		expect(error?.description).toMatch(
			/It was sent 5 times, with growing pauses, waiting 3\.8 s in all\. Try again later\./,
		);
		expect(error?.description).not.toMatch(
			/may have been processed|check in Convocore before retrying/,
		);
		expect(published.current.requests({ method: 'POST', path: /\/usage$/ })).toHaveLength(5);
	});
});
