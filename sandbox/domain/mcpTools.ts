/* eslint-disable import-x/no-unresolved -- the SDK's documented subpath imports (…/client/sse.js) resolve through its "./*" export, whose types entry the lint resolver misreads; tsc and Node resolve them. The local Convocore API for tests and demos: never ships (package.json "files" is dist/ only) */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { SandboxAgent } from './state';

/**
 * The scripted agent as an MCP client, through the official TypeScript SDK: which MCP servers a
 * turn may use, and one session with a server (connect, list its tools, call one, close). What a
 * turn does with them is ./mcpTurn.ts; the rules are in docs/mcp.md ("The sandbox's agent").
 *
 * - Servers: those on the agent's LLM nodes (`fields.nodes[]` with no `type` or type `default`,
 *   each `mcpServers[]` entry `{ name, url, transport }`), then those of the interaction (SMS
 *   `options.agentOptions.mcpServers`, or an interact object's `mcpServers`). A name given twice
 *   is one server: the interaction's entry wins, else the first node's (our reading).
 * - Transport: Convocore's `sse` (or none) is MCP over HTTP. As the SDK advises a client that
 *   should reach both kinds of server, the sandbox speaks Streamable HTTP first (`POST` to the
 *   URL); when the server refuses that with a 4xx other than 401 and 403 (an SSE-only server), it
 *   opens the older SSE transport (`GET` the URL, then `POST` to the endpoint it names). n8n's MCP
 *   Server Trigger (version 2 and later) serves both on one URL. `websocket` and `stdio` are refused
 *   with a failure: n8n serves neither, and stdio runs a command on the agent's side.
 * - Host names reserved for examples (RFC 2606: `example.com`, `.invalid`, …) are unreachable at once.
 * - Bounded: every session shares the turn's deadline; a server that never answers is given up
 *   when it passes, and the session is closed either way.
 */

export const MCP_TURN_TIMEOUT_MS = 20_000;
const SDK_CLIENT = { name: 'convocore-sandbox-agent', version: '1.0.0' };
/** A refusal of the Streamable HTTP POST that says "try the older SSE transport" (not an authentication failure). */
const oldHttpServer = (status: number | undefined) =>
	status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;

/**
 * Host names reserved for documentation and tests (RFC 2606): never looked up, so a seeded or
 * sample server (https://docs.example.com/mcp) fails at once instead of waiting on DNS.
 */
const RESERVED_HOST = /(^|\.)(example|invalid|test)$|(^|\.)example\.(com|net|org)$/i;

export interface McpServerEntry {
	name: string;
	url: string;
	transport: string;
	/** Where the entry came from: an LLM node of the agent, or the interaction. */
	source: 'agent' | 'interaction';
}

export type McpFailure =
	| 'unreachable'
	| 'unauthorized'
	| 'status'
	| 'timeout'
	| 'unsupported-transport'
	| 'protocol';

/** Why a session failed, in words for the agent's apology. */
export class McpSessionError extends Error {
	constructor(
		readonly failure: McpFailure,
		readonly status: number | undefined,
		message: string,
	) {
		super(message);
	}
}

export interface McpToolInfo {
	name: string;
	description?: string;
	inputSchema: { properties?: Record<string, { type?: unknown }>; required?: string[] };
}

function entryOf(value: unknown, source: McpServerEntry['source']): McpServerEntry | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { name, url, transport } = value as Record<string, unknown>;
	if (typeof name !== 'string' || !name || typeof url !== 'string' || !url) return undefined;
	return { name, url, transport: typeof transport === 'string' ? transport : 'sse', source };
}

/** True for a node of the node/canvas runtime that talks to the model (OpenAPI: no `type` is a normal LLM node). */
export function isLlmNode(node: unknown): node is Record<string, unknown> {
	if (typeof node !== 'object' || node === null) return false;
	const type = (node as Record<string, unknown>).type;
	return type === undefined || type === null || type === 'default';
}

/** The servers a turn of this agent may use, by the rule above. */
export function mcpServersFor(agent: SandboxAgent, interactionServers: unknown): McpServerEntry[] {
	const byName = new Map<string, McpServerEntry>();
	// The agent record's nodes: the API's last write, else the seed's (sandbox/routes/agent.ts, agentRecord).
	const recorded = agent.fields?.nodes ?? agent.secretFields.nodes;
	const nodes = Array.isArray(recorded) ? recorded : [];
	for (const node of nodes.filter(isLlmNode)) {
		const servers = Array.isArray(node.mcpServers) ? node.mcpServers : [];
		for (const entry of servers.map((server) => entryOf(server, 'agent')))
			if (entry && !byName.has(entry.name)) byName.set(entry.name, entry);
	}
	const extra = Array.isArray(interactionServers) ? interactionServers : [];
	for (const entry of extra.map((server) => entryOf(server, 'interaction')))
		if (entry) byName.set(entry.name, entry);
	return [...byName.values()];
}

