import {
	MILLISECONDS_FROM,
	metricDataQuerySchema,
	type MetricDataQuery,
} from '../../nodes/shared/contracts/customMetricData';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { metricData, type MetricDataWindow } from '../domain/customMetricValues';
import { isPublished } from '../server/mode';
import type { Route, RouteContext } from './types';

/**
 * Custom-metric analytics (docs.convocore.ai getAllMetricsData and getMetricData), computed from
 * the values conversations gave (sandbox/domain/customMetricValues.ts) over [startTs, endTs] in Unix seconds.
 */

function windowOf(ctx: RouteContext): MetricDataWindow {
	const query: MetricDataQuery = parseOrThrow(
		metricDataQuerySchema,
		ctx.query,
		'custom metric data query',
	);
	// Strict mode catches the node sending milliseconds; the published server would take them as
	// seconds thousands of years ahead and answer "no data", which the published-mode tests see.
	if (!isPublished()) {
		for (const field of ['startTs', 'endTs'] as const) {
			if (query[field] >= MILLISECONDS_FROM) {
				throw new ApiError(
					400,
					'VALIDATION_ERROR',
					`Invalid custom metric data query: ${field}: ${query[field]} looks like milliseconds; this route takes Unix seconds`,
				);
			}
		}
	}
	return {
		startTs: query.startTs,
		endTs: query.endTs,
		includeTimeSeries: query.includeTimeSeries === 'true',
	};
}

/** GET …/custom-metrics/data: every metric the agent has now, in the list's order (by id). */
function allMetricsData(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const window = windowOf(ctx);
	const metrics = [...(ctx.state.metrics[agent.ID] ?? [])].sort((a, b) =>
		a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
	);
	return {
		body: {
			success: true,
			data: metrics.map((metric) =>
				metricData(ctx.state.metricValues ?? [], agent.ID, metric.key, metric, window),
			),
		},
	};
}

/** GET …/custom-metrics/{metricKey}/data: one metric by key, also one deleted since (its history stays). */
function oneMetricData(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const window = windowOf(ctx);
	const key = ctx.params.metricKey;
	const metric = ctx.state.metrics[agent.ID]?.find((candidate) => candidate.key === key);
	const ledger = ctx.state.metricValues ?? [];
	if (!metric && !ledger.some((record) => record.agentId === agent.ID && record.key === key)) {
		throw new ApiError(
			404,
			'METRIC_NOT_FOUND',
			`Agent ${agent.ID} has no custom metric with key ${key}.`,
		);
	}
	return { body: { success: true, data: metricData(ledger, agent.ID, key, metric, window) } };
}

export const customMetricDataRoutes: Route[] = [
	// Before GET …/custom-metrics/:metricId, which would otherwise read "data" as a metric ID.
	{ method: 'GET', pattern: '/agents/:agentId/custom-metrics/data', handler: allMetricsData },
	{
		method: 'GET',
		pattern: '/agents/:agentId/custom-metrics/:metricKey/data',
		handler: oneMetricData,
	},
];
