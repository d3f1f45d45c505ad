import {
	OTHER_VALUE,
	TOP_CATEGORY_COUNT,
	type MetricData,
} from '../../nodes/shared/contracts/customMetricData';
import type { CustomMetric } from '../../nodes/shared/contracts/customMetric';
import { hexDigest } from './ids';
import type { SandboxConversation, SandboxState } from './state';
import type { MetricValue, MetricValueRecord } from './records';

/**
 * The custom-metric values conversations gave, one record per conversation and metric, so that
 * the data routes (routes/customMetricData.ts) compute their aggregates and time series from
 * what is stored instead of answering fixtures. Timestamps are Unix seconds, as the routes use.
 */

const DAY_MS = 86_400_000;
/** How far back the seeded history reaches. */
export const METRIC_HISTORY_DAYS = 28;

/** Records `convo.metrics` as its values at `atMs` (a call that ends, the seed's finished call); a later value of the same metric replaces the earlier one. */
export function recordConversationMetrics(
	state: SandboxState,
	convo: Pick<SandboxConversation, 'ID' | 'agentId' | 'metrics'>,
	atMs: number,
): void {
	const ledger = (state.metricValues ??= []);
	for (const [key, value] of Object.entries(convo.metrics ?? {})) {
		if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string')
			continue;
		const earlier = ledger.findIndex(
			(record) =>
				record.agentId === convo.agentId && record.convoId === convo.ID && record.key === key,
		);
		if (earlier >= 0) ledger.splice(earlier, 1);
		ledger.push({
			agentId: convo.agentId,
			convoId: convo.ID,
			key,
			value,
			ts: Math.floor(atMs / 1000),
		});
	}
}

/** A deterministic number in [0, 1) for a text: the seed's values look random but never change. */
function unit(text: string): number {
	return parseInt(hexDigest(text, 8), 16) / 0x1_0000_0000;
}

const RESCHEDULE_REASONS = [
	'work meeting',
	'sick child',
	'travel',
	'car trouble',
	'forgot',
	'weather',
	'holiday',
	'exam',
	'moving house',
	'double booked',
	'prefers mornings',
	'insurance question',
	'waiting for referral',
	'too expensive',
];
const APPOINTMENT_TYPES = ['cleaning', 'checkup', 'whitening', 'emergency'];

/** What one past conversation of each seeded agent measured (keys are the seed's metric keys). */
const HISTORY: Record<
	'own' | 'rental',
	{ perDay: number; values: (convoId: string) => Record<string, MetricValue> }
> = {
	rental: {
		perDay: 2,
		values(convoId) {
			const confirmed = unit(`${convoId}:confirmed`) < 0.7;
			return {
				// Ratings lean to the good side, as satisfaction surveys do: 1 to 5.
				customer_satisfaction: 1 + Math.min(4, Math.floor(Math.sqrt(unit(`${convoId}:csat`)) * 5)),
				reminder_confirmed: confirmed,
				sentiment_score: Math.round((unit(`${convoId}:sentiment`) * 2 - 1) * 10) / 10,
				...(confirmed
					? {}
					: {
							reschedule_reason:
								RESCHEDULE_REASONS[
									Math.floor(unit(`${convoId}:reason`) * RESCHEDULE_REASONS.length)
								],
						}),
			};
		},
	},
	own: {
		perDay: 1,
		values(convoId) {
			return {
				resolved: unit(`${convoId}:resolved`) < 0.8,
				appointment_type:
					APPOINTMENT_TYPES[Math.floor(unit(`${convoId}:type`) * APPOINTMENT_TYPES.length)],
				sentiment_score: Math.round((unit(`${convoId}:sentiment`) * 2 - 1) * 10) / 10,
				wait_time_minutes: 5 + Math.floor(unit(`${convoId}:wait`) * 40),
			};
		},
	},
};

