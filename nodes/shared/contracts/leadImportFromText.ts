import { z } from 'zod';
import { lazy } from './lazy';

/**
 * `POST /agents/{agentId}/magic-import-leads` (OpenAPI 1.0.4, `leadsRouter-magicImportLeads`):
 * Convocore's AI reads leads out of free text. Body `{ rawText, leadGroupId?, additionalInstructions? }`,
 * answer `{ success, leadsAdded[] }` (items untyped). `leadGroupId` is taken to be a group's name,
 * as everywhere else a group is known by its name (Delete's `groupId` too); no public source says more.
 */

/** The node's own bound on Raw Text (Convocore publishes none): enough for a long e-mail or a pasted list. */
export const MAGIC_IMPORT = { maxRawTextLength: 50_000, maxInstructionsLength: 2_000 } as const;

export const magicImportLeadsRequestSchema = lazy(() =>
	z
		.object({
			rawText: z
				.string({ required_error: 'is required', invalid_type_error: 'must be text' })
				.refine((text) => text.trim() !== '', 'must not be empty')
				.refine(
					(text) => text.length <= MAGIC_IMPORT.maxRawTextLength,
					`must be at most ${MAGIC_IMPORT.maxRawTextLength} characters`,
				),
			leadGroupId: z
				.string({ invalid_type_error: 'must be text (a lead group name)' })
				.trim()
				.min(1, 'must not be empty')
				.max(100, 'must be at most 100 characters')
				.optional(),
			additionalInstructions: z
				.string({ invalid_type_error: 'must be text' })
				.max(
					MAGIC_IMPORT.maxInstructionsLength,
					`must be at most ${MAGIC_IMPORT.maxInstructionsLength} characters`,
				)
				.optional(),
		})
		.strict(),
);
export type MagicImportLeadsRequest = z.output<typeof magicImportLeadsRequestSchema>;

export const magicImportLeadsAnswerSchema = lazy(() =>
	z.object({ success: z.boolean(), leadsAdded: z.array(z.unknown()) }).passthrough(),
);
