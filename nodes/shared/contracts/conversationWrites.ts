import { z } from 'zod';
import { lazy } from './lazy';

/** Changing, handing over, deleting and exporting conversations (agent-at-work spec section 4). */

export const CONVERSATION_STATES = ['requested_chat', 'human-chatting', 'ai-chatting', 'ended_chat'] as const;
export const EXPORT_FORMATS = ['json', 'csv'] as const;

export const updateConversationRequestSchema = lazy(() => z
	.object({
		conversation: z
			.object({
				tags: z.array(z.string().trim().min(1, 'must not hold an empty tag')).optional(),
				state: z.enum(CONVERSATION_STATES, { errorMap: () => ({ message: `must be one of ${CONVERSATION_STATES.join(', ')}` }) }).optional(),
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
			.refine((conversation) => Object.keys(conversation).length > 0, 'needs at least one field to change'),
	})
	.strict());
export type UpdateConversationRequest = z.output<typeof updateConversationRequestSchema>;

export const assignConversationRequestSchema = lazy(() => z
	.object({
		assignToUserId: z.string({ required_error: 'is required', invalid_type_error: 'must be text (a user ID)' }).trim().min(1, 'is required'),
		delegatedBy: z.string().trim().min(1).optional(),
	})
	.strict());
export type AssignConversationRequest = z.output<typeof assignConversationRequestSchema>;

export const assignConversationAnswerSchema = lazy(() => z
	.object({ success: z.boolean(), message: z.string().optional(), assignedUser: z.object({}).passthrough().optional() })
	.passthrough());

export const conversationWriteAnswerSchema = lazy(() => z.object({ success: z.boolean(), message: z.string().optional(), data: z.unknown().optional() }).passthrough());

/**
 * The export's query as the public client sends it (the sandbox's strict mode): `format`, and
 * `limit` + `cursor` for pages. The OpenAPI documents `format` only (publishedExportQuerySchema).
 */
export const exportConversationsQuerySchema = lazy(() => z
	.object({
		format: z.enum(EXPORT_FORMATS).default('json'),
		limit: z.coerce.number().int().min(1).max(1000).optional(),
		cursor: z.string().min(1).optional(),
	})
	.strict());

/** The export's query as the OpenAPI documents it: `format` only. */
export const publishedExportQuerySchema = lazy(() => z.object({ format: z.enum(EXPORT_FORMATS).default('json') }).strict());

const csvText = () => z.string({ invalid_type_error: 'must be the CSV text of a CSV export' });
const recordList = () => z.array(z.record(z.unknown()), { invalid_type_error: 'must be the list of conversation records of a JSON export' });

/**
 * One page of the all-conversations export, in the format asked: `data` is the list of records
 * (JSON) or the CSV text, and anything else is an error, never a shorter export. The public client
 * adds `hasMore` and `nextCursor`; a `nextCursor` that is not text (null, absent) means no cursor.
 */
const exportPage = (data: z.ZodTypeAny) =>
	z.object({ success: z.boolean().optional(), data, hasMore: z.boolean().optional(), nextCursor: z.unknown().optional() }).passthrough();
const exportJsonPageSchema = lazy(() => exportPage(recordList()));
const exportCsvPageSchema = lazy(() => exportPage(csvText()));

export function exportPageSchema(format: (typeof EXPORT_FORMATS)[number]) {
	return format === 'csv' ? exportCsvPageSchema : exportJsonPageSchema;
}

/** One conversation's export: the record (or a list holding it) in JSON, the CSV text in CSV. */
const exportOneJsonSchema = lazy(() => z.object({ success: z.boolean().optional(), data: z.union([recordList(), z.record(z.unknown())]) }).passthrough());
const exportOneCsvSchema = lazy(() => z.object({ success: z.boolean().optional(), data: csvText() }).passthrough());

export function exportOneSchema(format: (typeof EXPORT_FORMATS)[number]) {
	return format === 'csv' ? exportOneCsvSchema : exportOneJsonSchema;
}
