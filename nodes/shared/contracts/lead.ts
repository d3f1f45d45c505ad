import { z } from 'zod';
import { lazy } from './lazy';
import { agentIdSchema } from './agent';

/** Leads (beyond-the-seed section 3): bodies exactly as the OpenAPI gives them, records untyped. */

/** Leads per request of `GET /agents/{agentId}/leads` (the OpenAPI sets no maximum; the MCP client caps at 500). */
export const LEAD_PAGE = { maxLimit: 100 } as const;

const optionalText = lazy(() => z.string().nullable().optional());

export const leadMetaDataSchema = lazy(() =>
	z
		.object({
			address: z.string().optional(),
			company: z.string().optional(),
			notes: z.string().optional(),
			source: z.string().optional(),
		})
		.strict(),
);

const leadFields = () => ({
	email: z.string().email('must be an email address').nullable().optional(),
	name: optionalText,
	phone: optionalText,
	metaData: leadMetaDataSchema.optional(),
});

export const createLeadRequestSchema = lazy(() =>
	z.object({ lead: z.object({ agentId: agentIdSchema, ...leadFields() }).strict() }).strict(),
);
export type CreateLeadRequest = z.output<typeof createLeadRequestSchema>;

export const updateLeadRequestSchema = lazy(() =>
	z
		.object({
			lead: z
				.object({
					...leadFields(),
					convoId: z.union([z.string(), z.number()]).optional(),
					ts: z.union([z.number(), z.string()]).optional(),
				})
				.strict()
				.refine((lead) => Object.keys(lead).length > 0, 'needs at least one field to change'),
		})
		.strict(),
);
export type UpdateLeadRequest = z.output<typeof updateLeadRequestSchema>;

/** The lead ID of Get, Update and Delete. */
export const leadIdSchema = lazy(() =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text (a lead ID)' })
		.trim()
		.min(1, 'is required'),
);

/** A lead record: untyped in the API, passed on as it comes. */
export const leadSchema = lazy(() => z.record(z.unknown()));

/** `{ success, message, data? }` of create, get and update, read raw. */
export const leadEnvelopeSchema = lazy(() =>
	z
		.object({ success: z.boolean(), message: z.string().optional(), data: z.unknown().optional() })
		.passthrough(),
);

/** `DELETE /leads/{id}`: `{ success, message }`. */
export const deleteLeadResponseSchema = lazy(() =>
	z.object({ success: z.literal(true), message: z.string().optional() }).passthrough(),
);

/** `GET /agents/{agentId}/leads`: its own shape, no envelope. */
export const agentLeadsPageSchema = lazy(() =>
	z
		.object({ leads: z.array(leadSchema), total: z.number(), page: z.number(), limit: z.number() })
		.passthrough(),
);

export const listAgentLeadsQuerySchema = lazy(() =>
	z
		.object({
			page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(1),
			limit: z.coerce
				.number()
				.int('must be a whole number')
				.min(1, 'must be 1 or more')
				.max(500, 'must be at most 500')
				.default(LEAD_PAGE.maxLimit),
			groupName: z.string().optional(),
			searchTerm: z.string().optional(),
			propertyFilter: z.string().optional(),
		})
		.strict(),
);

/** The fields shown for a lead in lists and pickers, whichever of the two shapes it comes in. */
export function leadDisplay(lead: Record<string, unknown>) {
	const pick = (...keys: string[]) =>
		keys.map((key) => lead[key]).find((value) => typeof value === 'string' && value !== '') as
			| string
			| undefined;
	return {
		id: pick('id', 'ID'),
		name: pick('name', 'userName'),
		email: pick('email', 'userEmail'),
		phone: pick('phone', 'userPhone'),
	};
}
