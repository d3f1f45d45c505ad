import { z } from 'zod';
import { lazy } from './lazy';

/**
 * The agent's model and how it answers: `vg_defaultModel`, `vg_temperature`, `vg_maxTokens` and
 * `vg_max_messages_history` of `PATCH /agents/{id}` (OpenAPI 1.0.4), and the published objects
 * whose keys Convocore closes (`additionalProperties: false`). Node and sandbox read the same
 * lists: the node offers the models and checks the ranges; the sandbox refuses what the published
 * schema refuses.
 */

/** The 61 model names `vg_defaultModel` (and `vg_kb_llm.modelId`) lists in OpenAPI 1.0.4, in its order. */
export const PUBLISHED_AGENT_MODELS = [
	'gpt-5-chat-latest',
	'gpt-5-2025-08-07',
	'gpt-5-mini-2025-08-07',
	'gpt-5-nano-2025-08-07',
	'gpt-3.5-turbo-0125',
	'gpt-4-1106-preview',
	'gpt-4.5-preview-2025-02-27',
	'gpt-4o',
	'gpt-4o-mini',
	'gpt-4.1-2025-04-14',
	'gpt-4.1-mini-2025-04-14',
	'ft:gpt-4o-mini-2024-07-18:personal:4o-with-tools-t11:A6mByttv',
	'llama3-8b-8192',
	'llama3-70b-8192',
	'llama-3.1-8b-instant',
	'llama-3.1-70b-versatile',
	'llama-3.2-90b-text-preview',
	'llama-3.2-11b-text-preview',
	'llama-3.3-70b-versatile',
	'meta-llama/llama-4-scout-17b-16e-instruct',
	'meta-llama/llama-4-maverick-17b-128e-instruct',
	'mixtral-8x7b-32768',
	'gemma-7b-it',
	'gemma2-9b-it',
	'claude-opus-4-20250514',
	'claude-sonnet-4-20250514',
	'claude-3-5-sonnet-20240620',
	'claude-3-5-sonnet-20241022',
	'claude-3-opus-20240229',
	'claude-3-sonnet-20240229',
	'claude-3-haiku-20240307',
	'claude-3-5-haiku-20241022',
	'claude-3-7-sonnet-20250219',
	'gemini-1.5-pro',
	'gemini-1.5-flash',
	'gemini-1.0-pro',
	'gemini-2.0-flash-exp',
	'gemini-2.0-flash-thinking-exp-1219',
	'gemini-2.5-pro',
	'gemini-2.5-pro-exp-03-25',
	'gemini-2.5-pro-preview-03-25',
	'gemini-2.5-flash-preview-05-20',
	'gemini-2.5-flash',
	'gpt-4-32k',
	'gpt-4',
	'gpt-3.5-turbo-16k',
	'gpt-3.5-turbo',
	'deepseek-chat',
	'deepseek-r1-distill-llama-70b',
	'grok-2-latest',
	'grok-3',
	'grok-3-mini',
	'grok-3-fast',
	'grok-4-0709',
	'qwen-max-latest',
	'qwen-plus-latest',
	'qwen-turbo-latest',
	'custom-llm',
	'models/gemini-2.5-pro-preview-03-25',
	'azure-eu-gpt-4o',
	'azure-na-gpt-4o',
] as const;

const MODELS = new Set<string>(PUBLISHED_AGENT_MODELS);

export function isPublishedModel(name: string): boolean {
	return MODELS.has(name);
}

/**
 * Ranges the node checks before sending. The OpenAPI publishes none: these are what the fields
 * mean (a temperature of 0 to 2 as the model providers take it, a count of tokens, messages or
 * chunks), our reading. The sandbox does not apply them, as Convocore's published schema does not.
 */
export interface AgentFieldRange {
	min: number;
	max?: number;
	integer?: boolean;
	/** What the editor puts in when the field is added: a start, not Convocore's default. */
	offered: number;
}

export const AGENT_FIELD_RANGES: Record<string, AgentFieldRange> = {
	vg_temperature: { min: 0, max: 2, offered: 0.3 },
	vg_maxTokens: { min: 1, integer: true, offered: 1000 },
	vg_max_messages_history: { min: 0, integer: true, offered: 20 },
	vg_kbTopChunks: { min: 1, integer: true, offered: 5 },
};

function rangeRule({ min, max, integer }: AgentFieldRange) {
	const rule =
		(integer ? 'a whole number ' : '') +
		(max === undefined ? `of at least ${min}` : `from ${min} to ${max}`);
	// Only numbers are judged here: the type of each field is the agent contract's to check.
	return z.unknown().superRefine((value, ctx) => {
		if (typeof value !== 'number') return;
		if (value < min || (max !== undefined && value > max) || (integer && !Number.isInteger(value)))
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be ${rule}` });
	});
}

/** The agent fields with a range, judged on what the user set; every other key passes. */
export const agentFieldRangesSchema = lazy(() =>
	z
		.object(
			Object.fromEntries(
				Object.entries(AGENT_FIELD_RANGES).map(([field, range]) => [field, rangeRule(range)]),
			),
		)
		.passthrough(),
);
