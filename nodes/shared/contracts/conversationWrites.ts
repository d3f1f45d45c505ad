import { z } from 'zod';
import { lazy } from './lazy';

/** Changing, handing over, deleting and exporting conversations (agent-at-work spec section 4). */

export const CONVERSATION_STATES = [
	'requested_chat',
	'human-chatting',
	'ai-chatting',
	'ended_chat',
] as const;
export const EXPORT_FORMATS = ['json', 'csv'] as const;

export const updateConversationRequestSchema = lazy(() =>
	z
		.object({
			conversation: z
				.object({
					tags: z.array(z.string().trim().min(1, 'must not hold an empty tag')).optional(),
					state: z
						.enum(CONVERSATION_STATES, {
							errorMap: () => ({ message: `must be one of ${CONVERSATION_STATES.join(', ')}` }),
						})
						.optional(),
					notes: z.string().optional(),
					userName: z.string().optional(),
					userEmail: z.string().email('must be an email address').optional(),
					userPhone: z.string().optional(),
					userCompany: z.string().optional(),
					isBlocked: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
					chatAssignedTo: z.string().optional(),
					lang: z.string().optional(),
				})
				.passthrough()
				.refine(
					(conversation) => Object.keys(conversation).length > 0,
					'needs at least one field to change',
				),
		})
		.strict(),
);
export type UpdateConversationRequest = z.output<typeof updateConversationRequestSchema>;

export const assignConversationRequestSchema = lazy(() =>
	z
		.object({
			assignToUserId: z
				.string({ required_error: 'is required', invalid_type_error: 'must be text (a user ID)' })
				.trim()
				.min(1, 'is required'),
			delegatedBy: z.string().trim().min(1).optional(),
		})
		.strict(),
);
export type AssignConversationRequest = z.output<typeof assignConversationRequestSchema>;

export const assignConversationAnswerSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			message: z.string().optional(),
			assignedUser: z.object({}).passthrough().optional(),
		})
		.passthrough(),
);

export const conversationWriteAnswerSchema = lazy(() =>
	z
		.object({ success: z.boolean(), message: z.string().optional(), data: z.unknown().optional() })
		.passthrough(),
);

/**
 * The export's query as the public client sends it (the sandbox's strict mode): `format`, and
 * `limit` + `cursor` for pages. The OpenAPI documents `format` only (publishedExportQuerySchema).
 */
export const exportConversationsQuerySchema = lazy(() =>
	z
		.object({
			format: z.enum(EXPORT_FORMATS).default('json'),
			limit: z.coerce.number().int().min(1).max(1000).optional(),
			cursor: z.string().min(1).optional(),
		})
		.strict(),
);

/** The export's query as the OpenAPI documents it: `format` only. */
export const publishedExportQuerySchema = lazy(() =>
	z.object({ format: z.enum(EXPORT_FORMATS).default('json') }).strict(),
);

/**
 * A CSV export's `data`: the CSV text (the public client's reading), or a list, as OpenAPI 1.0.4
 * types the all-conversations export's `data` whatever the format: of the CSV's lines, or of the
 * records (what the list holds for CSV is not published; the node reads either).
 */
const csvText = () =>
	z.union([z.string(), z.array(z.string()), z.array(z.record(z.unknown()))], {
		errorMap: () => ({
			message: 'must be the CSV text of a CSV export (or a list of its lines or records)',
		}),
	});
const recordList = () =>
	z.array(z.record(z.unknown()), {
		invalid_type_error: 'must be the list of conversation records of a JSON export',
	});

/**
 * One page of the all-conversations export, in the format asked: `data` is the list of records
 * (JSON) or the CSV text, and anything else is an error, never a shorter export. The public client
 * adds `hasMore` and `nextCursor`; a `nextCursor` that is not text (null, absent) means no cursor.
 */
const exportPage = (data: z.ZodTypeAny) =>
	z
		.object({
			success: z.boolean().optional(),
			data,
			hasMore: z.boolean().optional(),
			nextCursor: z.unknown().optional(),
		})
		.passthrough();
const exportJsonPageSchema = lazy(() => exportPage(recordList()));
const exportCsvPageSchema = lazy(() => exportPage(csvText()));

export function exportPageSchema(format: (typeof EXPORT_FORMATS)[number]) {
	return format === 'csv' ? exportCsvPageSchema : exportJsonPageSchema;
}

/** One conversation's export: the record (or a list holding it) in JSON, the CSV text in CSV. */
const exportOneJsonSchema = lazy(() =>
	z
		.object({
			success: z.boolean().optional(),
			data: z.union([recordList(), z.record(z.unknown())]),
		})
		.passthrough(),
);
const exportOneCsvSchema = lazy(() =>
	z.object({ success: z.boolean().optional(), data: csvText() }).passthrough(),
);

export function exportOneSchema(format: (typeof EXPORT_FORMATS)[number]) {
	return format === 'csv' ? exportOneCsvSchema : exportOneJsonSchema;
}

