import type { ScriptedTurn } from './scriptedAgent';
import type { SandboxAgent, SandboxState, SandboxTool } from './state';

/**
 * The scripted agent's real tool calls: when a message asks for one of the agent's tools, the
 * sandbox sends the tool's HTTP request to its server URL and answers with what came back, so
 * that a tool served by an n8n workflow is proven end to end. docs/tool.md states the rules:
 *
 * - Which tool: an enabled tool with a server URL, offered on web chat (the interact socket's
 *   channel) or on no channel in particular, whose name's words (split on _, - and spaces;
 *   generic verbs such as "check" or "get" left out) all occur in the message, word endings
 *   aside ("opening hours" matches check_opening_hours). The first such tool, in creation order.
 * - Field values: a field's fixed `value` (documented by Convocore; the agent never fills it),
 *   else `key: value`, `key = value` or `key is value` in the message, else the field's default. A
 *   required field without a value is asked for instead of calling. Fixed values are not recorded
 *   as the call's input (a header field's fixed value is how a tool authenticates to its server).
 * - Where they go: query fields in the URL, header fields as headers, body fields in a JSON body
 *   (in the query for GET, which has no body).
 * - The secret: how Convocore presents `serverUrlSecret` is not published. The sandbox sends it
 *   under its own header, `X-Sandbox-Server-Url-Secret`, a name no one could take for
 *   Convocore's, and never records nor logs its value. Protect a tool's server with a header
 *   field instead (documented): docs/tool.md.
 * - The answer: a JSON answer's `answer`, `reply`, `message`, `result` or `text` (the first that
 *   is text), else the JSON itself; any other answer as text. At most 1,000 characters.
 * - Failures (no answer within the timeout, 10 s by default; a refused connection; an error
 *   status) give a reply saying so: the turn never hangs on the tool's server.
 */

export const TOOL_SECRET_HEADER = 'X-Sandbox-Server-Url-Secret';
export const TOOL_CALL_TIMEOUT_MS = 10_000;
const MAX_ANSWER_LENGTH = 1_000;
const INTERACT_CHANNEL = 'web-chat';

/** Words of a tool name that say how, not what: a message rarely repeats them. */
const GENERIC_WORDS = new Set([
	'check',
	'get',
	'fetch',
	'find',
	'look',
	'lookup',
	'search',
	'call',
	'use',
	'run',
	'read',
	'list',
	'tool',
	'the',
	'for',
	'and',
	'api',
]);

/** What the sandbox did for one tool call (the secret only as whether it was sent). */
export interface ToolCallRecord {
	toolId: string;
	toolName: string;
	agentId: string;
	method: string;
	url: string;
	/** The values filled in, by field key. */
	input: Record<string, unknown>;
	secretSent: boolean;
	/** The header fields sent with a fixed value, by name (their values are never recorded). */
	fixedHeaders: string[];
	status?: number;
	/** What the reply used, or why the call failed. */
	answer?: string;
	error?: 'timeout' | 'unreachable' | 'status';
}

const stem = (word: string) => word.toLowerCase().replace(/(ing|es|s)$/, '');
export const wordsOf = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).map(stem);

/** The words of a tool name a message must hold (generic verbs left out); MCP tools are named by the same rule (./mcpTurn.ts). */
export function nameWords(name: string): string[] {
	const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
	return wordsOf(spaced).filter((word) => word.length >= 2 && !GENERIC_WORDS.has(word));
}

/** The tool a message asks for, by the rule above, or undefined. */
export function toolAskedFor(
	state: SandboxState,
	agent: SandboxAgent,
	prompt: string,
): SandboxTool | undefined {
	const asked = new Set(wordsOf(prompt));
	const tools = Object.values(state.tools ?? {}).filter(
		(tool) =>
			tool.agentId === agent.ID &&
			!tool.disabled &&
			tool.serverUrl &&
			(tool.channels.length === 0 || tool.channels.includes(INTERACT_CHANNEL)),
	);
	return tools.find((tool) => {
		const words = nameWords(tool.name);
		return words.length > 0 && words.every((word) => asked.has(word));
	});
}

export function valueInMessage(key: string, prompt: string): string | undefined {
	const escaped = key.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
	const match = new RegExp(
		`\\b${escaped}\\s*(?::|=|\\bis\\b)\\s*(?:"([^"]*)"|([^\\s,;!?]+))`,
		'i',
	).exec(prompt);
	// An unquoted value ends at a space or punctuation: "day: Saturday?" gives Saturday.
	return match ? (match[1] ?? match[2].replace(/\.+$/, '')) : undefined;
}

