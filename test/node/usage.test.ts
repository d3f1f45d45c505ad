/**
 * Agent > Get Usage and Workspace > Get Usage through n8n's engine against the sandbox over real
 * HTTP: From and To sent as milliseconds since the epoch, checked before sending, and totals that
 * follow what really happened in the sandbox (its ledger: seeded history and live activity).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { toEpochMs } from '../../nodes/Convocore/helpers/usageRange';
import { monthStart, usageIn, usageTotals } from '../../sandbox/domain/usage';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import {
	directSmsParameters,
	runConvocore,
	sandboxCredential,
	useSandbox,
} from '../harness/convocore';
import { eventually } from '../harness/crawlerReceiver';
import { sendMessages } from '../harness/interact';

const sandbox = useSandbox();
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

async function run(
	parameters: INodeParameters,
	extra: { continueOnFail?: boolean; key?: string } = {},
) {
	return await runConvocore(parameters, {
		credential: sandboxCredential(sandbox.current, extra.key),
		continueOnFail: extra.continueOnFail,
		typeVersion: 4,
	});
}

const agentUsage = (agentId: string, range: INodeParameters = {}) =>
	run({ resource: 'agent', operation: 'getUsage', agentId: locator(agentId), ...range });
const usageRequests = () => sandbox.current.requests({ method: 'POST', path: /\/usage$/ });

/** Last calendar month (UTC), as the example computes it: its first and its last millisecond. */
function lastMonth(): { start: number; end: number } {
	const now = Date.now();
	return { start: monthStart(now, 1), end: monthStart(now, 0) - 1 };
}

/** What the sandbox's ledger holds for an agent over a range: the totals the node must output. */
function ledgerTotals(
	filter: (agentId: string, workspaceId: string) => boolean,
	range?: { start?: number; end?: number },
) {
	return usageTotals(
		usageIn(sandbox.current.state.usage ?? [], range).filter((record) =>
			filter(record.agentId, record.workspaceId),
		),
	);
}