/**
 * `POST /agents/{agentId}/convos` `{ conversation }` (OpenAPI 1.0.4, Create Conversation): the
 * conversation record's fields, `ts` alone required. Typed as the OpenAPI types them; `origin`,
 * `capturedVariables` and the lists are untyped there and kept as given. No unit is published
 * for the times: the node sends milliseconds since the Unix epoch, as Convocore's webhooks date
 * events (docs/conversation.md says so).
 */
export const createConversationRequestSchema = lazy(() => {
	const text = () => z.string({ invalid_type_error: 'must be text' });
	const count = () =>
		z.number({ invalid_type_error: 'must be a number' }).min(0, 'must be 0 or more');
	const time = () =>
		z
			.number({ invalid_type_error: 'must be a time in milliseconds since the Unix epoch' })
			.int('must be a whole number of milliseconds')
			.positive('must be a time after 1970');
	return z
		.object({
			conversation: z
				.object({
					ts: time()
						.optional()
						.refine((value) => value !== undefined, 'is required: when the conversation started'),
					ID: text().trim().min(1, 'must not be empty').optional(),
					userID: text().optional(),
					campaignId: text().optional(),
					origin: z.unknown().optional(),
					userName: text().optional(),
					userEmail: text().email('must be an email address').optional(),
					userPhone: text().optional(),
					userAddress: text().optional(),
					userCompany: text().optional(),
					userWebsite: text().optional(),
					userProfilePic: text().optional(),
					userImage: text().optional(),
					socialHandle: text().optional(),
					isFollowingBusiness: z.boolean().optional(),
					socialVerified: z.boolean().optional(),
					userOs: text().optional(),
					userBrowser: text().optional(),
					userPlatform: text().optional(),
					notes: text().optional(),
					note: text().optional(),
					title: text().optional(),
					summary: text().optional(),
					lastMessage: text().optional(),
					tags: z.array(text().trim().min(1, 'must not hold an empty tag')).optional(),
					state: z
						.enum(CONVERSATION_STATES, {
							errorMap: () => ({ message: `must be one of ${CONVERSATION_STATES.join(', ')}` }),
						})
						.optional(),
					lang: text().optional(),
					messagesNum: count().int('must be a whole number').optional(),
					interactionsNum: count().int('must be a whole number').optional(),
					totalUserInteractions: count().int('must be a whole number').optional(),
					sessionsNum: count().int('must be a whole number').optional(),
					convoTimeSeconds: count().optional(),
					averageLatency: count().optional(),
					firstMessageTS: time().optional(),
					lastMessageTS: time().optional(),
					lastModified: time().optional(),
					lastViewed: time().optional(),
					delegatedAt: time().optional(),
					ratingFrom5: z
						.number({ invalid_type_error: 'must be a number' })
						.min(0, 'must be between 0 and 5')
						.max(5, 'must be between 0 and 5')
						.optional(),
					isBlocked: z.boolean().optional(),
					isTest: z.boolean().optional(),
					endReason: text().optional(),
					chatAssignedTo: text().optional(),
					requestedTeamKey: text().optional(),
					delegatedBy: text().optional(),
					notifyToUserId: text().optional(),
					capturedVariables: z.unknown().optional(),
					metrics: z.array(z.unknown()).optional(),
					sessions: z.array(z.unknown()).optional(),
					campaignCalls: z.array(z.unknown()).optional(),
					vapi: z
						.object({
							cost: z.number().optional(),
							callDuration: z.number().optional(),
							recordingUrl: text().optional(),
							callerPhoneNumber: text().optional(),
							calleePhoneNumber: text().optional(),
							callStatus: text().optional(),
							callError: text().optional(),
						})
						.strict()
						.optional(),
					nodesInfo: z.object({ currentNode: text().optional() }).strict().optional(),
					voice: z
						.object({
							latestSessionId: text().optional(),
							listenUrl: text().optional(),
							listenUrlUNIX: z.number().optional(),
						})
						.strict()
						.optional(),
					detailedCost: z
						.object({
							totalCreditsConsumed: z.number().optional(),
							speechGenCost: z.number().optional(),
							transcriberCost: z.number().optional(),
							twilioCost: z.number().optional(),
							llmCost: z.number().optional(),
						})
						.strict()
						.optional(),
				})
				.strict()
				.refine(
					(conversation) =>
						conversation.lastMessageTS === undefined ||
						conversation.ts === undefined ||
						conversation.lastMessageTS >= conversation.ts,
					{
						message: 'must not be before ts (when the conversation started)',
						path: ['lastMessageTS'],
					},
				),
		})
		.strict();
});
export type CreateConversationRequest = z.output<typeof createConversationRequestSchema>;

/** The create answer: `{ success, message, data }` with the conversation record in `data`. */
export const createConversationAnswerSchema = lazy(() =>
	z
		.object({ success: z.boolean(), message: z.string().optional(), data: z.record(z.unknown()) })
		.passthrough(),
);
