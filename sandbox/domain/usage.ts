import {
	USAGE_TOTAL_FIELDS,
	type UsageRange,
	type UsageTotals,
} from '../../nodes/shared/contracts/usage';
import type { SandboxAgent, SandboxState } from './state';
import type { UsageKind, UsageRecord } from './records';

/**
 * The sandbox's usage ledger: one record per billable thing that happened (a conversation begun,
 * an agent turn over the interact socket, an SMS segment sent, a call started), with its time,
 * agent and workspace. The routes that send SMS, start calls and run turns write to it, the seed
 * holds dated history, and the usage routes total it over a range.
 */

/** Credits per unit, the sandbox's price list (Convocore's real one is not public). */
export const USAGE_CREDITS = { agentTurn: 1, sms: 2, callMinute: 5 } as const;

/** Adds one record to the state's ledger. */
export function recordUsage(
	state: SandboxState,
	kind: UsageKind,
	agent: Pick<SandboxAgent, 'ID' | 'workspaceId'>,
	at: number,
	callSeconds?: number,
): void {
	(state.usage ??= []).push({
		kind,
		at,
		agentId: agent.ID,
		workspaceId: agent.workspaceId,
		...(callSeconds === undefined ? {} : { callSeconds }),
	});
}

/** An SMS segment sent (routes/sms.ts through the server's recordSms). */
export function recordSmsUsage(state: SandboxState, sms: { agentId: string; at: number }): void {
	const agent = state.agents[sms.agentId];
	if (agent) recordUsage(state, 'sms', agent, sms.at);
}

/** A call started (routes/call.ts through the server's recordCall): a conversation and a call. */
export function recordCallUsage(state: SandboxState, call: { agentId: string; at: number }): void {
	const agent = state.agents[call.agentId];
	if (!agent) return;
	recordUsage(state, 'conversation', agent, call.at);
	recordUsage(state, 'call', agent, call.at, state.callDurationMs / 1000);
}

/** The records of a range: from `start` to `end`, both included; an open side is unbounded. */
export function usageIn(records: UsageRecord[], range: UsageRange | undefined): UsageRecord[] {
	return records.filter(
		(record) =>
			(range?.start === undefined || record.at >= range.start) &&
			(range?.end === undefined || record.at <= range.end),
	);
}

/** Totals of records; call minutes are billed per started minute of each call. */
export function usageTotals(records: UsageRecord[]): UsageTotals {
	const totals = Object.fromEntries(USAGE_TOTAL_FIELDS.map((field) => [field, 0])) as UsageTotals;
	for (const record of records) {
		if (record.kind === 'conversation') totals.conversations += 1;
		if (record.kind === 'agentTurn') totals.agentTurns += 1;
		if (record.kind === 'sms') totals.smsSent += 1;
		if (record.kind === 'call') {
			totals.calls += 1;
			totals.callMinutes += Math.ceil((record.callSeconds ?? 0) / 60);
		}
	}
	totals.credits =
		totals.agentTurns * USAGE_CREDITS.agentTurn +
		totals.smsSent * USAGE_CREDITS.sms +
		totals.callMinutes * USAGE_CREDITS.callMinute;
	return totals;
}

/** The credits one record costs, by the price list: a conversation begun costs nothing of itself. */
export function creditsOf(record: UsageRecord): number {
	if (record.kind === 'agentTurn') return USAGE_CREDITS.agentTurn;
	if (record.kind === 'sms') return USAGE_CREDITS.sms;
	if (record.kind === 'call')
		return Math.ceil((record.callSeconds ?? 0) / 60) * USAGE_CREDITS.callMinute;
	return 0;
}

/**
 * The published agent usage answer, `{ creditsConsumed, metrics }`, from records. What Convocore
 * puts in `metrics` is not documented ("any"): the sandbox nests its own ledger's figures there,
 * so that a client that keeps only top-level numbers is caught losing them.
 */
