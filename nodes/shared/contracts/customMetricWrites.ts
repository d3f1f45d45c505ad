import { z } from 'zod';
import { METRIC_TYPES, campaignMetricSchema } from './campaign';
import { lazy } from './lazy';

/**
 * Creating, changing and deleting custom metrics: the seed's routes (agent-at-work spec section 5,
 * OpenAPI typedAgents-*) and the v3 `custom-metrics` routes of docs.convocore.ai
 * (/api-reference/v3/customMetrics/*).
 */

export const createCustomMetricRequestSchema = lazy(() =>
	z.object({ metric: campaignMetricSchema }).strict(),
);
export type CreateCustomMetricRequest = z.output<typeof createCustomMetricRequestSchema>;

export const deleteCustomMetricsRequestSchema = lazy(() =>
	z
		.object({
			metricIds: z
				.array(z.string().trim().min(1, 'must not hold an empty ID'))
				.min(1, 'needs at least one metric ID')
				.max(100, 'must hold at most 100 IDs'),
		})
		.strict(),
);
export type DeleteCustomMetricsRequest = z.output<typeof deleteCustomMetricsRequestSchema>;

export const customMetricWriteAnswerSchema = lazy(() =>
	z.object({ success: z.boolean(), message: z.string().optional() }).passthrough(),
);

/** A metric record as the node reads it: an id at least; other fields pass as they come. */
const metricRecordSchema = lazy(() => z.object({ id: z.string().min(1) }).passthrough());

/** `POST …/custom-metrics` answers the new metric's id and record (createMetric page). */
export const createCustomMetricAnswerSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			message: z.string().optional(),
			metricId: z.string().min(1).optional(),
			metric: metricRecordSchema.optional(),
		})
		.passthrough(),
);

/** `GET …/custom-metrics/{metricId}` (getMetric page). */
export const customMetricAnswerSchema = lazy(() =>
	z.object({ success: z.boolean().optional(), metric: metricRecordSchema }).passthrough(),
);

/** `PUT …/custom-metrics/{metricId}` answers the metric as it now is (updateMetric page). */
export const updateCustomMetricAnswerSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			message: z.string().optional(),
			metric: metricRecordSchema.optional(),
		})
		.passthrough(),
);

/**
 * What Update changes: description, type, options, only what is given ("partial updates" on the
 * updateMetric page). An enum needs its options; other types take none.
 */
export const updateCustomMetricFieldsSchema = lazy(() =>
	z
		.object({
			// The page's sample body also carries `key` (a rename; "duplicate keys are not allowed"): accepted, the node does not send it.
			key: z
				.string()
				.trim()
				.min(1, 'must not be empty')
				.max(100, 'must be at most 100 characters')
				.optional(),
			description: z
				.string()
				.trim()
				.min(1, 'must not be empty')
				.max(500, 'must be at most 500 characters')
				.optional(),
			type: z
				.enum(METRIC_TYPES, {
					errorMap: () => ({ message: `must be one of ${METRIC_TYPES.join(', ')}` }),
				})
				.optional(),
			options: z
				.array(z.string().trim().min(1, 'must not hold an empty option'))
				.min(1, 'needs at least one option')
				.optional(),
		})
		.strict()
		.superRefine((metric, ctx) => {
			if (
				metric.key === undefined &&
				metric.description === undefined &&
				metric.type === undefined &&
				metric.options === undefined
			) {
				ctx.addIssue({
					code: 'custom',
					message: 'needs at least one field to change (description, type or options)',
				});
			}
			if (metric.type === 'enum' && !metric.options)
				ctx.addIssue({
					code: 'custom',
					path: ['options'],
					message: 'an enum metric needs at least one option',
				});
			if (metric.type !== undefined && metric.type !== 'enum' && metric.options)
				ctx.addIssue({
					code: 'custom',
					path: ['options'],
					message: 'only an enum metric takes options',
				});
		}),
);

export const updateCustomMetricRequestSchema = lazy(() =>
	z.object({ metric: updateCustomMetricFieldsSchema }).strict(),
);
export type UpdateCustomMetricRequest = z.output<typeof updateCustomMetricRequestSchema>;
