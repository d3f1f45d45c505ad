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

export const exportConversationsQuerySchema = lazy(() => z
	.object({
		format: z.enum(EXPORT_FORMATS).default('json'),
		limit: z.coerce.number().int().min(1).max(1000).optional(),
		cursor: z.string().min(1).optional(),
	})
	.strict());

/** Export answers: `data` is a list of records (JSON) or the CSV text; one conversation's may be an object. */
export const exportConversationsAnswerSchema = lazy(() => z
	.object({ success: z.boolean().optional(), data: z.union([z.array(z.record(z.unknown())), z.record(z.unknown()), z.string()]), nextCursor: z.string().optional() })
	.passthrough());
