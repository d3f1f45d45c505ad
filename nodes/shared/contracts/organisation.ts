import { z } from 'zod';
import { agentRecordSchema } from './agent';
import { lazy } from './lazy';

/**
 * Organisations (the white-label "client cards") and their clients and agents (agent-at-work
 * spec §6). The three listings page with `page` (from 1) and `pageSize` (default 20) and answer
 * `{ success, message, data[], total, totalPages, currentPage }`; the entries are untyped in the
 * OpenAPI, so only an ID is required of an organisation and every other field is kept.
 */

/** The page size the node asks for: the API's own default is 20; the sandbox allows up to 100. */
export const ORGANISATION_PAGE = { defaultPageSize: 20, maxPageSize: 100 } as const;

const text = (what: string) =>
	z
		.string({ required_error: 'is required', invalid_type_error: `must be text (${what})` })
		.trim()
		.min(1, 'is required');

/** The paging query of the three listings, as the sandbox reads it (numbers arrive as text). */
export const organisationPageQuerySchema = lazy(() =>
	z
		.object({
			page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
			pageSize: z.coerce
				.number()
				.int('must be a whole number')
				.min(1, 'must be at least 1')
				.max(ORGANISATION_PAGE.maxPageSize, `must be at most ${ORGANISATION_PAGE.maxPageSize}`)
				.default(ORGANISATION_PAGE.defaultPageSize),
		})
		.passthrough(),
);

export const organisationSchema = lazy(() =>
	z.object({ id: z.union([z.string(), z.number()]) }).passthrough(),
);
export const organisationClientSchema = lazy(() => z.object({}).passthrough());

/** One page of a listing whose entries meet `entry`. */
function pageOf<S extends z.ZodTypeAny>(entry: S) {
	return z
		.object({
			success: z.boolean(),
			message: z.string().optional(),
			data: z.array(entry),
			total: z.number(),
			totalPages: z.number(),
			currentPage: z.number(),
		})
		.passthrough();
}

export const organisationPageSchema = lazy(() => pageOf(organisationSchema));
export const organisationAgentPageSchema = lazy(() => pageOf(agentRecordSchema));
export const organisationClientPageSchema = lazy(() => pageOf(organisationClientSchema));
export type OrganisationPage = z.output<typeof organisationPageSchema>;

/** `DELETE /orgs/{orgId}`: the organisation went, and this many clients with it. */
export const deleteOrganisationAnswerSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			message: z.string().optional(),
			deletedClientsCount: z.number(),
		})
		.passthrough(),
);

/** The organisation ID of a path. */
export const organisationIdSchema = lazy(() => text('an organisation ID'));

/** The name an organisation goes by in a picker: its name, else its ID. */
export function organisationLabel(organisation: Record<string, unknown>): string {
	const name = [organisation.name, organisation.orgName, organisation.title].find(
		(candidate) => typeof candidate === 'string' && candidate.trim(),
	);
	return typeof name === 'string' ? name.trim() : String(organisation.id);
}
