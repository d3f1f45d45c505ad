import { createCustomMetricRequestSchema, deleteCustomMetricsRequestSchema } from '../../nodes/shared/contracts/customMetricWrites';
import { findAgent } from '../auth';
import { ApiError, parseOrThrow } from '../errors';
import type { Route, RouteContext } from './types';

/** Creating and deleting custom metrics (agent-at-work spec section 5). */

function createMetric(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { metric } = parseOrThrow(createCustomMetricRequestSchema, ctx.body, 'custom metric');
	const metrics = (ctx.state.metrics[agent.ID] ??= []);
	if (metrics.some((existing) => existing.key === metric.key)) throw new ApiError(409, 'METRIC_EXISTS', `Agent ${agent.ID} already has a metric with key ${metric.key}.`);
	const now = Math.floor(Date.now() / 1000);
	metrics.push({ ...metric, id: `metric-${agent.ID}-${metric.key}`, isSystem: false, createdAtUNIX: now, updatedAtUNIX: now });
	return { status: 201, body: { success: true, message: `Metric ${metric.key} created` } };
}

function deleteMetrics(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { metricIds } = parseOrThrow(deleteCustomMetricsRequestSchema, ctx.body, 'custom metric delete');
	const metrics = ctx.state.metrics[agent.ID] ?? [];
	const missing = metricIds.filter((id) => !metrics.some((metric) => metric.id === id));
	if (missing.length) throw new ApiError(404, 'METRIC_NOT_FOUND', `Metric(s) ${missing.join(', ')} of agent ${agent.ID} were not found; nothing was deleted.`);
	ctx.state.metrics[agent.ID] = metrics.filter((metric) => !metricIds.includes(metric.id));
	return { body: { success: true, message: `${metricIds.length} metric(s) deleted` } };
}

export const customMetricWriteRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/metrics', handler: createMetric },
	{ method: 'POST', pattern: '/agents/:agentId/metrics/delete', handler: deleteMetrics },
];
