/**
 * The published node and MCP server shapes (nodes/shared/contracts/agentNodes.ts): what counts as
 * an LLM node, what looks like a masked secret, and what a workflow may set as a server.
 */
import {
	isLlmNode,
	maskedSecretsIn,
	mcpTransportSchema,
	mcpUrlSchema,
} from '../../nodes/shared/contracts/agentNodes';

describe('isLlmNode', () => {
	it.each([
		[{}, true],
		[{ type: 'default' }, true],
		[{ type: 'start' }, false],
		[{ type: 'end' }, false],
		[{ type: 'condition' }, false],
		[{ type: 'note' }, false],
	])('%j: %s', (node, expected) => expect(isLlmNode(node)).toBe(expected));
});

describe('maskedSecretsIn', () => {
	it.each(['sk-****abcd', '********', '••••••', 'sk-•••Vd4', '[redacted]', 'HIDDEN', 'masked'])(
		'finds %j under a secret-named key, by path',
		(value) => {
			const nodes = [
				{ id: 'a', llmConfig: { apiKey: 'sk-real1234' } },
				{ id: 'b', routerLlmConfig: { apiKey: value } },
			];
			expect(maskedSecretsIn(nodes, 'nodes')).toEqual(['nodes[1].routerLlmConfig.apiKey']);
		},
	);

	it('leaves real keys, non-secret keys and counters alone', () => {
		const nodes = [
			{
				id: 'a',
				instructions: 'Never say *** to the customer',
				llmConfig: { apiKey: 'sk-real1234', maxTokens: 512 },
				description: '[redacted]',
			},
		];
		expect(maskedSecretsIn(nodes, 'nodes')).toEqual([]);
	});
});

describe('a server as a workflow sets it', () => {
	it.each([
		'https://n8n.example.com/mcp/orders',
		'http://localhost:5678/mcp/x',
		'wss://a.example.com/mcp',
		'WS://a.example.com',
	])('takes the URL %s', (url) => expect(mcpUrlSchema().safeParse(url).success).toBe(true));

	it.each(['ftp://a.example.com', 'a.example.com/mcp', 'https://', 'https://a b.example.com', ''])(
		'refuses the URL %j',
		(url) => expect(mcpUrlSchema().safeParse(url).success).toBe(false),
	);

	it('takes sse and websocket, and refuses stdio saying why', () => {
		expect(mcpTransportSchema().safeParse('sse').success).toBe(true);
		expect(mcpTransportSchema().safeParse('websocket').success).toBe(true);
		const stdio = mcpTransportSchema().safeParse('stdio');
		expect(stdio.success).toBe(false);
		expect(JSON.stringify(stdio)).toContain("runs a command on Convocore's side");
		expect(mcpTransportSchema().safeParse('http').success).toBe(false);
	});
});
