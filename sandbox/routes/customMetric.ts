import {
	listCustomMetricsQuerySchema,
	listCustomMetricsResponseSchema,
} from '../../nodes/shared/contracts/customMetric';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import type { Route, RouteContext } from './types';

/** GET /agents/{agentId}/custom-metrics: pages sorted by id; `total` counts all of the agent's metrics. */
function listCustomMetrics(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const query = parseOrThrow(listCustomMetricsQuerySchema, ctx.query, 'custom metrics query');
	const all = [...(ctx.state.metrics[agent.ID] ?? [])].sort((a, b) =>
		a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
	);
	let start = 0;
	if (query.startAfterId) {
		const index = all.findIndex((metric) => metric.id === query.startAfterId);
		if (index < 0) {
			throw new ApiError(
				400,
				'INVALID_START_AFTER_ID',
				`startAfterId ${query.startAfterId} is not a custom metric of agent ${agent.ID}.`,
			);
		}
		start = index + 1;
	}
	return {
		body: listCustomMetricsResponseSchema.parse({
			success: true,
			metrics: all.slice(start, start + query.limit).map((metric) => ({
				...metric,
				...(metric.options ? { options: [...metric.options] } : {}),
			})),
			total: all.length,
		}),
	};
}

export const customMetricRoutes: Route[] = [
	{ method: 'GET', pattern: '/agents/:agentId/custom-metrics', handler: listCustomMetrics },
];
