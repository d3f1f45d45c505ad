/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only); its keys are made up */
import type { SandboxAgent } from '../domain/state';
import { agentSecretFields } from './crm';

/**
 * Two agents for MCP servers (issue 39), in the workspace given (the EU legacy pay-as-you-go one: not plan-gated, and its listings stay short): one on the node/canvas
 * runtime whose nodes have the published shape (a start node, two LLM nodes, one of them with
 * its own LLM key, and an end node), and a classic single-prompt agent with no nodes at all.
 * Neither has numbers, usage or metrics: the other seeds' totals stay as they were.
 */

export const MCP_SEED_IDS = {
	/** Node runtime: start, two LLM nodes (`node-orders` holds an llmConfig.apiKey), end. */
	nodeAgent: 'agent-mcp-canvas',
	/** Classic single-prompt agent (`enableNodes: false`), no nodes. */
	classicAgent: 'agent-mcp-classic',
	/** The LLM key on `node-orders`: a made-up secret the node must never output. */
	nodeApiKey: 'sk-mcpCanvasNodeKey7Hq2Lx9Vd4',
} as const;

const SEED_TIME_UNIX = Math.floor(Date.UTC(2026, 0, 15, 9, 0, 0) / 1000);

/** The canvas agent's nodes, in the OpenAPI 1.0.4's node shape. */
export function canvasNodes(): Array<Record<string, unknown>> {
	const llm = { modelId: 'gpt-4o-mini', temperature: 0.3, maxTokens: 512 };
	return [
		{
			id: 'node-start',
			name: 'Start',
			description: 'Greets the customer',
			instructions: 'Greet the customer and ask how you can help.',
			llmConfig: llm,
			type: 'start',
			startConfig: { initialMessage: 'Hi! How can I help?', userStarts: false },
			childrenNodes: [{ nodeId: 'node-orders', condition: 'The customer asks about an order' }],
		},
		{
			id: 'node-orders',
			name: 'Orders',
			description: 'Answers questions about orders',
			instructions: 'Look up the order the customer names and tell them where it is.',
			llmConfig: { ...llm, apiKey: MCP_SEED_IDS.nodeApiKey },
			type: 'default',
			toolsIds: [],
			childrenNodes: [{ nodeId: 'node-end', condition: 'The customer is done' }],
		},
		{
			id: 'node-faq',
			name: 'FAQ',
			description: 'Answers general questions',
			instructions: 'Answer questions about opening hours and shipping.',
			llmConfig: llm,
			isGlobal: true,
			mcpServers: [
				{
					name: 'docs',
					url: 'https://docs.example.com/mcp/sse',
					transport: 'sse',
					reconnect: { enabled: true, maxAttempts: 3, delayMs: 1000 },
				},
			],
		},
		{
			id: 'node-end',
			name: 'Goodbye',
			description: 'Ends the conversation',
			instructions: 'Thank the customer and say goodbye.',
			llmConfig: llm,
			type: 'end',
		},
	];
}

function mcpAgent(
	ID: string,
	workspaceId: string,
	title: string,
	fields: Record<string, unknown>,
): SandboxAgent {
	// The other seeds' secret fields, but their own nodes only.
	const secretFields = agentSecretFields(ID);
	delete secretFields.nodes;
	return {
		ID,
		ownerID: workspaceId,
		workspaceId,
		region: 'eu',
		title,
		initialPrompt: `You are ${title}.`,
		smsNumbers: [],
		secretFields,
		createdAtUNIX: SEED_TIME_UNIX,
		fields,
	};
}

export function seedMcpAgents(workspaceId: string): SandboxAgent[] {
	return [
		mcpAgent(MCP_SEED_IDS.nodeAgent, workspaceId, 'Mina the Canvas Agent', {
			enableNodes: true,
			nodes: canvasNodes(),
		}),
		mcpAgent(MCP_SEED_IDS.classicAgent, workspaceId, 'Cleo the Classic Agent', {
			enableNodes: false,
		}),
	];
}
