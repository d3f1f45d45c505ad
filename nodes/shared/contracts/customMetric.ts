import { z } from 'zod';
import { lazy } from './lazy';

/** Page size of `GET /agents/{agentId}/custom-metrics` (field notes: public client max 100, default 50). */
export const METRIC_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;

export const customMetricSchema = lazy(() =>
	z.object({
		id: z.string(),
		key: z.string(),
		description: z.string(),
		type: z.enum(['number', 'boolean', 'enum', 'string']),
		isSystem: z.boolean(),
		options: z.array(z.string()).optional(),
		createdAtUNIX: z.number(),
		updatedAtUNIX: z.number(),
	}),
);
export type CustomMetric = z.infer<typeof customMetricSchema>;

export const listCustomMetricsQuerySchema = lazy(() =>
	z
		.object({
			limit: z.coerce
				.number()
				.int('must be a whole number')
				.min(1, `must be between 1 and ${METRIC_PAGE.maxLimit}`)
				.max(METRIC_PAGE.maxLimit, `must be between 1 and ${METRIC_PAGE.maxLimit}`)
				.default(METRIC_PAGE.defaultLimit),
			startAfterId: z.string().min(1).optional(),
		})
		.strict(),
);

/**
 * What the node accepts as one page: what paging needs is checked (a list of metrics with ids,
 * a numeric total if any), so a metric with fields beyond the specification is passed on as it
 * is rather than refused. The sandbox answers with the full schema below.
 */
export const customMetricsPageContract = lazy(() =>
	z
		.object({
			metrics: z.array(z.object({ id: z.string().min(1) }).passthrough()),
			total: z.number().optional(),
		})
		.passthrough(),
);

export const listCustomMetricsResponseSchema = lazy(() =>
	z.object({
		success: z.boolean(),
		metrics: z.array(customMetricSchema),
		total: z.number(),
	}),
);
