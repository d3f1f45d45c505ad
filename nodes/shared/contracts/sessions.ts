import { z } from 'zod';
import { lazy } from './lazy';

/**
 * `GET /workspace/sessions` (`conversationRouter-getWorkspaceSessions`, OpenAPI 1.0.4; published
 * contract, "Published, not yet offered"): the workspace-wide sessions feed the Convocore
 * Conversation Trigger polls. Shared by the node (what it accepts) and the sandbox (what it
 * checks and answers).
 *
 * What no public source says, and this package reads (docs/conversationTrigger.md):
 * - one entry per session, identified by its conversation and `sessionData.currentSessionTs`;
 * - entries come newest first by `currentSessionTs` (the trigger checks each page and, when a page
 *   is not in that order, reads on to the last page instead of stopping early);
 * - `currentSessionTs` and `allSessionTimestamps` are in milliseconds, like Convocore's other
 *   conversation timestamps (the OpenAPI only says "number").
 */

/** `page` is zero-based (≥ 0, default 0); `limit` 1 to 100, default 50. */
export const SESSIONS_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;

export const SESSION_REGIONS = ['eu', 'na'] as const;
export type SessionRegion = (typeof SESSION_REGIONS)[number];

const text = () => z.string();

/** One session as the node accepts it: the required fields checked, anything else kept as it came. */
export const workspaceSessionSchema = lazy(() =>
	z
		.object({
			// No refinements on the answer's fields: the transport then checks every page with a plain
			// predicate (contracts/predicate.ts) instead of zod, and JSON holds no NaN or Infinity anyway.
			convoId: z.string({ required_error: 'is required', invalid_type_error: 'must be text' }),
			agentId: z.string({ required_error: 'is required', invalid_type_error: 'must be text' }),
			agentName: text().optional(),
			userName: text().optional(),
			userEmail: text().optional(),
			userPhone: text().optional(),
			origin: text().optional(),
			state: text().optional(),
			sessionData: z
				.object({
					turns: z.array(z.unknown()),
					sessions: z.array(z.array(z.unknown())),
					currentSessionTs: z.number({
						required_error: 'is required',
						invalid_type_error: 'must be a number',
					}),
					allSessionTimestamps: z.array(z.number()),
				})
				.passthrough(),
		})
		.passthrough(),
);
export type WorkspaceSession = z.output<typeof workspaceSessionSchema>;

/**
 * The whole answer; all three parts are required by the OpenAPI. Each session is checked on its
 * own (`workspaceSessionSchema`, by the trigger): one malformed session must not refuse the page
 * and with it every good session around it.
 */
export const workspaceSessionPageSchema = lazy(() =>
	z
		.object({
			sessions: z.array(z.unknown()),
			timestampRange: z.object({ oldest: z.number(), newest: z.number() }).passthrough(),
			pagination: z
				.object({
					page: z.number(),
					limit: z.number(),
					hasMore: z.boolean(),
					totalFetched: z.number(),
				})
				.passthrough(),
		})
		.passthrough(),
);
export type WorkspaceSessionPage = z.output<typeof workspaceSessionPageSchema>;

const wholeNumber = (min: number, max: number, rule: string) =>
	z.coerce
		.number({ invalid_type_error: 'must be a number' })
		.int('must be a whole number')
		.min(min, rule)
		.max(max, rule);

/** The query as the sandbox checks it (strict mode refuses other keys; published mode drops them). */
export const workspaceSessionsQuerySchema = lazy(() =>
	z
		.object({
			workspaceId: z.string({ required_error: 'is required' }).trim().min(1, 'is required'),
			region: z.enum(SESSION_REGIONS, { errorMap: () => ({ message: 'is required: eu or na' }) }),
			page: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'must be 0 or more').default(0),
			limit: wholeNumber(
				1,
				SESSIONS_PAGE.maxLimit,
				`must be between 1 and ${SESSIONS_PAGE.maxLimit}`,
			).default(SESSIONS_PAGE.defaultLimit),
			agentId: z.string().trim().min(1).optional(),
			origin: z.string().trim().min(1).optional(),
		})
		.strict(),
);
export type WorkspaceSessionsQuery = z.output<typeof workspaceSessionsQuerySchema>;

/** A session's identity: its conversation and its start. Two entries with the same key are one session. */
export function sessionKey(session: Pick<WorkspaceSession, 'convoId' | 'sessionData'>): string {
	return `${session.convoId}@${session.sessionData.currentSessionTs}`;
}

/** The first session of its conversation: no earlier session timestamp is listed. */
export function isFirstSession(session: Pick<WorkspaceSession, 'sessionData'>): boolean {
	const { currentSessionTs, allSessionTimestamps } = session.sessionData;
	return allSessionTimestamps.every((ts) => ts >= currentSessionTs);
}