describe('Agent > Get Usage', () => {
	it("sends From and To as milliseconds since the epoch and outputs creditsConsumed and the agent's flat totals (0.2.0's reading, strict mode)", async () => {
		const { start, end } = lastMonth();
		const items = (
			await agentUsage(SANDBOX_IDS.rentalAgent, {
				from: new Date(start).toISOString(),
				to: new Date(end).toISOString(),
			})
		).items();

		expect(usageRequests().map((request) => [request.path, request.body])).toEqual([
			[`/agents/${SANDBOX_IDS.rentalAgent}/usage`, { range: { start, end } }],
		]);
		const expected = ledgerTotals((agentId) => agentId === SANDBOX_IDS.rentalAgent, { start, end });
		expect(expected.conversations).toBeGreaterThan(0);
		expect(items.map((item) => item.json)).toEqual([
			{
				agentId: SANDBOX_IDS.rentalAgent,
				from: new Date(start).toISOString(),
				to: new Date(end).toISOString(),
				creditsConsumed: expected.credits,
				...expected,
				range: { start, end },
			},
		]);
		// 0.2.0's fields keep their names and order; creditsConsumed (the published name) comes first.
		expect(Object.keys(items[0].json)).toEqual([
			'agentId',
			'from',
			'to',
			'creditsConsumed',
			'conversations',
			'agentTurns',
			'smsSent',
			'calls',
			'callMinutes',
			'credits',
			'range',
		]);
	});

	it('by default (From and To empty) sends no range and outputs everything recorded', async () => {
		const items = (await agentUsage(SANDBOX_IDS.ownAccountAgent)).items();

		// No range: the body is empty (n8n sends none), Convocore's own default period applies.
		expect(usageRequests().map((request) => request.body ?? {})).toEqual([{}]);
		const all = ledgerTotals((agentId) => agentId === SANDBOX_IDS.ownAccountAgent);
		expect(items[0].json).toEqual({
			agentId: SANDBOX_IDS.ownAccountAgent,
			from: null,
			to: null,
			creditsConsumed: all.credits,
			...all,
			range: null,
		});
		expect(items[0].json.conversations).toBeGreaterThan(
			ledgerTotals((agentId) => agentId === SANDBOX_IDS.ownAccountAgent, lastMonth()).conversations,
		);
	});

	it('follows live activity: an SMS sent now counts in a range holding now, and not in last month', async () => {
		const before = (
			await agentUsage(SANDBOX_IDS.ownAccountAgent, {
				from: '={{ $now.minus({ hours: 1 }).toISO() }}',
				to: '={{ $now.plus({ hours: 1 }).toISO() }}',
			})
		).items()[0].json;
		(await run(directSmsParameters('Your appointment is confirmed.'))).items();
		const after = (
			await agentUsage(SANDBOX_IDS.ownAccountAgent, {
				from: '={{ $now.minus({ hours: 1 }) }}',
				to: '={{ $now.plus({ hours: 1 }) }}',
			})
		).items()[0].json;
		const { start, end } = lastMonth();
		const previous = (
			await agentUsage(SANDBOX_IDS.ownAccountAgent, {
				from: new Date(start).toISOString(),
				to: new Date(end).toISOString(),
			})
		).items()[0].json;

		expect([before.smsSent, before.conversations]).toEqual([0, 0]);
		expect([after.smsSent, after.conversations, after.credits]).toEqual([1, 0, 2]); // the recipient's conversation is seeded: not a new one
		expect(previous).toEqual(
			expect.objectContaining(
				ledgerTotals((agentId) => agentId === SANDBOX_IDS.ownAccountAgent, { start, end }),
			),
		);
		expect(previous.smsSent).toBe(
			ledgerTotals((agentId) => agentId === SANDBOX_IDS.ownAccountAgent, { start, end }).smsSent,
		);
	});

	it('counts a call started now as a conversation and a call, billed per started minute', async () => {
		sandbox.current.state.callDurationMs = 61_000;
		(
			await run({
				resource: 'call',
				operation: 'start',
				agentId: SANDBOX_IDS.ownAccountAgent,
				to: '+4917699990000',
			})
		).items();
		const [usage] = (
			await agentUsage(SANDBOX_IDS.ownAccountAgent, {
				from: '={{ $now.minus({ hours: 1 }) }}',
				to: '={{ $now.plus({ hours: 1 }) }}',
			})
		).items();

		expect(usage.json).toEqual(
			expect.objectContaining({
				conversations: 1,
				calls: 1,
				callMinutes: 2,
				smsSent: 0,
				credits: 10,
			}),
		);
	});

	it('counts Send Message turns: the first of a conversation begins it, each is an agent turn', async () => {
		const turns = [
			{ message: 'When are you open?', conversationId: 'usage@example.com' },
			{ message: 'How much does a cleaning cost?', conversationId: 'usage@example.com' },
		];
		(await sendMessages(sandbox.current, turns, {}, {})).items();
		await eventually(() => sandbox.current.interact.open === 0, 5000, 'the sockets to be closed');
		const [usage] = (
			await agentUsage(SANDBOX_IDS.rentalAgent, {
				from: '={{ $now.minus({ hours: 1 }) }}',
				to: '={{ $now.plus({ hours: 1 }) }}',
			})
		).items();

		expect(usage.json).toEqual(
			expect.objectContaining({
				conversations: 1,
				agentTurns: 2,
				smsSent: 0,
				calls: 0,
				credits: 2,
			}),
		);
	});

	it('counts both ends of the range: a record at exactly From or To is in', async () => {
		const agent = sandbox.current.state.agents[SANDBOX_IDS.noSmsAgent];
		sandbox.current.state.usage = [
			{ kind: 'sms', at: Date.UTC(2026, 9, 1), agentId: agent.ID, workspaceId: agent.workspaceId },
			{
				kind: 'sms',
				at: Date.UTC(2026, 9, 31, 23, 59, 59, 999),
				agentId: agent.ID,
				workspaceId: agent.workspaceId,
			},
			{ kind: 'sms', at: Date.UTC(2026, 10, 1), agentId: agent.ID, workspaceId: agent.workspaceId },
		];
		const [usage] = (
			await agentUsage(SANDBOX_IDS.noSmsAgent, {
				from: '2026-10-01T00:00:00.000Z',
				to: '2026-10-31T23:59:59.999Z',
			})
		).items();

		expect(usage.json).toEqual(expect.objectContaining({ smsSent: 2, credits: 4 }));
		expect(usageRequests()[0].body).toEqual({
			range: { start: Date.UTC(2026, 9, 1), end: Date.UTC(2026, 9, 31, 23, 59, 59, 999) },
		});
	});

	it.each([
		[
			'To before From',
			{ from: '2026-10-31T00:00:00Z', to: '2026-10-01T00:00:00Z' },
			'to: must be after From (From is 2026-10-31T00:00:00.000Z, To is 2026-10-01T00:00:00.000Z)',
		],
		[
			'To equal to From',
			{ from: '2026-10-01T00:00:00Z', to: '2026-10-01T00:00:00Z' },
			'to: must be after From (From is 2026-10-01T00:00:00.000Z, To is 2026-10-01T00:00:00.000Z)',
		],
		[
			'From only',
			{ from: '2026-10-01T00:00:00Z' },
			'to: is required when From is given (give both or neither)',
		],
		[
			'To only',
			{ to: '2026-10-01T00:00:00Z' },
			'from: is required when To is given (give both or neither)',
		],
		[
			'a From that is no date',
			{ from: 'last month', to: '2026-10-01T00:00:00Z' },
			'from: must be a date-time (e.g. 2026-10-01T00:00:00 or {{ $now.startOf("month") }}), got "last month"',
		],
		[
			'a To that is no day of the calendar',
			{ from: '2026-10-01T00:00:00Z', to: '2026-02-30T00:00:00' },
			'to: must be a date-time (e.g. 2026-10-01T00:00:00 or {{ $now.startOf("month") }}), got "2026-02-30T00:00:00"',
		],
	])('refuses %s in the item, before anything is sent', async (_, given, problem) => {
		const range = given as { from?: string; to?: string };
		const input = [{ json: {} }, { json: {} }];
		const result = await runConvocore(
			{
				resource: 'agent',
				operation: 'getUsage',
				agentId: locator(SANDBOX_IDS.ownAccountAgent),
				from:
					'={{ $itemIndex === 0 ? "2026-09-01T00:00:00Z" : ' +
					JSON.stringify(range.from ?? '') +
					' }}',
				to:
					'={{ $itemIndex === 0 ? "2026-09-30T00:00:00Z" : ' +
					JSON.stringify(range.to ?? '') +
					' }}',
			},
			{ credential: sandboxCredential(sandbox.current), input, typeVersion: 4 },
		);

		expect(result.error('Convocore')?.message).toBe(`Invalid usage period in item 1: ${problem}`);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Workspace > Get Usage', () => {
	it("outputs one item with the workspace's totals over the range, and its nested per-agent totals", async () => {
		const { start, end } = lastMonth();
		const items = (
			await run({
				resource: 'workspace',
				operation: 'getUsage',
				workspaceId: locator(SANDBOX_IDS.euWorkspace),
				from: new Date(start).toISOString(),
				to: new Date(end).toISOString(),
			})
		).items();

		expect(usageRequests().map((request) => [request.path, request.body])).toEqual([
			[`/workspaces/${SANDBOX_IDS.euWorkspace}/usage`, { range: { start, end } }],
		]);
		const expected = ledgerTotals((_, workspaceId) => workspaceId === SANDBOX_IDS.euWorkspace, {
			start,
			end,
		});
		const agentIds = [
			SANDBOX_IDS.noSmsAgent,
			SANDBOX_IDS.ownAccountAgent,
			SANDBOX_IDS.rentalAgent,
		].sort();
		const agents = agentIds.map((id) => ({
			agentId: id,
			totals: ledgerTotals((agentId) => agentId === id, { start, end }),
		}));
		expect(items.map((item) => item.json)).toEqual([
			{
				workspaceId: SANDBOX_IDS.euWorkspace,
				from: new Date(start).toISOString(),
				to: new Date(end).toISOString(),
				creditsConsumed: expected.credits,
				...expected,
				range: { start, end },
				agents,
			},
		]);
		expect(expected.credits).toBe(agents.reduce((sum, agent) => sum + agent.totals.credits, 0));
	});

	it('refuses an empty workspace before anything is sent', async () => {
		const result = await run({
			resource: 'workspace',
			operation: 'getUsage',
			workspaceId: locator(' '),
		});

		expect(result.error('Convocore')?.message).toBe('Invalid workspace: workspaceId: is required');
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('toEpochMs (a unit of the From and To reading)', () => {
	it('reads a date-time without an offset in the given time zone, summer and winter', () => {
		expect(toEpochMs('2026-07-01T00:00:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 5, 30, 22));
		expect(toEpochMs('2026-12-01T00:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 10, 30, 23));
		expect(toEpochMs('2026-10-01', 'America/New_York')).toBe(Date.UTC(2026, 9, 1, 4));
		expect(toEpochMs('2026-10-01T00:00:00.5', 'UTC')).toBe(Date.UTC(2026, 9, 1, 0, 0, 0, 500));
	});

	it('keeps an offset that is given, and takes epoch milliseconds, Dates and luxon-like objects', () => {
		expect(toEpochMs('2026-10-01T00:00:00.000+02:00', 'America/New_York')).toBe(
			Date.UTC(2026, 8, 30, 22),
		);
		expect(toEpochMs(1_790_000_000_000, 'UTC')).toBe(1_790_000_000_000);
		expect(toEpochMs(new Date(5), 'UTC')).toBe(5);
		expect(toEpochMs({ toMillis: () => 7 } as IDataObject, 'UTC')).toBe(7);
		expect(toEpochMs('October', 'UTC')).toBeUndefined();
		expect(toEpochMs('2026-13-01', 'UTC')).toBeUndefined();
	});
});
