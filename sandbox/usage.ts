import { USAGE_TOTAL_FIELDS, type UsageRange, type UsageTotals } from '../nodes/shared/contracts/usage';
import type { SandboxAgent, SandboxState } from './state';

/**
 * The sandbox's usage ledger: one record per billable thing that happened (a conversation begun,
 * an agent turn over the interact socket, an SMS segment sent, a call started), with its time,
 * agent and workspace. The routes that send SMS, start calls and run turns write to it, the seed
 * holds dated history, and the usage routes total it over a range.
 */

export type UsageKind = 'conversation' | 'agentTurn' | 'sms' | 'call';

export interface UsageRecord {
	kind: UsageKind;
	/** Milliseconds since the Unix epoch. */
	at: number;
	agentId: string;
	workspaceId: string;
	/** Calls: how long the call lasts. */
	callSeconds?: number;
}

/** Credits per unit, the sandbox's price list (Convocore's real one is not public). */
export const USAGE_CREDITS = { agentTurn: 1, sms: 2, callMinute: 5 } as const;

/** Adds one record to the state's ledger. */
export function recordUsage(state: SandboxState, kind: UsageKind, agent: Pick<SandboxAgent, 'ID' | 'workspaceId'>, at: number, callSeconds?: number): void {
	(state.usage ??= []).push({ kind, at, agentId: agent.ID, workspaceId: agent.workspaceId, ...(callSeconds === undefined ? {} : { callSeconds }) });
}

/** An SMS segment sent (routes/sms.ts through the server's recordSms). */
export function recordSmsUsage(state: SandboxState, sms: { agentId: string; at: number }): void {
	const agent = state.agents[sms.agentId];
	if (agent) recordUsage(state, 'sms', agent, sms.at);
}

/** A call started (routes/calls.ts through the server's recordCall): a conversation and a call. */
export function recordCallUsage(state: SandboxState, call: { agentId: string; at: number }): void {
	const agent = state.agents[call.agentId];
	if (!agent) return;
	recordUsage(state, 'conversation', agent, call.at);
	recordUsage(state, 'call', agent, call.at, state.callDurationMs / 1000);
}

/** The records of a range: from `start` to `end`, both included; an open side is unbounded. */
export function usageIn(records: UsageRecord[], range: UsageRange | undefined): UsageRecord[] {
	return records.filter((record) => (range?.start === undefined || record.at >= range.start) && (range?.end === undefined || record.at <= range.end));
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
	totals.credits = totals.agentTurns * USAGE_CREDITS.agentTurn + totals.smsSent * USAGE_CREDITS.sms + totals.callMinutes * USAGE_CREDITS.callMinute;
	return totals;
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
				for (let turn = 0; turn < 3; turn++) records.push({ kind: 'agentTurn', at: at + turn * 60_000, ...base });
				if (convo % 2 === 0) records.push({ kind: 'sms', at: at + 300_000, ...base });
				if (convo % 3 === 0) records.push({ kind: 'call', at: at + 600_000, callSeconds: n * 60 + 30, ...base });
			}
		});
	}
	return records.sort((a, b) => a.at - b.at);
}
