import { z } from 'zod';
import { REDACTED, redactSecretFields } from '../secrets';
import { lazy } from './lazy';

/**
 * An agent's tools (agent-at-work spec §2): the HTTP calls an agent makes while it talks. Shared
 * by the node (what it sends and reads) and the sandbox (what it accepts). Every body refuses
 * unknown keys, as the API's `additionalProperties: false` does.
 */

export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH'] as const;
export const TOOL_CHANNELS = [
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
export const TOOL_FIELD_TYPES = ['string', 'number', 'boolean', 'system'] as const;
export const TOOL_FIELD_LOCATIONS = ['query', 'body', 'header'] as const;

/** One tool field: what the agent fills in and where the value goes in the tool's request. */
export const toolFieldSchema = lazy(() =>
	z
		.object({
			id: z
				.string({ required_error: 'is required', invalid_type_error: 'must be text' })
				.min(1, 'is required'),
			key: z.string().optional(),
			type: z
				.enum(TOOL_FIELD_TYPES, {
					errorMap: () => ({ message: `must be one of ${TOOL_FIELD_TYPES.join(', ')}` }),
				})
				.optional(),
			in: z
				.enum(TOOL_FIELD_LOCATIONS, {
					errorMap: () => ({ message: `must be one of ${TOOL_FIELD_LOCATIONS.join(', ')}` }),
				})
				.optional(),
			description: z.string().optional(),
			required: z.boolean().optional(),
			value: z.unknown().optional(),
			defaultValue: z.unknown().optional(),
			reusable: z.boolean().optional(),
			isEnv: z.boolean().optional(),
			isSystem: z.boolean().optional(),
			isGlobal: z.boolean().optional(),
			agentId: z.string().optional(),
			userId: z.string().optional(),
		})
		.strict(),
);
export type ToolField = z.output<typeof toolFieldSchema>;

/** The optional settings of a tool, shared by Create and Update. */
function toolSettings() {
	return {
		method: z
			.enum(TOOL_METHODS, {
				errorMap: () => ({ message: `must be one of ${TOOL_METHODS.join(', ')}` }),
			})
			.optional(),
		serverUrl: z.string({ invalid_type_error: 'must be text (a URL)' }).optional(),
		serverUrlSecret: z.string({ invalid_type_error: 'must be text' }).optional(),
		disabled: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
		isDefault: z.boolean().optional(),
		isGlobal: z.boolean().optional(),
		isVapiTool: z.boolean().optional(),
		vapiId: z.string().optional(),
		toolsSettings: z.unknown().optional(),
		channels: z
			.array(
				z.enum(TOOL_CHANNELS, {
					errorMap: () => ({ message: `must each be one of ${TOOL_CHANNELS.join(', ')}` }),
				}),
			)
			.optional(),
		fields: z.array(toolFieldSchema).optional(),
	};
}

const requiredText = (what: string) =>
	z
		.string({ required_error: 'is required', invalid_type_error: `must be text (${what})` })
		.trim()
		.min(1, 'is required');

export const createToolRequestSchema = lazy(() =>
	z
		.object({
			tool: z
				.object({
					name: requiredText('the tool name'),
					description: requiredText('what the tool does'),
					...toolSettings(),
				})
				.strict(),
		})
		.strict(),
);
export type CreateToolRequest = z.output<typeof createToolRequestSchema>;

export const updateToolRequestSchema = lazy(() =>
	z
		.object({
			tool: z
				.object({
					name: requiredText('the tool name').optional(),
					description: requiredText('what the tool does').optional(),
					...toolSettings(),
					variablesIds: z.array(z.string()).optional(),
				})
				.strict(),
		})
		.strict(),
);
export type UpdateToolRequest = z.output<typeof updateToolRequestSchema>;

export const toolIdSchema = lazy(() =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text (a tool ID)' })
		.trim()
		.min(1, 'is required'),
);

/** A tool as the API answers: its ID is needed; every other field is kept as it came. */
export const toolRecordSchema = lazy(() =>
	z.object({ id: z.string().min(1), name: z.string().optional() }).passthrough(),
);
export type ToolRecord = z.output<typeof toolRecordSchema>;

export const toolEnvelopeSchema = lazy(() =>
	z
		.object({
			success: z.boolean().optional(),
			message: z.string().optional(),
			data: toolRecordSchema,
		})
		.passthrough(),
);
export const toolListEnvelopeSchema = lazy(() =>
	z
		.object({
			success: z.boolean().optional(),
			message: z.string().optional(),
			data: z.array(toolRecordSchema),
		})
		.passthrough(),
);
export const toolDeleteAnswerSchema = lazy(() =>
	z.object({ success: z.boolean(), message: z.string().optional() }).passthrough(),
);

/**
 * A tool for any output: without `serverUrlSecret` (an answer may echo it; the node never hands
 * it on), with `hasServerUrlSecret` saying whether one is set. Every other secret-named field, at
 * any depth (a `serverUrlSecret` under `toolsSettings`), holds [redacted]; so does the fixed value
 * of a header field (how a tool authenticates to its server) and the values of an Is Env field.
 * Each value hidden is also removed wherever else it appears (a server URL that repeats it).
 */
export function toolWithoutSecret(tool: Record<string, unknown>): Record<string, unknown> {
	const { serverUrlSecret, ...rest } = tool;
	const known: string[] = typeof serverUrlSecret === 'string' ? [serverUrlSecret] : [];
	if (Array.isArray(rest.fields))
		rest.fields = rest.fields.map((field) => fieldWithoutSecret(field, known));
	return {
		...redactSecretFields(rest, known),
		hasServerUrlSecret: typeof serverUrlSecret === 'string' && serverUrlSecret !== '',
	};
}

function fieldWithoutSecret(field: unknown, known: string[]): unknown {
	if (field === null || typeof field !== 'object' || Array.isArray(field)) return field;
	const copy = { ...(field as Record<string, unknown>) };
	const hidden =
		copy.isEnv === true
			? ['value', 'defaultValue']
			: typeof copy.in === 'string' && copy.in.toLowerCase() === 'header'
				? ['value']
				: [];
	for (const key of hidden) {
		const value = copy[key];
		if (value === undefined || value === null || value === '') continue;
		if (typeof value === 'string' || typeof value === 'number') known.push(String(value));
		copy[key] = REDACTED;
	}
	return copy;
}

/** The fields a workflow usually needs of a tool (Simplify). */
export function simplifyTool(tool: Record<string, unknown>): Record<string, unknown> {
	const fields = Array.isArray(tool.fields) ? (tool.fields as Array<{ key?: unknown }>) : [];
	return {
		id: tool.id,
		name: tool.name,
		description: tool.description,
		method: tool.method,
		serverUrl: tool.serverUrl,
		disabled: tool.disabled,
		channels: tool.channels,
		fieldKeys: fields.map((field) => field?.key).filter((key) => typeof key === 'string'),
	};
}