export function typed(type: unknown, value: unknown): unknown {
	if (typeof value !== 'string') return value;
	if (type === 'number' && Number.isFinite(Number(value))) return Number(value);
	if (type === 'boolean' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
	return value;
}

/** The field values for a call, and the required keys without one. */
export function fillFields(
	tool: SandboxTool,
	prompt: string,
): {
	values: Array<{ key: string; where: string; value: unknown; fixed: boolean }>;
	missing: Array<{ key: string; description?: string }>;
} {
	const values: Array<{ key: string; where: string; value: unknown; fixed: boolean }> = [];
	const missing: Array<{ key: string; description?: string }> = [];
	for (const field of tool.fields) {
		const key = typeof field.key === 'string' ? field.key : undefined;
		if (!key) continue;
		const fixed = field.value !== undefined && field.value !== null && field.value !== '';
		const value = typed(
			field.type,
			fixed ? field.value : (valueInMessage(key, prompt) ?? field.defaultValue),
		);
		if (value === undefined || value === '') {
			if (field.required === true)
				missing.push({
					key,
					description: typeof field.description === 'string' ? field.description : undefined,
				});
			continue;
		}
		values.push({ key, where: typeof field.in === 'string' ? field.in : 'body', value, fixed });
	}
	return { values, missing };
}

export function answerText(body: string, contentType: string): string {
	let text = body.trim();
	if (/json/i.test(contentType) || /^[[{]/.test(text)) {
		try {
			const parsed = JSON.parse(text) as unknown;
			const record =
				typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
					? (parsed as Record<string, unknown>)
					: {};
			const named = ['answer', 'reply', 'message', 'result', 'text']
				.map((key) => record[key])
				.find((value) => typeof value === 'string' && value.trim());
			text =
				typeof named === 'string'
					? named.trim()
					: typeof parsed === 'string'
						? parsed
						: JSON.stringify(parsed);
		} catch {
			// Not JSON after all: the text as it came.
		}
	}
	return text.length > MAX_ANSWER_LENGTH ? `${text.slice(0, MAX_ANSWER_LENGTH - 1)}…` : text;
}

/** Sends the tool's request and returns the record of it; never throws, never waits past `timeoutMs`. */
export async function callTool(
	tool: SandboxTool,
	prompt: string,
	timeoutMs: number,
): Promise<ToolCallRecord | { missing: Array<{ key: string; description?: string }> }> {
	const { values, missing } = fillFields(tool, prompt);
	if (missing.length) return { missing };
	const url = new URL(tool.serverUrl as string);
	const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9' };
	const body: Record<string, unknown> = {};
	for (const { key, where, value } of values) {
		if (where === 'query' || (where === 'body' && tool.method === 'GET'))
			url.searchParams.set(key, String(value));
		else if (where === 'header') headers[key] = String(value);
		else body[key] = value;
	}
	const secretSent = typeof tool.serverUrlSecret === 'string' && tool.serverUrlSecret !== '';
	if (secretSent) headers[TOOL_SECRET_HEADER] = tool.serverUrlSecret as string;
	const hasBody = tool.method !== 'GET';
	if (hasBody) headers['content-type'] = 'application/json';
	const record: ToolCallRecord = {
		toolId: tool.id,
		toolName: tool.name,
		agentId: tool.agentId,
		method: tool.method,
		url: url.toString(),
		input: Object.fromEntries(
			values.filter(({ fixed }) => !fixed).map(({ key, value }) => [key, value]),
		),
		secretSent,
		fixedHeaders: values
			.filter(({ fixed, where }) => fixed && where === 'header')
			.map(({ key }) => key),
	};
	try {
		const response = await fetch(url, {
			method: tool.method,
			headers,
			body: hasBody ? JSON.stringify(body) : undefined,
			signal: AbortSignal.timeout(timeoutMs),
		});
		record.status = response.status;
		record.answer = answerText(await response.text(), response.headers.get('content-type') ?? '');
		if (!response.ok) record.error = 'status';
	} catch (error) {
		record.error = (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
	}
	return record;
}

/** The agent's turn after a tool call (or after finding a required value missing). */
export function toolReply(
	tool: SandboxTool,
	outcome: ToolCallRecord | { missing: Array<{ key: string; description?: string }> },
	timeoutMs: number,
): ScriptedTurn {
	if ('missing' in outcome) {
		const asked = outcome.missing
			.map(({ key, description }) => (description ? `${key} (${description})` : key))
			.join(', ');
		return {
			reply: `To use ${tool.name} I need a value for: ${asked}. Could you tell me?`,
			actions: [],
			sources: [],
		};
	}
	const output = outcome.error
		? { error: outcome.error, status: outcome.status }
		: { status: outcome.status, answer: outcome.answer };
	const actions: ScriptedTurn['actions'] = [
		{
			type: 'tool_call',
			payload: { toolId: tool.id },
			toolMetadata: { toolName: tool.name, input: outcome.input, output },
		},
	];
	const failed = (why: string) => ({
		reply: `Sorry, I could not ${tool.name.replace(/[_-]+/g, ' ')} just now: ${why}. Please try again later.`,
		actions,
		sources: [],
	});
	if (outcome.error === 'timeout')
		return failed(
			`the tool did not answer within ${Number((timeoutMs / 1000).toFixed(1))} seconds`,
		);
	if (outcome.error === 'unreachable') return failed('the tool could not be reached');
	if (outcome.error === 'status')
		return failed(`the tool answered with an error (HTTP ${outcome.status})`);
	return {
		reply: outcome.answer || `I used ${tool.name}, but it gave no answer.`,
		actions,
		sources: [],
	};
}
