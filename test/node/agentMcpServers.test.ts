/* eslint-disable @typescript-eslint/no-explicit-any -- Dry Run bodies are read loosely, as a client reads them */
/**
 * Agent > Connect and Disconnect MCP Server through n8n's engine against the sandbox over real
 * HTTP, in both sandbox modes: the agent's stored nodes after each (the nodes not targeted
 * byte-identical, every key of a targeted node as it was but mcpServers), the refusals with no
 * write sent, Dry Run, and no node secret in any output.
 */
import type { INodeParameters } from 'n8n-workflow';
import { canvasNodes, MCP_SEED_IDS } from '../../sandbox/seed/mcpAgents';
import { getAgentNodes } from '../../nodes/Convocore/methods/agents';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const canvas = MCP_SEED_IDS.nodeAgent;
const byId = (agentId: string) => ({ __rl: true, mode: 'id', value: agentId });
const orderServer = {
	name: 'n8n-orders',
	url: 'https://n8n.example.com/mcp/orders',
	transport: 'sse',
};

describe.each(['strict', 'published'] as const)(
	'MCP servers on agent nodes (%s sandbox)',
	(mode) => {
		const sandbox = useSandbox({ mode });

		/** The MCP seed agents live in the EU legacy workspace (sandbox/seed/mcpAgents.ts). */
		const legacyCredential = () =>
			sandboxCredential(sandbox.current, sandbox.current.keys.euLegacy);

		async function agentOp(parameters: INodeParameters, agentId: string = canvas) {
			return await runConvocore(
				{ resource: 'agent', agentId: byId(agentId), ...parameters },
				{ credential: legacyCredential(), typeVersion: 6 },
			);
		}
		const connect = (parameters: INodeParameters = {}, agentId?: string) =>
			agentOp(
				{
					operation: 'connectMcpServer',
					serverName: orderServer.name,
					serverUrl: orderServer.url,
					...parameters,
				},
				agentId,
			);
		const disconnect = (parameters: INodeParameters, agentId?: string) =>
			agentOp({ operation: 'disconnectMcpServer', ...parameters }, agentId);

		const storedNodes = (agentId: string = canvas) =>
			sandbox.current.state.agents[agentId].fields?.nodes as Array<Record<string, unknown>>;
		const requests = () =>
			sandbox.current.requests().map(({ method, path }) => `${method} ${path}`);
		const json = (value: unknown) => JSON.stringify(value);
		/** The run's failure, to throw: the engine hands it over as the run's result, not by rejecting. */
		const failing = async (run: ReturnType<typeof agentOp>) => {
			const result = await run;
			return () => result.items();
		};
		/** The seeded node of this ID, as JSON. */
		const seeded = (id: string) => json(canvasNodes().find((node) => node.id === id));
		const expectNoNodeSecret = (output: unknown) =>
			expect(json(output)).not.toContain(MCP_SEED_IDS.nodeApiKey);

		describe('Connect MCP Server', () => {
			it('adds the server to every LLM node in one PATCH; the other nodes and keys go back byte-identical', async () => {
				const [item] = (await connect({ reconnect: { maxAttempts: 5 } })).items();
				expect(requests()).toEqual([`GET /agents/${canvas}`, `PATCH /agents/${canvas}`]);
				const nodes = storedNodes();
				expect(nodes.map((node) => node.id)).toEqual([
					'node-start',
					'node-orders',
					'node-faq',
					'node-end',
				]);
				expect(json(nodes[0])).toBe(seeded('node-start'));
				expect(json(nodes[3])).toBe(seeded('node-end'));
				const entry = { ...orderServer, reconnect: { maxAttempts: 5 } };
				const before = canvasNodes();
				expect(json(nodes[1])).toBe(json({ ...before[1], mcpServers: [entry] }));
				expect(json(nodes[2])).toBe(
					json({ ...before[2], mcpServers: [...(before[2].mcpServers as unknown[]), entry] }),
				);
				expect(item.json).toEqual({
					agentId: canvas,
					server: entry,
					nodesWithServer: [
						{ id: 'node-orders', name: 'Orders' },
						{ id: 'node-faq', name: 'FAQ' },
					],
					changedNodes: [
						{ id: 'node-orders', name: 'Orders', change: 'added' },
						{ id: 'node-faq', name: 'FAQ', change: 'added' },
					],
				});
				// The node's LLM key went back unchanged, and never out.
				expect((nodes[1].llmConfig as { apiKey: string }).apiKey).toBe(MCP_SEED_IDS.nodeApiKey);
				expectNoNodeSecret(item.json);
			});

			it('items run one after another: two servers connected by two items to one agent are both kept', async () => {
				const run = await runConvocore(
					{
						resource: 'agent',
						operation: 'connectMcpServer',
						agentId: byId(canvas),
						serverName: '={{ $json.name }}',
						serverUrl: '={{ $json.url }}',
					},
					{
						credential: legacyCredential(),
						typeVersion: 6,
						input: [
							{ json: { name: 'first', url: 'https://a.example.com/mcp' } },
							{ json: { name: 'second', url: 'https://b.example.com/mcp' } },
						],
					},
				);
				expect(run.items()).toHaveLength(2);
				expect(
					(storedNodes()[1].mcpServers as Array<{ name: string }>).map(({ name }) => name),
				).toEqual(['first', 'second']);
			});

			it('replaces the entry of the same name where it was, on the chosen node only', async () => {
				const [item] = (
					await connect({
						serverName: 'docs',
						serverUrl: 'wss://docs.example.com/mcp',
						transport: 'websocket',
						nodeSelection: 'chosen',
						nodeIds: ['node-faq'],
					})
				).items();
				const nodes = storedNodes();
				expect(nodes[2].mcpServers).toEqual([
					{ name: 'docs', url: 'wss://docs.example.com/mcp', transport: 'websocket' },
				]);
				for (const index of [0, 1, 3]) expect(json(nodes[index])).toBe(json(canvasNodes()[index]));
				expect(item.json.changedNodes).toEqual([
					{ id: 'node-faq', name: 'FAQ', change: 'replaced' },
				]);
			});

			it('puts the server on chosen nodes of any type, given as comma-separated text by an expression', async () => {
				const [item] = (
					await connect({ nodeSelection: 'chosen', nodeIds: '={{ "node-start, node-orders" }}' })
				).items();
				expect(storedNodes()[0].mcpServers).toEqual([orderServer]);
				expect(storedNodes()[1].mcpServers).toEqual([orderServer]);
				expect(json(storedNodes()[2])).toBe(seeded('node-faq'));
				expect(item.json.nodesWithServer).toEqual([
					{ id: 'node-start', name: 'Start' },
					{ id: 'node-orders', name: 'Orders' },
				]);
			});

			it.each([
				[
					{ serverUrl: 'ftp://n8n.example.com/mcp/orders' },
					/serverUrl: must be an http\(s\) or ws\(s\) URL/,
				],
				[{ serverUrl: 'n8n.example.com/mcp' }, /serverUrl: must be an http\(s\) or ws\(s\) URL/],
				[
					{ transport: '={{ "stdio" }}' },
					/transport: stdio is not offered: it runs a command on Convocore's side/,
				],
				[{ serverName: '  ' }, /serverName: is required/],
				[{ nodeSelection: 'chosen', nodeIds: '={{ [] }}' }, /nodeIds: choose at least one node/],
				[{ reconnect: { maxAttempts: 0 } }, /reconnect\.maxAttempts: must be at least 1/],
			])(
				'refuses %j before sending anything, naming the field and the item',
				async (parameters, message) => {
					expect(await failing(connect(parameters))).toThrow(message);
					const { error } = (await connect(parameters)).run.data.resultData;
					expect(error?.description).toMatch(/In item 0\./);
					expect(requests()).toEqual([]);
				},
			);

			it('refuses a classic agent (no LLM nodes), saying MCP servers live on nodes; nothing is written', async () => {
				expect(await failing(connect({}, MCP_SEED_IDS.classicAgent))).toThrow(
					`Cannot connect the MCP server in item 0: agentId: agent ${MCP_SEED_IDS.classicAgent} has no LLM nodes`,
				);
				expect(requests()).toEqual([`GET /agents/${MCP_SEED_IDS.classicAgent}`]);
				expect(storedNodes(MCP_SEED_IDS.classicAgent)).toBeUndefined();
			});

			it('refuses chosen node IDs the agent does not have, naming them; nothing is written', async () => {
				expect(
					await failing(
						connect({ nodeSelection: 'chosen', nodeIds: ['node-orders', 'node-gone'] }),
					),
				).toThrow(`nodeIds: no node node-gone on agent ${canvas}`);
				expect(requests()).toEqual([`GET /agents/${canvas}`]);
				expect(json(storedNodes())).toBe(json(canvasNodes()));
			});

			it('refuses an agent answered with a masked node secret: writing the mask back would replace the key', async () => {
				const nodes = storedNodes();
				(nodes[1].llmConfig as { apiKey: string }).apiKey = 'sk-****************Vd4';
				const before = json(nodes);
				expect(await failing(connect())).toThrow(
					`agentId: agent ${canvas} was answered with masked secrets in nodes[1].llmConfig.apiKey`,
				);
				expect(requests()).toEqual([`GET /agents/${canvas}`]);
				expect(json(storedNodes())).toBe(before);
			});

			it('warns when the answer does not hold the servers sent (a server that dropped nodes)', async () => {
				sandbox.current.state.droppedAgentFields = ['nodes'];
				const [item] = (await connect()).items();
				expect(item.json.warnings).toEqual([
					expect.stringMatching(
						new RegExp(`^Agent ${canvas}: Convocore answered without this field as set: nodes\\.`),
					),
				]);
				expect(json(storedNodes())).toBe(json(canvasNodes()));
			});

			it('Dry Run shows the PATCH with the node key redacted and sends it not', async () => {
				const [item] = (await connect({ options: { dryRun: true } })).items();
				expect(requests()).toEqual([`GET /agents/${canvas}`]);
				expect(json(storedNodes())).toBe(json(canvasNodes()));
				expect(item.json.dryRun).toBe(true);
				const [request] = item.json.requests as Array<{ method: string; url: string; body: any }>;
				expect(request.method).toBe('PATCH');
				expect(request.url).toMatch(new RegExp(`/agents/${canvas}$`));
				expect(request.body.agent.nodes[1].llmConfig.apiKey).toBe('[redacted]');
				expect(request.body.agent.nodes[1].mcpServers).toEqual([orderServer]);
				expect(item.json.nodesWithServer).toEqual([
					{ id: 'node-orders', name: 'Orders' },
					{ id: 'node-faq', name: 'FAQ' },
				]);
				expectNoNodeSecret(item.json);
			});
		});

		describe('Disconnect MCP Server', () => {
			it('removes the server by name from every node that has it; the other nodes go back byte-identical', async () => {
				await connect();
				const [item] = (await disconnect({ serverName: orderServer.name })).items();
				const nodes = storedNodes();
				const before = canvasNodes();
				expect(json(nodes[0])).toBe(seeded('node-start'));
				expect(json(nodes[1])).toBe(json({ ...before[1], mcpServers: [] }));
				expect(json(nodes[2])).toBe(seeded('node-faq'));
				expect(json(nodes[3])).toBe(seeded('node-end'));
				expect(item.json).toEqual({
					agentId: canvas,
					serverName: orderServer.name,
					removedFrom: [
						{ id: 'node-orders', name: 'Orders' },
						{ id: 'node-faq', name: 'FAQ' },
					],
					changed: true,
				});
				expectNoNodeSecret(item.json);
			});

			it('removes it from the chosen nodes only', async () => {
				await connect();
				const [item] = (
					await disconnect({
						serverName: orderServer.name,
						nodeSelection: 'chosen',
						nodeIds: ['node-faq'],
					})
				).items();
				expect(storedNodes()[1].mcpServers).toEqual([orderServer]);
				expect(json(storedNodes()[2])).toBe(seeded('node-faq'));
				expect(item.json.removedFrom).toEqual([{ id: 'node-faq', name: 'FAQ' }]);
			});

			it('nothing to remove: a clear output, changed false, and no PATCH', async () => {
				const [item] = (await disconnect({ serverName: 'never-connected' })).items();
				expect(item.json).toEqual({
					agentId: canvas,
					serverName: 'never-connected',
					removedFrom: [],
					changed: false,
				});
				expect(requests()).toEqual([`GET /agents/${canvas}`]);
			});

			it('Dry Run with nothing to remove: its one shape, no request', async () => {
				const [item] = (
					await disconnect({ serverName: 'never-connected', options: { dryRun: true } })
				).items();
				expect(item.json).toEqual({
					dryRun: true,
					requests: [],
					agentId: canvas,
					serverName: 'never-connected',
					removedFrom: [],
					changed: false,
				});
				expect(requests()).toEqual([`GET /agents/${canvas}`]);
			});

			it('refuses chosen node IDs the agent does not have; nothing is written', async () => {
				expect(
					await failing(
						disconnect({ serverName: 'docs', nodeSelection: 'chosen', nodeIds: ['node-gone'] }),
					),
				).toThrow(`nodeIds: no node node-gone on agent ${canvas}`);
				expect(requests()).toEqual([`GET /agents/${canvas}`]);
			});

			it('refuses a masked node secret before writing', async () => {
				(storedNodes()[1].llmConfig as { apiKey: string }).apiKey = '••••••••';
				expect(await failing(disconnect({ serverName: 'docs' }))).toThrow(
					/masked secrets in nodes\[1\]\.llmConfig\.apiKey/,
				);
				expect(requests()).toEqual([`GET /agents/${canvas}`]);
			});

			it('Dry Run shows the PATCH, secrets redacted, and sends it not', async () => {
				const [item] = (
					await disconnect({ serverName: 'docs', options: { dryRun: true } })
				).items();
				expect(requests()).toEqual([`GET /agents/${canvas}`]);
				const [request] = item.json.requests as Array<{ body: any }>;
				expect(request.body.agent.nodes[2].mcpServers).toEqual([]);
				expectNoNodeSecret(item.json);
				expect(json(storedNodes())).toBe(json(canvasNodes()));
			});
		});

		it("the node picker lists the agent's nodes by name and type", async () => {
			const options = await getAgentNodes.call(
				loadOptionsContext(
					sandbox.current,
					{ resource: 'agent', operation: 'connectMcpServer', agentId: byId(canvas) },
					{ credential: legacyCredential() },
				),
			);
			expect(options.map(({ name, value }) => [name, value])).toEqual([
				['Start (start node)', 'node-start'],
				['Orders (LLM node)', 'node-orders'],
				['FAQ (LLM node)', 'node-faq'],
				['Goodbye (end node)', 'node-end'],
			]);
			expectNoNodeSecret(options);
		});
	},
);