/**
 * Metric values of past conversations over the METRIC_HISTORY_DAYS whole days before `now` (the
 * sandbox's start or reset), so that "the last 7 days" always has data. These conversations are
 * history only: the conversation routes do not list them, so the seeded conversations stay as
 * they were. Deterministic for a given day.
 */
export function seedMetricValues(
	now: number,
	agents: Record<'own' | 'rental', string>,
): MetricValueRecord[] {
	const today = Math.floor(now / DAY_MS) * DAY_MS;
	const records: MetricValueRecord[] = [];
	for (const [role, history] of Object.entries(HISTORY) as Array<
		[keyof typeof HISTORY, (typeof HISTORY)[keyof typeof HISTORY]]
	>) {
		const agentId = agents[role];
		for (let daysBack = METRIC_HISTORY_DAYS; daysBack >= 1; daysBack--) {
			for (let slot = 0; slot < history.perDay; slot++) {
				const convoId = `convo-history-${role}-${String(daysBack).padStart(2, '0')}-${slot + 1}`;
				// 09:30 and 15:00 UTC: inside the day whatever the offset of the workflow's time zone, mostly.
				const ts = Math.floor((today - daysBack * DAY_MS + (9.5 + slot * 5.5) * 3_600_000) / 1000);
				for (const [key, value] of Object.entries(history.values(convoId)))
					records.push({ agentId, convoId, key, value, ts });
			}
		}
	}
	return records;
}

export interface MetricDataWindow {
	startTs: number;
	endTs: number;
	includeTimeSeries: boolean;
}

/**
 * One metric's analytics over [startTs, endTs] (seconds, both included): average, sum, min and
 * max of a number metric; counts of the TOP_CATEGORY_COUNT most frequent values of any other
 * type, the rest summed as "other". `metric` is the definition when the agent still has it; a
 * deleted metric's history stays queryable (deleteMetric page) and is numeric when every value is.
 */
export function metricData(
	ledger: MetricValueRecord[],
	agentId: string,
	key: string,
	metric: CustomMetric | undefined,
	window: MetricDataWindow,
): MetricData {
	const points = ledger
		.filter(
			(record) =>
				record.agentId === agentId &&
				record.key === key &&
				record.ts >= window.startTs &&
				record.ts <= window.endTs,
		)
		.sort((a, b) => a.ts - b.ts || (a.convoId < b.convoId ? -1 : a.convoId > b.convoId ? 1 : 0));
	const numeric = metric
		? metric.type === 'number'
		: points.length > 0 && points.every((point) => typeof point.value === 'number');
	const data: MetricData = {
		key,
		type: numeric ? 'numeric' : 'categorical',
		totalDataPoints: points.length,
	};
	if (numeric) {
		// A value stored before the type changed is not converted ("historical data is not automatically converted").
		const values = points
			.map((point) => point.value)
			.filter((value): value is number => typeof value === 'number');
		data.totalDataPoints = values.length;
		if (values.length > 0) {
			const sum = values.reduce((total, value) => total + value, 0);
			Object.assign(data, {
				average: sum / values.length,
				sum,
				min: Math.min(...values),
				max: Math.max(...values),
			});
		}
	} else {
		data.counts = topCounts(points.map((point) => String(point.value)));
	}
	if (window.includeTimeSeries) {
		data.timeSeries = points
			.filter((point) => !numeric || typeof point.value === 'number')
			.map((point) => ({ ts: point.ts, value: point.value, convo_id: point.convoId }));
	}
	return data;
}

function topCounts(values: string[]): Record<string, number> {
	const tally = new Map<string, number>();
	for (const value of values) tally.set(value, (tally.get(value) ?? 0) + 1);
	const ranked = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
	const counts: Record<string, number> = Object.fromEntries(ranked.slice(0, TOP_CATEGORY_COUNT));
	const rest = ranked.slice(TOP_CATEGORY_COUNT).reduce((total, [, count]) => total + count, 0);
	if (rest > 0) counts[OTHER_VALUE] = (counts[OTHER_VALUE] ?? 0) + rest;
	return counts;
}
