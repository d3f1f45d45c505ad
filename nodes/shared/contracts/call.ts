import { z } from 'zod';
import { lazy } from './lazy';
import { agentIdSchema } from './agent';
import { serverDataSchema } from './agentOptions';
import { agentOverridesSchema } from './agentFields';
import { e164 } from './common';

/** `POST /calls`: an outbound phone call, per the beyond-the-seed reading (section 1). */

export const callMessageSchema = lazy(() =>
	z
		.object({
			role: z.enum(['user', 'assistant', 'system', 'tool'], {
				errorMap: () => ({ message: 'must be user, assistant, system or tool' }),
			}),
			content: z.string({ required_error: 'is required' }),
			name: z.string().optional(),
			tool_call_id: z.string().optional(),
			tool_name: z.string().optional(),
			tool_calls: z.unknown().optional(),
		})
		.strict(),
);

const CHANNELS = [
	'web-chat',
	'whatsapp',
	'instagram',
	'telegram',
	'discord',
	'gb-chat',
	'vapi',
	'messenger',
	'voice',
	'telephony',
] as const;

export const toolOverrideSchema = lazy(() =>
	z
		.object({
			name: z.string({ required_error: 'is required' }).min(1, 'is required'),
			description: z.string({ required_error: 'is required' }),
			isDefault: z.boolean().optional(),
			method: z
				.enum(['GET', 'POST', 'PUT', 'PATCH'], {
					errorMap: () => ({ message: 'must be GET, POST, PUT or PATCH' }),
				})
				.optional(),
			serverUrl: z.string().optional(),
			serverUrlSecret: z.string().optional(),
			disabled: z.boolean().optional(),
			isVapiTool: z.boolean().optional(),
			vapiId: z.string().optional(),
			isGlobal: z.boolean().optional(),
			backchannellingPhrases: z.array(z.string()).optional(),
			toolsSettings: z.unknown().optional(),
			fields: z.array(z.record(z.unknown())).optional(),
			channels: z.array(z.enum(CHANNELS)).optional(),
		})
		.strict(),
);

export const variableOverrideSchema = lazy(() =>
	z
		.object({
			in: z.string().optional(),
			type: z
				.enum(['string', 'number', 'boolean', 'system'], {
					errorMap: () => ({ message: 'must be string, number, boolean or system' }),
				})
				.optional(),
			value: z.unknown().optional(),
			defaultValue: z.unknown().optional(),
			key: z.string().optional(),
			description: z.string().optional(),
			required: z.boolean().optional(),
			reusable: z.boolean().optional(),
			isEnv: z.boolean().optional(),
			isSystem: z.boolean().optional(),
			isGlobal: z.boolean().optional(),
		})
		.strict(),
);

/** The call's options: the Agent Options contract's pieces where the shapes match (serverData, agentOverrides). */
export const callOptionsSchema = lazy(() =>
	z
		.object({
			serverData: serverDataSchema.optional(),
			overrideInitialPrompt: z.boolean().optional(),
			messagesHistory: z.array(callMessageSchema).optional(),
			agentOverrides: agentOverridesSchema.optional(),
			toolsOverrides: z.array(toolOverrideSchema).optional(),
			variablesOverrides: z.array(variableOverrideSchema).optional(),
			callerInfo: z.unknown().optional(),
			callInfo: z.unknown().optional(),
			awaitListenUrl: z.boolean().optional(),
		})
		.strict(),
);

export const callLeadInfoSchema = lazy(() =>
	z
		.object({
			username: z.string().optional(),
			email: z.string().email('must be an email address').optional(),
			address: z.string().optional(),
		})
		.strict(),
);

export const callRequestSchema = lazy(() =>
	z
		.object({
			agentId: agentIdSchema,
			to: z
				.string({
					required_error: 'is required',
					invalid_type_error: 'must be text (a phone number)',
				})
				.pipe(e164),
			from: e164.optional(),
			campaignId: z.string().optional(),
			leadInfo: callLeadInfoSchema.optional(),
			options: callOptionsSchema.optional(),
		})
		.strict(),
);
export type CallRequest = z.output<typeof callRequestSchema>;

/** The answer: strict on what the node reads, lenient on fields the live API may add. */
export const callResponseSchema = lazy(() =>
	z
		.object({
			message: z.string(),
			websocketUrl: z.string(),
			callData: z.unknown().optional(),
			options: z.unknown().optional(),
			listenUrl: z.string().optional(),
		})
		.passthrough(),
);
export type CallResponse = z.output<typeof callResponseSchema>;
