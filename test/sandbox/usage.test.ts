import { publishedUsage, usageLogsPage, usageTotals } from '../../sandbox/domain/usage';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

/**
 * The usage routes over real HTTP in both modes: what each accepts (the documented body, with
 * `uiTimeRange` and `logsPage`), what each refuses, and the answers' shapes, all from the ledger.
 */

const agentPath = `/agents/${SANDBOX_IDS.rentalAgent}/usage`;
const workspacePath = `/workspaces/${SANDBOX_IDS.euWorkspace}/usage`;

describe("strict mode: 0.2.0's reading, refused loudly where it strays", () => {
	const sandbox = useSandbox();
	const post = (path: string, body: unknown) =>
		api(sandbox(), 'POST', path, { key: sandbox().keys.euWhiteLabel, body });

	it('answers { success, message, data: { totals } } for an agent', async () => {
		const answer = await post(agentPath, {});
		const records = (sandbox().state.usage ?? []).filter(
			(record) => record.agentId === SANDBOX_IDS.rentalAgent,
		);
		expect(answer.status).toBe(200);
		expect(answer.body.data).toEqual({
			agentId: SANDBOX_IDS.rentalAgent,
			range: null,
			totals: usageTotals(records),
		});
	});

	it('accepts the documented uiTimeRange and logsPage, and adds that page of logs', async () => {
		const answer = await post(workspacePath, { uiTimeRange: 'last30Days', logsPage: 2 });
		const records = (sandbox().state.usage ?? []).filter(
			(record) => record.workspaceId === SANDBOX_IDS.euWorkspace,
		);
		expect(answer.status).toBe(200);
		expect(answer.body.data.logsPage).toBe(2);
		expect(answer.body.data.logs).toEqual(usageLogsPage(records, 2));
		expect(answer.body.data.logs.length).toBeGreaterThan(0);
	});

	it.each([
		['a logsPage below 1', { logsPage: 0 }, 'logsPage'],
		['a workspace range without its end', { range: { start: 1 } }, 'range.end'],
		['an unknown key', { logPage: 1 }, 'logPage'],
	])('refuses %s with 400 naming it', async (_, body, named) => {
		const answer = await post(workspacePath, body);
		expect(answer.status).toBe(400);
		expect(JSON.stringify(answer.body)).toContain(named);
	});
});

describe('published mode: the published shapes', () => {
	const sandbox = useSandbox({ mode: 'published' });
	const post = (path: string, body: unknown) =>
		api(sandbox(), 'POST', path, { key: sandbox().keys.euWhiteLabel, body });

	it('answers exactly { creditsConsumed, metrics } for an agent, and drops an unknown key', async () => {
		const answer = await post(agentPath, {
			range: { start: 0, end: Date.now() + 3_600_000, unit: 'ms' },
			extra: true,
		});
		const records = (sandbox().state.usage ?? []).filter(
			(record) => record.agentId === SANDBOX_IDS.rentalAgent,
		);
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body)).toEqual(['creditsConsumed', 'metrics']);
		expect(answer.body).toEqual(publishedUsage(records));
	});

	it('reads a logsPage below 1 as page 1, as the OpenAPI sets it no bounds', async () => {
		const answer = await post(workspacePath, { logsPage: 0 });
		const records = (sandbox().state.usage ?? []).filter(
			(record) => record.workspaceId === SANDBOX_IDS.euWorkspace,
		);
		expect(answer.status).toBe(200);
		expect(answer.body.logs).toEqual(usageLogsPage(records, 1));
		expect(answer.body.metrics).toEqual(publishedUsage(records).metrics);
	});

	it('refuses a workspace range without its end as the published server does', async () => {
		const answer = await post(workspacePath, { range: { start: 1 } });
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual(
			expect.objectContaining({ message: 'Input validation failed', code: 'BAD_REQUEST' }),
		);
	});
});
