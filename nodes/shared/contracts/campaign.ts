import { z } from 'zod';
import { lazy } from './lazy';

/**
 * Outbound campaigns (agent-at-work spec section 3). Bodies exactly as the OpenAPI gives them;
 * a campaign record is read for what the node needs (id, enabled, counters) and passed on whole.
 */

export const CAMPAIGN_PAGE = { maxLimit: 100 } as const;
export const METRIC_TYPES = ['number', 'boolean', 'enum', 'string'] as const;

const requiredText = (what: string) =>
	z
		.string({ required_error: 'is required', invalid_type_error: `must be text (${what})` })
		.trim()
		.min(1, 'is required');

/** A campaign (or custom) metric: typed fields, options only for an enum. */
export const campaignMetricSchema = lazy(() =>
	z
		.object({
			key: requiredText('a metric key').regex(
				/^[A-Za-z][A-Za-z0-9_]*$/,
				'must start with a letter and hold only letters, digits and _',
			),
			description: requiredText('what the metric measures'),
			type: z.enum(METRIC_TYPES, {
				errorMap: () => ({ message: `must be one of ${METRIC_TYPES.join(', ')}` }),
			}),
			options: z.array(requiredText('an option')).optional(),
		})
		.strict()
		.superRefine((metric, ctx) => {
			if (metric.type === 'enum' && !metric.options?.length)
				ctx.addIssue({
					code: 'custom',
					path: ['options'],
					message: 'an enum metric needs at least one option',
				});
			if (metric.type !== 'enum' && metric.options?.length)
				ctx.addIssue({
					code: 'custom',
					path: ['options'],
					message: 'only an enum metric takes options',
				});
		}),
);
export type CampaignMetric = z.output<typeof campaignMetricSchema>;

const count = (what: string) =>
	z
		.number({ required_error: 'is required', invalid_type_error: `must be a number (${what})` })
		.finite('must be a number');

export const createCampaignRequestSchema = lazy(() =>
	z
		.object({
			name: requiredText('the campaign name'),
			leadGroupName: requiredText('a lead group name'),
			delayBetweenEachCall: count('seconds between calls').min(0, 'must be 0 or more'),
			concurrentSlots: count('calls at once')
				.int('must be a whole number')
				.min(1, 'must be at least 1'),
			initialPrompt: z.string().optional(),
			postCallPrompt: z.string().optional(),
			postCallMetrics: z.array(z.string().min(1)).optional(),
			enabled: z.boolean().optional(),
			overrideInitialPrompt: z.boolean().optional(),
			newlyCreatedMetrics: z.array(campaignMetricSchema).optional(),
		})
		.strict(),
);
export type CreateCampaignRequest = z.output<typeof createCampaignRequestSchema>;

/** `campaignData` is untyped (`+any`) in the API: it must name the campaign; the rest passes. */
export const updateCampaignRequestSchema = lazy(() =>
	z
		.object({
			campaignData: z.object({ id: requiredText('a campaign ID') }).passthrough(),
			newlyCreatedMetrics: z.array(campaignMetricSchema).optional(),
		})
		.strict()
		.refine(
			(body) =>
				Object.keys(body.campaignData).length > 1 || Boolean(body.newlyCreatedMetrics?.length),
			'needs at least one field to change or a metric to add',
		),
);
export type UpdateCampaignRequest = z.output<typeof updateCampaignRequestSchema>;

/** `PATCH /agents/{agentId}/campaigns/{campaignId}`: flips the campaign between running and paused. */
export const toggleCampaignRequestSchema = lazy(() =>
	z.object({ ownerId: requiredText("the workspace owner's user ID") }).strict(),
);
export type ToggleCampaignRequest = z.output<typeof toggleCampaignRequestSchema>;

export const restartCampaignRequestSchema = lazy(() =>
	z
		.object({
			workspaceOwnerEmail: requiredText("the workspace owner's email").email(
				'must be an email address',
			),
			resetConversations: z.boolean().optional(),
		})
		.strict(),
);
export type RestartCampaignRequest = z.output<typeof restartCampaignRequestSchema>;

export const campaignIdSchema = lazy(() => requiredText('a campaign ID'));

/** A campaign as the node reads it: an id and whether it runs; everything else is passed on. */
export const campaignSchema = lazy(() =>
	z.object({ id: z.string().min(1), enabled: z.boolean().optional() }).passthrough(),
);
export type Campaign = z.output<typeof campaignSchema>;

/** `GET /agents/{agentId}/campaigns`: its own shape, no envelope. */
export const campaignPageSchema = lazy(() =>
	z
		.object({
			campaigns: z.array(campaignSchema),
			total: z.number(),
			page: z.number().optional(),
			limit: z.number().optional(),
		})
		.passthrough(),
);

export const listCampaignsQuerySchema = lazy(() =>
	z
		.object({
			page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(1),
			limit: z.coerce
				.number()
				.int('must be a whole number')
				.min(1, 'must be 1 or more')
				.max(CAMPAIGN_PAGE.maxLimit, `must be at most ${CAMPAIGN_PAGE.maxLimit}`)
				.default(20),
		})
		.strict(),
);

export const deleteCampaignQuerySchema = lazy(() =>
	z.object({ campaignId: requiredText('a campaign ID') }).strict(),
);

/** Answers the spec leaves undescribed, or describes as `{ success }`: any object, passed on. */
export const campaignAnswerSchema = lazy(() => z.object({}).passthrough());

/** The counters of a campaign record, under the names the node outputs (missing counters are 0). */
export function campaignProgress(record: Record<string, unknown>) {
	const number = (key: string) => (typeof record[key] === 'number' ? (record[key] as number) : 0);
	return {
		contacted: number('contactedLeads'),
		successful: number('successfulCalls'),
		ongoing: number('onGoingCalls'),
		missed: number('missingCalls'),
		total: number('totalLeads'),
	};
}
