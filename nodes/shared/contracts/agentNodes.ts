import { z } from 'zod';
import { lazy } from './lazy';
import { isAgentSecretKey } from './agent';

/**
 * The nodes of an agent on the node/canvas runtime (`enableNodes: true`) and the MCP servers on
 * them, as the OpenAPI 1.0.4 publishes them in `POST /agents`, `PATCH /agents/{id}` and
 * `GET /agents/{id}` (shared/spec/convocore-v3-wiring.md). Shared by Agent > Connect and
 * Disconnect MCP Server, SMS > Send's MCP Servers and the sandbox, which refuses what the
 * published schema refuses.
 */

/** Every transport the OpenAPI lists. `stdio` runs a command on Convocore's side. */
export const MCP_TRANSPORTS = ['sse', 'websocket', 'stdio'] as const;
/** What a workflow may set: a URL Convocore connects to. */
export const OFFERED_MCP_TRANSPORTS = ['sse', 'websocket'] as const;
export type OfferedMcpTransport = (typeof OFFERED_MCP_TRANSPORTS)[number];

/** The schemes of a server URL Convocore can reach over SSE or WebSocket. */
export const MCP_URL_PATTERN = /^(https?|wss?):\/\/[^\s/?#]+[^\s]*$/i;

/** Node types that are not LLM nodes; a node with no type, or `default`, is one. */
const LLM_NODE_TYPES: ReadonlyArray<unknown> = [undefined, 'default'];

export function isLlmNode(node: Record<string, unknown>): boolean {
	return LLM_NODE_TYPES.includes(node.type);
}

const text = () => z.string({ required_error: 'is required', invalid_type_error: 'must be text' });
const number = () =>
	z.number({ required_error: 'is required', invalid_type_error: 'must be a number' });
const flag = () =>
	z.boolean({ required_error: 'is required', invalid_type_error: 'must be true or false' });

/** A server's name as a workflow sets it: text, trimmed, not empty. */
export const mcpNameSchema = () =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text' })
		.trim()
		.min(1, 'is required');

/** A server's URL as a workflow sets it: http(s) or ws(s) only. */
export const mcpUrlSchema = () =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text (a URL)' })
		.trim()
		.min(1, 'is required')
		.regex(
			MCP_URL_PATTERN,
			"must be an http(s) or ws(s) URL, e.g. the MCP Server Trigger's production URL https://n8n.example.com/mcp/…",
		);

/** A transport as a workflow sets it: sse or websocket; stdio (from an expression) is refused, saying why. */
export const mcpTransportSchema = () =>
	z.string({ invalid_type_error: 'must be sse or websocket' }).superRefine((value, ctx) => {
		if (value === 'stdio')
			ctx.addIssue({
				code: 'custom',
				message:
					"stdio is not offered: it runs a command on Convocore's side, not a server a workflow points at; use sse or websocket",
			});
		else if (!(OFFERED_MCP_TRANSPORTS as readonly string[]).includes(value))
			ctx.addIssue({ code: 'custom', message: 'must be sse or websocket' });
	});

/** `nodes[].mcpServers[].reconnect`: closed, every key optional. */
export const mcpReconnectSchema = lazy(() =>
	z
		.object({
			enabled: flag().optional(),
			maxAttempts: number().optional(),
			delayMs: number().optional(),
		})
		.strict(),
);

/** One `nodes[].mcpServers[]` entry as published: closed; `name`, `url`, `transport` typed, none required. */
export const mcpServerSchema = lazy(() =>
	z
		.object({
			name: text().optional(),
			url: text().optional(),
			transport: z
				.enum(MCP_TRANSPORTS, {
					errorMap: () => ({ message: `must be one of ${MCP_TRANSPORTS.join(', ')}` }),
				})
				.optional(),
			useNodeEventSource: flag().optional(),
			reconnect: mcpReconnectSchema.optional(),
			command: text().optional(),
			args: z.array(text()).optional(),
		})
		.strict(),
);
export type McpServer = z.output<typeof mcpServerSchema>;

/** `llmConfig` and `routerLlmConfig`: `modelId`, `temperature` and `maxTokens` required, closed. */
const llmConfigSchema = () =>
	z
		.object({
			// The OpenAPI lists the model IDs it knew; Convocore adds models, and the node only writes
			// back what Convocore gave: any text is taken (our reading).
			modelId: text(),
			temperature: number(),
			maxTokens: number(),
			customModelId: text().optional(),
			serverUrl: text().optional(),
			apiKey: text().optional(),
		})
		.strict();

/** One node as the OpenAPI publishes it: `id`, `name`, `description`, `instructions`, `llmConfig` required, closed. */
export const agentNodeSchema = lazy(() =>
	z
		.object({
			id: text(),
			name: text(),
			description: text(),
			instructions: text(),
			llmConfig: llmConfigSchema(),
			type: z
				.enum(['start', 'end', 'default', 'condition', 'note'], {
					errorMap: () => ({ message: 'must be one of start, end, default, condition, note' }),
				})
				.optional(),
			mcpServers: z.array(mcpServerSchema).optional(),
			voiceInstructions: text().optional(),
			isGlobal: flag().optional(),
			toolsIds: z.array(text()).optional(),
			toolsSettings: z.record(z.unknown()).optional(),
			childrenNodes: z.array(z.object({ nodeId: text(), condition: text() }).strict()).optional(),
			routerLlmConfig: llmConfigSchema().optional(),
			toolUseBias: number().optional(),
			autoRerouter: z.object({ enabled: flag(), level: number() }).strict().optional(),
			rf: z.unknown().optional(),
			kb: z
				.object({
					enabled: flag(),
					maxChunks: number(),
					tags: z.array(text()).optional(),
					smartSearch: flag().optional(),
				})
				.strict()
				.optional(),
			conditionData: z.object({ condition: text() }).strict().optional(),
			preStart: z
				.object({
					url: text().optional(),
					enabled: flag().optional(),
					testConvoIdValue: text().optional(),
				})
				.strict()
				.optional(),
			startConfig: z
				.object({ initialMessage: text().optional(), userStarts: flag().optional() })
				.strict()
				.optional(),
		})
		.strict(),
);

/** `agent.nodes` of `PATCH /agents/{id}`: the whole array (it replaces the agent's, our reading). */
export const agentNodesSchema = lazy(() =>
	z.array(agentNodeSchema, { invalid_type_error: 'must be a list of nodes' }),
);
export type AgentNode = z.output<typeof agentNodeSchema>;

/**
 * A value Convocore shows in place of a secret it hides: a run of asterisks or bullets
 * (`sk-****abcd`, `••••••`), or a word saying it is hidden. No public source says whether
 * `GET /agents/{id}` masks node secrets; written back, a mask would replace the real key.
 */
const MASKED_VALUE = /[*•●∙·]{3,}|^\s*\[?(redacted|hidden|masked)\]?\s*$/i;

/** The secret-named fields (`nodes[2].llmConfig.apiKey`) whose value looks masked, as paths. */
export function maskedSecretsIn(value: unknown, path = '', depth = 0): string[] {
	if (depth > 30 || value === null || typeof value !== 'object') return [];
	if (Array.isArray(value))
		return value.flatMap((entry, index) => maskedSecretsIn(entry, `${path}[${index}]`, depth + 1));
	return Object.entries(value as Record<string, unknown>).flatMap(([key, entry]) => {
		const at = path ? `${path}.${key}` : key;
		if (typeof entry === 'string' && isAgentSecretKey(key) && MASKED_VALUE.test(entry)) return [at];
		return maskedSecretsIn(entry, at, depth + 1);
	});
}