export function publishedUsage(records: UsageRecord[]) {
	const totals = usageTotals(records);
	const creditsOfKind = (kind: UsageKind) =>
		records
			.filter((record) => record.kind === kind)
			.reduce((sum, record) => sum + creditsOf(record), 0);
	return {
		creditsConsumed: totals.credits,
		metrics: {
			conversations: totals.conversations,
			agentTurns: { count: totals.agentTurns, creditsConsumed: creditsOfKind('agentTurn') },
			sms: { sent: totals.smsSent, creditsConsumed: creditsOfKind('sms') },
			calls: {
				count: totals.calls,
				minutes: totals.callMinutes,
				creditsConsumed: creditsOfKind('call'),
			},
		},
	};
}

/** Log entries per `logsPage` (the sandbox's choice: Convocore's page size is not documented). */
export const USAGE_LOGS_PAGE_SIZE = 25;

/**
 * One page of the usage logs of `records`, newest first as a dashboard lists them; a page past the
 * end is empty. `firstPage` is the number of the first page (sandbox/domain/readings.ts: Convocore
 * does not say; the docs page's example asks for logsPage 1); a page below it reads as the first.
 * Each entry has an `id`, the same in every page and range that holds it (the sandbox's own:
 * Convocore does not publish the entries' fields).
 */
export function usageLogsPage(records: UsageRecord[], page: number, firstPage: 0 | 1 = 1) {
	const newestFirst = [...records].sort((a, b) => b.at - a.at);
	const seen = new Map<string, number>();
	const ids = newestFirst.map((record) => {
		const key = `${record.kind}-${record.agentId}-${record.at}`;
		const repeat = seen.get(key) ?? 0;
		seen.set(key, repeat + 1);
		return repeat ? `${key}-${repeat}` : key;
	});
	const from = (Math.max(Math.floor(page), firstPage) - firstPage) * USAGE_LOGS_PAGE_SIZE;
	return newestFirst.slice(from, from + USAGE_LOGS_PAGE_SIZE).map((record, index) => ({
		id: ids[from + index],
		ts: record.at,
		type: record.kind,
		agentId: record.agentId,
		creditsConsumed: creditsOf(record),
		...(record.callSeconds === undefined ? {} : { callSeconds: record.callSeconds }),
	}));
}

/** The first millisecond of the calendar month `monthsBack` months before the one `now` is in (UTC). */
export function monthStart(now: number, monthsBack: number): number {
	const date = new Date(now);
	return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1);
}

/**
 * Dated history for the seed: the two calendar months before `now` (the sandbox's start or
 * reset), so that "last month" always has usage to report. Deterministic for a given month:
 * agent number n (from 1) has n + 1 conversations in each month, each with 3 agent turns, an SMS
 * for every second one and a call of n minutes 30 seconds for every third.
 */
export function seedUsage(agents: SandboxAgent[], now: number): UsageRecord[] {
	const records: UsageRecord[] = [];
	for (const monthsBack of [2, 1]) {
		const start = monthStart(now, monthsBack);
		agents.forEach((agent, index) => {
			const n = index + 1;
			for (let convo = 0; convo < n + 1; convo++) {
				// Days 2, 4, 6 … of the month at 10:00 UTC: never on a month's edge.
				const at = start + (2 + convo * 2) * 86_400_000 + 10 * 3_600_000;
				const base = { agentId: agent.ID, workspaceId: agent.workspaceId };
				records.push({ kind: 'conversation', at, ...base });
				for (let turn = 0; turn < 3; turn++)
					records.push({ kind: 'agentTurn', at: at + turn * 60_000, ...base });
				if (convo % 2 === 0) records.push({ kind: 'sms', at: at + 300_000, ...base });
				if (convo % 3 === 0)
					records.push({ kind: 'call', at: at + 600_000, callSeconds: n * 60 + 30, ...base });
			}
		});
	}
	return records.sort((a, b) => a.at - b.at);
}
