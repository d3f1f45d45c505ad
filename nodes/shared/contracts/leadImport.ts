import { z } from 'zod';
import { E164_PATTERN } from './common';
import { lazy } from './lazy';

/** Leads in bulk (agent-at-work spec section 3): import, export, delete many, delete all. */

/** Leads per `POST /leads/bulk` request: the node's default and ceiling of Batch Size. */
export const BULK_LEADS = { defaultBatchSize: 100, maxBatchSize: 1000 } as const;

const optionalText = () =>
	z
		.string({ invalid_type_error: 'must be text' })
		.max(2000, 'must be at most 2000 characters')
		.optional();

export const bulkLeadSchema = lazy(() =>
	z
		.object({
			userName: optionalText(),
			userEmail: z
				.string({ invalid_type_error: 'must be text' })
				.email('must be an email address')
				.optional(),
			userPhone: z
				.string({ invalid_type_error: 'must be text' })
				.regex(
					E164_PATTERN,
					'must be an E.164 number: + then country code and number, e.g. +14155550123',
				)
				.optional(),
			userAddress: optionalText(),
			userCompany: optionalText(),
			userWebsite: z
				.string({ invalid_type_error: 'must be text' })
				.url('must be a full URL, e.g. https://example.com')
				.optional(),
			notes: optionalText(),
			userProfilePic: z.string().url('must be a full URL').optional(),
		})
		.strict()
		.refine(
			(lead) => Boolean(lead.userName || lead.userEmail || lead.userPhone),
			'needs a name, an email or a phone',
		),
);
export type BulkLead = z.output<typeof bulkLeadSchema>;

export const bulkLeadsRequestSchema = lazy(() =>
	z
		.object({
			leads: z
				.array(bulkLeadSchema)
				.min(1, 'needs at least one lead')
				.max(BULK_LEADS.maxBatchSize, `must hold at most ${BULK_LEADS.maxBatchSize} leads`),
		})
		.strict(),
);
export type BulkLeadsRequest = z.output<typeof bulkLeadsRequestSchema>;

/**
 * `POST /agents/{agentId}/leads/bulk`. Published (OpenAPI 1.0.4): `{ success, count? }`, closed,
 * with no lead IDs. Our 0.2 reading also took `data.leadIds` (the IDs in the order sent): where an
 * answer carries them the node hands each item its ID, and it never makes one up otherwise.
 */
export const bulkLeadsAnswerSchema = lazy(() =>
	z
		.object({
			success: z.boolean().optional(),
			count: z.number().optional(),
			data: z
				.object({ leadIds: z.array(z.string()).optional() })
				.passthrough()
				.optional(),
		})
		.passthrough(),
);

export const EXPORT_TIME_RANGES = ['all', 'last30days'] as const;

export const exportLeadsQuerySchema = lazy(() =>
	z.object({ timeRange: z.enum(EXPORT_TIME_RANGES).default('all') }).strict(),
);

export const exportFilteredLeadsRequestSchema = lazy(() =>
	z
		.object({
			groupName: z.string().min(1).optional(),
			searchTerm: z.string().min(1).optional(),
			propertyFilter: z.string().min(1).optional(),
			timeRange: z.enum(EXPORT_TIME_RANGES).optional(),
		})
		.strict(),
);
export type ExportFilteredLeadsRequest = z.output<typeof exportFilteredLeadsRequestSchema>;

export const exportLeadsAnswerSchema = lazy(() =>
	z.object({ leads: z.array(z.record(z.unknown())), total: z.number() }).passthrough(),
);

/** `DELETE /agents/{agentId}/leads?leadIds=`: the IDs comma-separated. */
export const deleteLeadsQuerySchema = lazy(() =>
	z.object({ leadIds: z.string().min(1, 'needs at least one lead ID') }).strict(),
);

export const deleteLeadsAnswerSchema = lazy(() => z.object({ success: z.boolean() }).passthrough());
export const deleteAllLeadsAnswerSchema = lazy(() =>
	z.object({ success: z.boolean(), deletedCount: z.number().optional() }).passthrough(),
);
