import { z } from 'zod';
import { lazy } from './lazy';

/**
 * Conversations of an agent (beyond-the-seed section 2), lenient records. Paging has two
 * published readings: the OpenAPI and docs.convocore.ai page by `page` + `limit` (default 20) and
 * answer `{ success, message, data[] }`; the public MCP client follows `nextCursor` while `hasMore`.
 */

/** Rows per request of `GET /agents/{agentId}/convos`: the newer client caps `limit` at 20, the OpenAPI's default. */
export const CONVO_PAGE = { maxLimit: 20 } as const;

export const REGIONS = ['eu', 'na'] as const;

/** One conversation; every field is optional in the API and kept as it comes. */
export const conversationSchema = lazy(() =>
	z.object({ ID: z.string().optional(), id: z.string().optional() }).passthrough(),
);
export type Conversation = z.output<typeof conversationSchema>;

/**
 * One page of the list, read raw (the client's cursor fields sit beside `data`). A `nextCursor`
 * that is not text means no cursor, as the public client reads it.
 */
export const conversationPageSchema = lazy(() =>
	z
		.object({
			success: z.boolean().optional(),
			message: z.string().optional(),
			data: z.array(conversationSchema),
			hasMore: z.boolean().optional(),
			nextCursor: z.unknown().optional(),
		})
		.passthrough(),
);

/** The list's query as the sandbox checks it: `limit` (1 to 20) with `page=1`, or `cursor`. */
export const listConversationsQuerySchema = lazy(() =>
	z
		.object({
			limit: z.coerce
				.number({ invalid_type_error: 'must be a number' })
				.int('must be a whole number')
				.min(1, `must be between 1 and ${CONVO_PAGE.maxLimit}`)
				.max(CONVO_PAGE.maxLimit, `must be between 1 and ${CONVO_PAGE.maxLimit}`)
				.default(CONVO_PAGE.maxLimit),
			page: z.coerce.number().int().min(1, 'must be 1 or more').optional(),
			cursor: z.string().min(1).optional(),
		})
		.strict(),
);

/** The list's query as the OpenAPI documents it (the sandbox's published mode): `page` and `limit`, nothing else. */
export const publishedConversationsQuerySchema = lazy(() =>
	z
		.object({
			page: z.coerce
				.number({ invalid_type_error: 'must be a number' })
				.int('must be a whole number')
				.min(1, 'must be 1 or more')
				.default(1),
			limit: z.coerce
				.number({ invalid_type_error: 'must be a number' })
				.int('must be a whole number')
				.min(1, 'must be 1 or more')
				.default(CONVO_PAGE.maxLimit),
		})
		.strict(),
);

export const conversationDetailsQuerySchema = lazy(() =>
	z
		.object({ region: z.enum(REGIONS, { errorMap: () => ({ message: 'is required: eu or na' }) }) })
		.strict(),
);

/** Convocore's conversation ID: text, never empty. */
export const convoIdSchema = lazy(() =>
	z
		.string({
			required_error: 'is required',
			invalid_type_error: 'must be text (a conversation ID)',
		})
		.trim()
		.min(1, 'is required'),
);

/**
 * Simplify: the fields a workflow needs, under the API's names where it has them
 * (`origin` is the channel, `messagesNum` the message count, `convoTimeSeconds` the duration).
 */
export function simplifyConversation(record: Conversation): Record<string, unknown> {
	const kept: Record<string, unknown> = {
		ID: record.ID ?? record.id,
		userName: record.userName,
		userPhone: record.userPhone,
		userEmail: record.userEmail,
		state: record.state,
		origin: record.origin,
		messagesNum: record.messagesNum,
		convoTimeSeconds: record.convoTimeSeconds,
		lastMessageTS: record.lastMessageTS,
		summary: record.summary,
		campaignId: record.campaignId,
	};
	return Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined));
}
