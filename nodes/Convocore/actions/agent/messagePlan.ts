import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	COMMAND_PROMPT_PATTERN,
	GREETING_PROMPT,
	INTERACT_BUCKETS,
	INTERACT_ORIGINS,
	lightConvoDataSchema,
	type InteractObject,
} from '../../../shared/contracts/agentInteract';
import { lazy } from '../../../shared/contracts/lazy';
import type { ConvocoreCredentialData } from '../../../shared/regions';

/**
 * Agent > Send Message, from the fields to the interact object: the checks of one message (a
 * greeting turn sends none; "start" and the @cancel:/@rewind: commands are refused) and the
 * object the interact WebSocket receives.
 */

const text = (what: string) => z.string({ invalid_type_error: `must be text (${what})` });

export const planSchema = lazy(() =>
	z
		.object({
			agentId: agentIdSchema,
			message: text('the message'),
			conversationId: text('a conversation ID')
				.trim()
				.max(200, 'must be at most 200 characters')
				.regex(/^[^\r\n\t]*$/, 'must not contain line breaks or tabs'),
			user: lightConvoDataSchema,
			options: z.object({
				plainText: z.boolean({ invalid_type_error: 'must be true or false' }),
				recordHistory: z.boolean({ invalid_type_error: 'must be true or false' }),
				startWithGreeting: z.boolean({ invalid_type_error: 'must be true or false' }),
				testConversation: z.boolean({ invalid_type_error: 'must be true or false' }),
				includeTurns: z.boolean({ invalid_type_error: 'must be true or false' }),
				origin: z.enum(INTERACT_ORIGINS, {
					errorMap: () => ({ message: `must be one of ${INTERACT_ORIGINS.join(', ')}` }),
				}),
			}),
		})
		.superRefine((plan, context) => {
			const message = plan.message.trim();
			if (plan.options.startWithGreeting) {
				if (message)
					context.addIssue({
						code: 'custom',
						path: ['message'],
						message:
							"must be empty with Start With the Agent's Greeting (the greeting turn sends no user message)",
					});
				return;
			}
			if (!message)
				context.addIssue({
					code: 'custom',
					path: ['message'],
					message: "is required (or turn on Options > Start With the Agent's Greeting)",
				});
			else if (message.toLowerCase() === GREETING_PROMPT)
				context.addIssue({
					code: 'custom',
					path: ['message'],
					message:
						'must not be just "start", which Convocore reads as a request for the greeting: use Options > Start With the Agent\'s Greeting',
				});
			else if (COMMAND_PROMPT_PATTERN.test(message))
				context.addIssue({
					code: 'custom',
					path: ['message'],
					message:
						'must not start with @cancel: or @rewind:, which Convocore reads as commands, not as a message',
				});
		}),
);

/** One message as the node's fields give it, checked. */
export type MessageFields = z.output<typeof planSchema>;

/** `bucket` of the credential's region; a custom base is NA only when its host or path says so. */
export function bucketOf(
	credentials: ConvocoreCredentialData,
	baseUrl: string,
): InteractObject['bucket'] {
	if (credentials.region === 'na') return INTERACT_BUCKETS.na;
	if (credentials.region === 'eu') return INTERACT_BUCKETS.eu;
	const { host, pathname } = new URL(baseUrl);
	return /(^|[-./])na([-./]|$)/i.test(`${host}${pathname}`)
		? INTERACT_BUCKETS.na
		: INTERACT_BUCKETS.eu;
}

export function interactObject(
	plan: MessageFields,
	conversationId: string,
	bucket: InteractObject['bucket'],
): InteractObject {
	const { options } = plan;
	return {
		agentId: plan.agentId,
		convoId: conversationId,
		bucket,
		prompt: options.startWithGreeting ? GREETING_PROMPT : plan.message,
		lightConvoData: { ...plan.user, origin: options.origin },
		disableUiEngine: options.plainText,
		disableRecordHistory: !options.recordHistory,
		isTest: options.testConversation,
	};
}
