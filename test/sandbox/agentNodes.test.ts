/**
 * PATCH /agents/{id} with `agent.nodes` over real HTTP: the array replaces the agent's, stored as
 * sent; the published node shape is enforced (the strict mode refuses an unknown key, the
 * published one drops it, both refuse a missing required key); the MCP seed agents.
 */
import { canvasNodes, MCP_SEED_IDS } from '../../sandbox/seed/mcpAgents';
import { api, useSandbox } from './helpers';

const strict = useSandbox();
const published = useSandbox({ mode: 'published' });
const canvas = MCP_SEED_IDS.nodeAgent;
const patchNodes = (sandbox: typeof strict, nodes: unknown) =>
	api(sandbox(), 'PATCH', `/agents/${canvas}`, {
		key: sandbox().keys.euLegacy,
		body: { agent: { nodes } },
	});
const storedNodes = (sandbox: typeof strict) => sandbox().state.agents[canvas].fields?.nodes;

describe('the MCP seed agents', () => {
	it('the canvas agent answers its nodes, the classic one none and enableNodes off', async () => {
		const key = strict().keys.euLegacy;
		const node = await api(strict(), 'GET', `/agents/${canvas}`, { key });
		expect(node.body.data.nodes).toEqual(canvasNodes());
		expect(node.body.data.enableNodes).toBe(true);
		const classic = await api(strict(), 'GET', `/agents/${MCP_SEED_IDS.classicAgent}`, { key });
		expect(classic.body.data.nodes).toBeUndefined();
		expect(classic.body.data.enableNodes).toBe(false);
	});
});

describe.each([
	['strict', strict],
	['published', published],
] as const)('PATCH /agents/{id} with nodes (%s)', (mode, sandbox) => {
	it('replaces the array with the nodes as sent, every key in its order', async () => {
		const [first, second] = canvasNodes();
		const reordered = {
			llmConfig: second.llmConfig,
			...second,
			mcpServers: [{ name: 'a', url: 'https://a.example.com/mcp', transport: 'sse' }],
		};
		const answer = await patchNodes(sandbox, [reordered, first]);
		expect(answer.status).toBe(200);
		expect(JSON.stringify(storedNodes(sandbox))).toBe(JSON.stringify([reordered, first]));
		expect(JSON.stringify(answer.body.data.nodes)).toBe(JSON.stringify([reordered, first]));
	});

	it('refuses a node without a required key (llmConfig), changing nothing', async () => {
		const withoutConfig: Record<string, unknown> = { ...canvasNodes()[1] };
		delete withoutConfig.llmConfig;
		const answer = await patchNodes(sandbox, [withoutConfig]);
		expect(answer.status).toBe(400);
		expect(JSON.stringify(answer.body)).toContain('0.llmConfig');
		expect(storedNodes(sandbox)).toEqual(canvasNodes());
	});

	it('refuses an MCP server transport outside sse, websocket, stdio', async () => {
		const node = {
			...canvasNodes()[1],
			mcpServers: [{ name: 'a', url: 'https://a.example.com', transport: 'http' }],
		};
		const answer = await patchNodes(sandbox, [node]);
		expect(answer.status).toBe(400);
		expect(storedNodes(sandbox)).toEqual(canvasNodes());
	});

	it(
		mode === 'strict'
			? 'refuses an unknown key on a node or an MCP server entry'
			: 'drops an unknown key on a node or an MCP server entry, as the published server does',
		async () => {
			const node = {
				...canvasNodes()[1],
				colour: 'blue',
				mcpServers: [
					{ name: 'a', url: 'https://a.example.com/mcp', transport: 'sse', headers: {} },
				],
			};
			const answer = await patchNodes(sandbox, [node]);
			if (mode === 'strict') {
				expect(answer.status).toBe(400);
				expect(storedNodes(sandbox)).toEqual(canvasNodes());
				return;
			}
			expect(answer.status).toBe(200);
			const kept: Record<string, unknown> = { ...node };
			delete kept.colour;
			expect(storedNodes(sandbox)).toEqual([
				{
					...kept,
					mcpServers: [{ name: 'a', url: 'https://a.example.com/mcp', transport: 'sse' }],
				},
			]);
		},
	);
});