/** The HTTP status an SDK error carries (SseError, StreamableHTTPError), if any. */
function statusOf(error: unknown): number | undefined {
	const code = (error as { code?: unknown })?.code;
	return typeof code === 'number' && code >= 100 && code <= 599 ? code : undefined;
}

/** An SDK or network error as one of the failures the agent apologises for. */
export function sessionError(error: unknown, deadline: AbortSignal): McpSessionError {
	if (error instanceof McpSessionError) return error;
	const message = error instanceof Error ? error.message : String(error);
	if (deadline.aborted || /timed out|timeout/i.test(message))
		return new McpSessionError('timeout', undefined, 'the tool server did not answer in time');
	const status = statusOf(error);
	if (status === 401 || status === 403 || (error as Error)?.name === 'UnauthorizedError')
		return new McpSessionError(
			'unauthorized',
			status ?? 401,
			`the tool server refused the connection (HTTP ${status ?? 401})`,
		);
	if (status)
		return new McpSessionError('status', status, `the tool server answered HTTP ${status}`);
	const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
	if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|fetch failed|socket/i.test(`${message} ${cause}`))
		return new McpSessionError('unreachable', undefined, 'the tool server could not be reached');
	return new McpSessionError(
		'protocol',
		undefined,
		`the tool server's answer made no sense (${message.slice(0, 120)})`,
	);
}

/** One connected server: its tools, a call, and the close that always follows. */
export class McpSession {
	private constructor(
		readonly entry: McpServerEntry,
		/** The transport that worked: `sse` or `streamable-http`. */
		readonly transport: 'sse' | 'streamable-http',
		private readonly client: Client,
		private readonly sdkTransport: Transport,
		private readonly deadline: AbortSignal,
		readonly tools: McpToolInfo[],
	) {}

	/** Connects and lists the tools; rejects with McpSessionError or the SDK's error (see sessionError). */
	static async open(entry: McpServerEntry, deadline: AbortSignal): Promise<McpSession> {
		const url = URL.canParse(entry.url) ? new URL(entry.url) : undefined;
		if (entry.transport !== 'sse' || !url || !/^https?:$/.test(url.protocol))
			throw new McpSessionError(
				'unsupported-transport',
				undefined,
				entry.transport !== 'sse'
					? `the sandbox's agent speaks MCP over HTTP (transport sse), not ${entry.transport}`
					: `transport sse needs an http(s) URL, not ${url ? url.protocol : 'that URL'}`,
			);
		if (RESERVED_HOST.test(url.hostname))
			throw new McpSessionError(
				'unreachable',
				undefined,
				'the tool server could not be reached (its host name is reserved for examples)',
			);
		// Every request of the session carries the turn's deadline.
		const boundFetch: typeof fetch = (input, init) =>
			fetch(input, {
				...init,
				signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline,
			});
		const attempt = async (transport: Transport, kind: McpSession['transport']) => {
			const client = new Client(SDK_CLIENT);
			return await client
				.connect(transport, { signal: deadline })
				.then(async () => await client.listTools(undefined, { signal: deadline }))
				.then(
					({ tools }) =>
						new McpSession(entry, kind, client, transport, deadline, tools as McpToolInfo[]),
					async (error: unknown) => {
						await client.close().catch(() => undefined);
						return await Promise.reject(error);
					},
				);
		};
		return await attempt(
			new StreamableHTTPClientTransport(url, { fetch: boundFetch }),
			'streamable-http',
		).catch(async (error: unknown) =>
			oldHttpServer(statusOf(error)) && !deadline.aborted
				? await attempt(
						new SSEClientTransport(url, {
							fetch: boundFetch,
							eventSourceInit: { fetch: boundFetch },
						}),
						'sse',
					)
				: await Promise.reject(error),
		);
	}

	/** Calls a tool: its text, and whether the server marked it an error; rejects with the SDK's error. */
	async call(
		tool: string,
		args: Record<string, unknown>,
	): Promise<{ text: string; isError: boolean }> {
		const result = await this.client.callTool({ name: tool, arguments: args }, undefined, {
			signal: this.deadline,
		});
		const content = Array.isArray(result.content) ? result.content : [];
		const text = content
			.map((part) =>
				(part as { type?: unknown }).type === 'text'
					? String((part as { text?: unknown }).text)
					: '',
			)
			.filter(Boolean)
			.join('\n');
		return { text, isError: result.isError === true };
	}

	/** Ends the session: a Streamable HTTP session is deleted on the server too (n8n keeps it otherwise). */
	async close(): Promise<void> {
		if (this.sdkTransport instanceof StreamableHTTPClientTransport && !this.deadline.aborted)
			await this.sdkTransport.terminateSession().catch(() => undefined);
		await this.client.close().catch(() => undefined);
	}
}
