import { z } from 'zod';
import { campaignMetricSchema } from './campaigns';
import { lazy } from './lazy';

/** Creating and deleting custom metrics (agent-at-work spec section 5). */

export const createCustomMetricRequestSchema = lazy(() => z.object({ metric: campaignMetricSchema }).strict());
export type CreateCustomMetricRequest = z.output<typeof createCustomMetricRequestSchema>;

export const deleteCustomMetricsRequestSchema = lazy(() => z
	.object({ metricIds: z.array(z.string().trim().min(1, 'must not hold an empty ID')).min(1, 'needs at least one metric ID').max(100, 'must hold at most 100 IDs') })
	.strict());
export type DeleteCustomMetricsRequest = z.output<typeof deleteCustomMetricsRequestSchema>;

export const customMetricWriteAnswerSchema = lazy(() => z.object({ success: z.boolean(), message: z.string().optional() }).passthrough());
