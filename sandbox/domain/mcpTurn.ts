/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import {
	MCP_TURN_TIMEOUT_MS,
	McpSession,
	McpSessionError,
	sessionError,
	type McpServerEntry,
	type McpToolInfo,
} from './mcpTools';
import type { McpCallRecord } from './records';
import type { ScriptedTurn } from './scriptedAgent';
import type { SandboxAgent, SandboxState } from './state';
import { answerText, nameWords, typed, valueInMessage, wordsOf } from './toolCalls';

/**
 * One turn of the scripted agent with MCP servers (./mcpTools.ts), on the interact socket and in
 * SMS agent mode. docs/mcp.md ("The sandbox's agent") states the rules:
 *
 * - Every turn but the greeting connects to each server and lists its tools.
 * - Which tool: one whose name's words (split on _, - and capitals; generic verbs such as "look"
 *   or "get" left out) all occur in the message, as for webhook tools (./toolCalls.ts); else, when
 *   exactly one MCP tool is offered in all, that one if the message fills its arguments.
 * - Arguments: `key: value`, `key = value` or `key is value` in the message, typed by the tool's
 *   input schema; a tool with one argument (or one required) takes the message's first number
 *   when the message does not name it ("where is order 1234?"), and, when the message named the
 *   tool, the whole message for a text argument. A required argument without a value is asked for.
 * - The answer: the tool's text, read as webhook tools' answers are (`answer`, `reply`, …).
 * - Failures (unreachable, refused with 401 or 403, an error status, no answer before the turn's
 *   deadline, a tool error): a spoken apology and a `tool_call` action whose output holds the
 *   error; the turn's conversation event carries the apology. A failed server only speaks when no
 *   other server's tool was chosen.
 */

interface Chosen {
	session: McpSession;
	tool: McpToolInfo;
	byName: boolean;
}

const NUMBER_IN_MESSAGE = /#?(\d[\d-]*\d|\d)/;

/** The arguments the message gives a tool, the required ones it lacks, and how many came from it. */
export function fillArguments(tool: McpToolInfo, prompt: string, wholeMessage: boolean) {
	const properties = tool.inputSchema?.properties ?? {};
	const required = tool.inputSchema?.required ?? [];
	const typeOf = (key: string) => {
		const type = properties[key]?.type;
		return type === 'integer' ? 'number' : type;
	};
	const args: Record<string, unknown> = {};
	for (const key of Object.keys(properties)) {
		const value = valueInMessage(key, prompt);
		if (value !== undefined) args[key] = typed(typeOf(key), value);
	}
	const keys = Object.keys(properties);
	const lone = keys.length === 1 ? keys[0] : required.length === 1 ? required[0] : undefined;
	if (lone && args[lone] === undefined) {
		const number = NUMBER_IN_MESSAGE.exec(prompt)?.[1];
		if (number !== undefined) args[lone] = typed(typeOf(lone), number);
		else if (wholeMessage && typeOf(lone) === 'string') args[lone] = prompt;
	}
	return {
		args,
		missing: required.filter((key) => args[key] === undefined),
		given: Object.keys(args).length,
	};
}

/** The tool the message asks for, by the rule above. */
export function chooseTool(sessions: McpSession[], prompt: string): Chosen | undefined {
	const asked = new Set(wordsOf(prompt));
	for (const session of sessions)
		for (const tool of session.tools) {
			const words = nameWords(tool.name);
			if (words.length > 0 && words.every((word) => asked.has(word)))
				return { session, tool, byName: true };
		}
	const offered = sessions.flatMap((session) => session.tools.map((tool) => ({ session, tool })));
	if (offered.length !== 1) return undefined;
	const { missing, given } = fillArguments(offered[0].tool, prompt, false);
	return missing.length === 0 && given > 0 ? { ...offered[0], byName: false } : undefined;
}

/** A tool's text as the agent says it: a JSON answer's `answer` (or `reply`, …) field, one item unwrapped. */
function spokenAnswer(text: string): string {
	try {
		const parsed = JSON.parse(text) as unknown;
		if (Array.isArray(parsed) && parsed.length === 1)
			return answerText(JSON.stringify(parsed[0]), '');
	} catch {
		// Plain text.
	}
	return answerText(text, '');
}

