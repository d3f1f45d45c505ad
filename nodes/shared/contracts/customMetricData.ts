import { z } from 'zod';
import { lazy } from './lazy';

/**
 * Custom-metric analytics: `GET /agents/{agentId}/custom-metrics/data` (every metric) and
 * `GET /agents/{agentId}/custom-metrics/{metricKey}/data` (one), as the docs.convocore.ai pages
 * getAllMetricsData and getMetricData show them. Timestamps are Unix SECONDS, in the query and in
 * the time series (unlike the usage routes, which take milliseconds).
 */

/** Top values a categorical metric counts on its own; the rest are summed under OTHER_VALUE. */
export const TOP_CATEGORY_COUNT = 10;
export const OTHER_VALUE = 'other';

/** Values from here on cannot be seconds of this era: they are milliseconds sent by mistake (year 5138 in seconds). */
export const MILLISECONDS_FROM = 100_000_000_000;

const seconds = (what: string) =>
	z.coerce
		.number({ invalid_type_error: `must be a number (${what}, Unix seconds)` })
		.int('must be a whole number of seconds')
		.min(0, 'must not be before 1970');

/** The query both data routes take (the sandbox's reading: both bounds required). */
export const metricDataQuerySchema = lazy(() =>
	z
		.object({
			startTs: seconds('start of the period'),
			endTs: seconds('end of the period'),
			includeTimeSeries: z
				.enum(['true', 'false'], { errorMap: () => ({ message: 'must be true or false' }) })
				.optional(),
		})
		.strict()
		.superRefine((query, ctx) => {
			if (query.endTs < query.startTs)
				ctx.addIssue({ code: 'custom', path: ['endTs'], message: 'must not be before startTs' });
		}),
);
export type MetricDataQuery = z.output<typeof metricDataQuerySchema>;

/** One point of a time series: when (seconds), the value the conversation gave, which conversation. */
export const metricPointSchema = lazy(() =>
	z
		.object({
			ts: z.number(),
			value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
			convo_id: z.string().optional(),
		})
		.passthrough(),
);

/**
 * One metric's analytics. `type` is `numeric` (average, sum, min, max) or `categorical` (counts of
 * the top values, the rest as "other"); the time series only when asked for.
 */
export const metricDataSchema = lazy(() =>
	z
		.object({
			key: z.string(),
			type: z.string(),
			totalDataPoints: z.number(),
			average: z.number().nullable().optional(),
			sum: z.number().nullable().optional(),
			min: z.number().nullable().optional(),
			max: z.number().nullable().optional(),
			counts: z.record(z.number()).optional(),
			timeSeries: z.array(metricPointSchema).optional(),
		})
		.passthrough(),
);
export type MetricData = z.output<typeof metricDataSchema>;

export const oneMetricDataAnswerSchema = lazy(() =>
	z.object({ success: z.boolean().optional(), data: metricDataSchema }).passthrough(),
);
export const allMetricsDataAnswerSchema = lazy(() =>
	z.object({ success: z.boolean().optional(), data: z.array(metricDataSchema) }).passthrough(),
);
