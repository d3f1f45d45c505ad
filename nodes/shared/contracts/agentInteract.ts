import { z } from 'zod';
import { lazy } from './lazy';

/**
 * The interact object: the one JSON frame a client sends on Convocore's interact WebSocket
 * (agent-at-work spec §1). Shared by Agent > Send Message, which builds it, and the sandbox's
 * `/interact` socket, which refuses anything else. Unknown keys are accepted (`+any`).
 */

/** `bucket` per region: `voiceglow-eu` for the EU, `(default)` for NA. */
export const INTERACT_BUCKETS = { eu: 'voiceglow-eu', na: '(default)' } as const;

/** Prompts Convocore reads as commands, not as the user's words. */
export const GREETING_PROMPT = 'start';
export const COMMAND_PROMPT_PATTERN = /^@(cancel|rewind):/i;

/**
 * Where the conversation says it comes from (`lightConvoData.origin`): the values the interact
 * page and its AsyncAPI list. Send Message sends `web-chat` unless told otherwise.
 */
export const INTERACT_ORIGINS = [
	'web-chat',
	'discord',
	'messenger',
	'instagram',
	'gb-chat',
] as const;
export type InteractOrigin = (typeof INTERACT_ORIGINS)[number];

export const lightConvoDataSchema = lazy(() =>
	z
		.object({
			userID: z
				.string()
				.trim()
				.min(1, 'must not be empty')
				.max(200, 'must be at most 200 characters')
				.optional(),
			userName: z
				.string()
				.trim()
				.min(1, 'must not be empty')
				.max(200, 'must be at most 200 characters')
				.optional(),
			userEmail: z
				.string()
				.trim()
				.email('must be an e-mail address, e.g. name@example.com')
				.optional(),
			userPhone: z
				.string()
				.trim()
				.regex(/^\+?[0-9 ()./-]{5,25}$/, 'must be a phone number, e.g. +14155550123')
				.optional(),
			origin: z
				.enum(INTERACT_ORIGINS, {
					errorMap: () => ({ message: `must be one of ${INTERACT_ORIGINS.join(', ')}` }),
				})
				.optional(),
		})
		.passthrough(),
);

export const interactObjectSchema = lazy(() =>
	z
		.object({
			agentId: z.string().min(1, 'is required'),
			convoId: z.string().min(1, 'is required'),
			bucket: z.enum([INTERACT_BUCKETS.eu, INTERACT_BUCKETS.na], {
				errorMap: () => ({ message: 'must be voiceglow-eu or (default)' }),
			}),
			prompt: z.string().optional(),
			sessionId: z.string().optional(),
			lightConvoData: lightConvoDataSchema.optional(),
			disableUiEngine: z.boolean().optional(),
			disableRecordHistory: z.boolean().optional(),
			isTest: z.boolean().optional(),
		})
		.passthrough(),
);
export type InteractObject = z.output<typeof interactObjectSchema>;