/** Rejects when the deadline passes, whatever the promise does (an SDK call that ignores its signal). */
function withinDeadline<T>(promise: Promise<T>, deadline: AbortSignal): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		const onAbort = () =>
			reject(new McpSessionError('timeout', undefined, 'the tool server did not answer in time'));
		if (deadline.aborted) return onAbort();
		deadline.addEventListener('abort', onAbort, { once: true });
		promise.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
	});
}

const toolWords = (name: string) => name.replace(/[_-]+/g, ' ');

function apology(what: string, why: string): string {
	return `Sorry, I could not ${what} just now: ${why}. Please try again later.`;
}

function failedTurn(
	server: McpServerEntry,
	toolName: string,
	input: Record<string, unknown>,
	error: McpSessionError | { failure: 'tool-error'; status?: number; message: string },
	reply: string,
): ScriptedTurn {
	return {
		reply,
		actions: [
			{
				type: 'tool_call',
				payload: { mcpServer: server.name },
				toolMetadata: {
					toolName,
					input,
					output: { error: error.failure, status: error.status, message: error.message },
				},
			},
		],
		sources: [],
	};
}

export interface McpTurnInput {
	state: SandboxState;
	agent: SandboxAgent;
	prompt: string;
	servers: McpServerEntry[];
	channel: McpCallRecord['channel'];
	timeoutMs?: number;
}

/** The agent's turn through its MCP servers, or undefined when they have nothing to say to it. Never throws. */
export async function mcpTurn(input: McpTurnInput): Promise<ScriptedTurn | undefined> {
	const { state, agent, prompt, servers, channel } = input;
	if (servers.length === 0 || prompt.trim() === '' || prompt === 'start') return undefined;
	const records = (state.mcpCalls ??= []);
	const record = (entry: McpServerEntry, fields: Partial<McpCallRecord>) =>
		records.push({
			agentId: agent.ID,
			channel,
			server: entry.name,
			url: entry.url,
			source: entry.source,
			...fields,
		});
	const controller = new AbortController();
	const timer = setTimeout(() => controller.abort(), input.timeoutMs ?? MCP_TURN_TIMEOUT_MS);
	const deadline = controller.signal;
	const sessions: McpSession[] = [];
	const failures: Array<{ entry: McpServerEntry; error: McpSessionError }> = [];
	try {
		for (const entry of servers) {
			try {
				sessions.push(await withinDeadline(McpSession.open(entry, deadline), deadline));
			} catch (error) {
				const failed = sessionError(error, deadline);
				failures.push({ entry, error: failed });
				record(entry, { error: failed.failure, status: failed.status });
			}
		}
		const chosen = chooseTool(sessions, prompt);
		if (!chosen) {
			if (failures.length === 0) return undefined;
			const [{ entry, error }] = failures;
			return failedTurn(
				entry,
				entry.name,
				{},
				error,
				apology(`use my tools on "${entry.name}"`, error.message),
			);
		}
		const { session, tool } = chosen;
		const { args, missing } = fillArguments(tool, prompt, chosen.byName);
		if (missing.length)
			return {
				reply: `To use ${tool.name} I need a value for: ${missing.join(', ')}. Could you tell me?`,
				actions: [],
				sources: [],
			};
		const base = { transport: session.transport, tool: tool.name, arguments: args };
		let result: { text: string; isError: boolean };
		try {
			result = await withinDeadline(session.call(tool.name, args), deadline);
		} catch (error) {
			const failed = sessionError(error, deadline);
			record(session.entry, { ...base, error: failed.failure, status: failed.status });
			const reply = apology(toolWords(tool.name), failed.message);
			return failedTurn(session.entry, tool.name, args, failed, reply);
		}
		const answer = spokenAnswer(result.text);
		if (result.isError) {
			record(session.entry, { ...base, error: 'tool-error', answer });
			const reply = apology(
				toolWords(tool.name),
				`the tool answered with an error (${answer.slice(0, 200) || 'no message'})`,
			);
			return failedTurn(
				session.entry,
				tool.name,
				args,
				{ failure: 'tool-error', message: answer },
				reply,
			);
		}
		record(session.entry, { ...base, answer });
		return {
			reply: answer || `I used ${tool.name}, but it gave no answer.`,
			actions: [
				{
					type: 'tool_call',
					payload: { mcpServer: session.entry.name },
					toolMetadata: { toolName: tool.name, input: args, output: { answer } },
				},
			],
			sources: [],
		};
	} finally {
		await withinDeadline(Promise.all(sessions.map((session) => session.close())), deadline).catch(
			() => undefined,
		);
		clearTimeout(timer);
	}
}
