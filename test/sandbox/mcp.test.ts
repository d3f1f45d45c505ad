/* eslint-disable @typescript-eslint/no-explicit-any, @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest (an HTTP event receiver; the sandbox's JSON answers and frames are read loosely, as a client reads them), never ships (package.json "files" is dist/ only) */
/**
 * The sandbox's scripted agent as an MCP client (sandbox/domain/mcpTools.ts, mcpTurn.ts): MCP
 * servers made with the SDK's own server classes (test/harness/mcpServer.ts), set on the agent's
 * LLM nodes or sent with one SMS; a turn on the interact socket or in SMS agent mode that asks for
 * a tool gets the tool's answer, and a server that cannot be used gives an apology and an event.
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import WebSocket from 'ws';
import { INTERACT_BUCKETS } from '../../nodes/shared/contracts/agentInteract';
import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import type { Sandbox } from '../../sandbox';
import { McpSession } from '../../sandbox/domain/mcpTools';
import { ORDER_1234, startOrderServer, type OrderServer } from '../harness/mcpServer';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const agentId = SANDBOX_IDS.rentalAgent;

/** A receiver for the sandbox's events that answers 200 to all. */
let receiver: Server;
let receiverUrl: string;
const servers: OrderServer[] = [];
beforeAll(async () => {
	receiver = createServer((_req, res) => res.writeHead(200).end('{}'));
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
});
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(async () => {
	receiver.closeAllConnections();
	await new Promise((resolve) => receiver.close(resolve));
});

async function orderServer(...args: Parameters<typeof startOrderServer>) {
	const server = await startOrderServer(...args);
	servers.push(server);
	return server;
}

/** A port nothing listens on: a server started and closed. */
async function deadUrl(): Promise<string> {
	const server = await orderServer('streamable-http');
	await server.close();
	return server.url;
}

const llmNode = (id: string, mcpServers: unknown[], extra: Record<string, unknown> = {}) => ({
	id,
	name: id,
	description: `Node ${id}`,
	instructions: 'Help the customer.',
	llmConfig: { modelId: 'gpt-4o-mini', temperature: 0.3, maxTokens: 512 },
	mcpServers,
	...extra,
});

/** Sets the agent's nodes as Agent > Update (or Connect MCP Server) would: PATCH with the whole array. */
async function setNodes(s: Sandbox, nodes: unknown[]) {
	const answer = await api(s, 'PATCH', `/agents/${agentId}`, { key, body: { agent: { nodes } } });
	expect(answer.status).toBe(200);
}

const entry = (url: string, name = 'orders') => ({ name, url, transport: 'sse' });

/** One turn on the interact socket: the frames the sandbox sent, parsed, until it closed. */
async function turn(s: Sandbox, prompt: string, extra: Record<string, unknown> = {}) {
	const socket = new WebSocket(`${s.url.replace(/^http/, 'ws')}/interact`, {
		headers: { authorization: `Bearer ${key}` },
	});
	const frames: any[] = [];
	socket.on('message', (data) => frames.push(JSON.parse(String(data))));
	await new Promise((resolve) => socket.once('open', resolve));
	socket.send(
		JSON.stringify({
			agentId,
			convoId: `mcp-${Math.random().toString(36).slice(2)}`,
			bucket: INTERACT_BUCKETS.eu,
			prompt,
			...extra,
		}),
	);
	await new Promise((resolve) => socket.once('close', resolve));
	const reply = frames
		.filter((frame) => frame.type === 'chunk')
		.map((frame) => frame.chunk)
		.join('');
	const actions = frames.filter((frame) => frame.type === 'action').map((frame) => frame.action);
	return { reply, actions };
}

/** The replies the conversation events carried (the bot's last turn of each). */
async function eventReplies(s: Sandbox): Promise<string[]> {
	await s.settleEvents();
	return s.delivered
		.filter((event) => event.type === 'conversation_updated')
		.map((event: any) => {
			const turns = event.body.payload.turns;
			return turns[turns.length - 1].messages[0].item.payload.message;
		});
}

describe('the scripted agent uses the MCP servers of its LLM nodes', () => {
	it('Streamable HTTP: "where is order 1234?" calls the one tool with orderId 1234 and answers with its text', async () => {
		const s = sandbox();
		const server = await orderServer('streamable-http');
		await setNodes(s, [llmNode('main', [entry(server.url)])]);
		const { reply, actions } = await turn(s, 'where is order 1234?');
		expect(reply).toBe(ORDER_1234);
		expect(server.calls).toEqual([{ tool: 'lookup_order', args: { orderId: '1234' } }]);
		expect(actions).toEqual([
			{
				type: 'tool_call',
				payload: { mcpServer: 'orders' },
				toolMetadata: {
					toolName: 'lookup_order',
					input: { orderId: '1234' },
					output: { answer: ORDER_1234 },
				},
			},
		]);
		expect(s.state.mcpCalls).toEqual([
			expect.objectContaining({
				server: 'orders',
				source: 'agent',
				transport: 'streamable-http',
				tool: 'lookup_order',
				answer: ORDER_1234,
				channel: 'web-chat',
			}),
		]);
	});

	it('an SSE-only server: the Streamable HTTP POST is refused, the agent opens the SSE stream and answers', async () => {
		const s = sandbox();
		const server = await orderServer('sse');
		await setNodes(s, [llmNode('main', [entry(server.url)])]);
		const { reply } = await turn(s, 'where is order 1234?');
		expect(reply).toBe(ORDER_1234);
		expect(server.requests.slice(0, 2)).toEqual(['POST /mcp/orders', 'GET /mcp/orders']);
		expect(s.state.mcpCalls?.[0]).toEqual(
			expect.objectContaining({ transport: 'sse', answer: ORDER_1234 }),
		);
	});

	it('with two tools, the one the message names is called (store hours); a message naming none gets the usual reply', async () => {
		const s = sandbox();
		const server = await orderServer('streamable-http', { extraTool: true });
		await setNodes(s, [llmNode('main', [entry(server.url)])]);
		expect((await turn(s, 'What are the store hours?')).reply).toBe('Open 9 to 5.');
		expect((await turn(s, 'Where is my order? orderId: 77')).reply).toBe('I found no order 77.');
		const unrelated = await turn(s, 'Tell me a joke about clouds');
		expect(unrelated.actions).toEqual([]);
		expect(server.calls.map((call) => call.tool)).toEqual(['store_hours', 'lookup_order']);
	});

	it('every LLM node counts, a server named twice is used once; a server that fails does not speak when another one answers; an example host is never looked up', async () => {
		const s = sandbox();
		const server = await orderServer('streamable-http');
		await setNodes(s, [
			llmNode('faq', [entry('https://docs.example.com/mcp/sse', 'docs')]),
			llmNode('orders', [entry(server.url)], { type: 'default' }),
			llmNode('more', [entry(server.url)]),
		]);
		expect((await turn(s, 'where is order 1234?')).reply).toBe(ORDER_1234);
		expect(s.state.mcpCalls?.map(({ server, error, answer }) => [server, error ?? answer])).toEqual(
			[
				['docs', 'unreachable'],
				['orders', ORDER_1234],
			],
		);
		expect(server.calls).toHaveLength(1);
		await expect(
			McpSession.open(
				{ ...entry('https://docs.example.com/mcp/sse', 'docs'), source: 'agent' },
				new AbortController().signal,
			),
		).rejects.toThrow(/reserved for examples/);
	});

	it('servers on nodes that are not LLM nodes (start, end, condition) are not used; the greeting connects to none', async () => {
		const s = sandbox();
		const server = await orderServer('streamable-http');
		await setNodes(s, [
			llmNode('start', [entry(server.url)], { type: 'start' }),
			llmNode('route', [entry(server.url)], { type: 'condition' }),
		]);
		const { reply } = await turn(s, 'where is order 1234?');
		expect(reply).not.toContain('Tuesday');
		await setNodes(s, [llmNode('main', [entry(server.url)], { type: 'default' })]);
		await turn(s, 'start');
		expect(server.requests).toEqual([]);
		expect((await turn(s, 'where is order 1234?')).reply).toBe(ORDER_1234);
	});
});

describe('an MCP server the agent cannot use: a spoken apology and a conversation event, never a hang', () => {
	const apologyCases: Array<[string, () => Promise<string>, RegExp, string]> = [
		['unreachable', deadUrl, /could not be reached/, 'unreachable'],
		[
			'answering 401 (a protected MCP Server Trigger)',
			async () => (await orderServer('streamable-http', { bearer: 'not-sent-by-convocore' })).url,
			/refused the connection \(HTTP 401\)/,
			'unauthorized',
		],
	];
	it.each(apologyCases)('%s', async (_label, url, why, failure) => {
		const s = sandbox();
		s.setEventReceiver(receiverUrl);
		await setNodes(s, [llmNode('main', [entry(await url())])]);
		const { reply, actions } = await turn(s, 'where is order 1234?');
		expect(reply).toMatch(/^Sorry, I could not use my tools on "orders" just now: /);
		expect(reply).toMatch(why);
		expect(actions).toEqual([
			expect.objectContaining({
				type: 'tool_call',
				payload: { mcpServer: 'orders' },
				toolMetadata: expect.objectContaining({
					output: expect.objectContaining({ error: failure }),
				}),
			}),
		]);
		expect(await eventReplies(s)).toEqual([reply]);
	});

	it('a tool error: the apology says the tool answered with an error', async () => {
		const s = sandbox();
		s.setEventReceiver(receiverUrl);
		const server = await orderServer('sse');
		await setNodes(s, [llmNode('main', [entry(server.url)])]);
		const { reply, actions } = await turn(s, 'Where is my order? orderId: fail');
		expect(reply).toBe(
			'Sorry, I could not lookup order just now: the tool answered with an error (The order system is down.). Please try again later.',
		);
		expect(actions[0].toolMetadata).toEqual({
			toolName: 'lookup_order',
			input: { orderId: 'fail' },
			output: { error: 'tool-error', message: 'The order system is down.' },
		});
		expect(await eventReplies(s)).toEqual([reply]);
	});

	it('a websocket server is not spoken to: the apology names the transport', async () => {
		const s = sandbox();
		const server = await orderServer('streamable-http');
		// Even at an http URL: the entry says websocket, which n8n does not serve.
		await setNodes(s, [llmNode('main', [{ ...entry(server.url), transport: 'websocket' }])]);
		const { reply } = await turn(s, 'where is order 1234?');
		expect(reply).toMatch(/speaks MCP over HTTP \(transport sse\), not websocket/);
		expect(server.requests).toEqual([]);
	});
});

describe('SMS agent mode with servers for the one interaction (options.agentOptions.mcpServers)', () => {
	const sms = (s: Sandbox, message: string, options: Record<string, unknown>) =>
		api(s, 'POST', '/sms', {
			key,
			body: { agentId, to: '+4917600000123', mode: 'agent', message, options },
		});

	it('the SMS the agent sends is the tool answer; the servers are not saved on the agent', async () => {
		const s = sandbox();
		const server = await orderServer('sse');
		const before = JSON.stringify(s.state.agents[agentId]);
		const answer = await sms(s, 'where is order 1234?', {
			agentOptions: { mcpServers: [entry(server.url)] },
		});
		expect(answer.status).toBe(200);
		expect(answer.body.messagesPreview).toEqual([ORDER_1234]);
		expect(s.sentSms.map((sent) => sent.body)).toEqual([ORDER_1234]);
		expect(s.state.mcpCalls?.[0]).toEqual(
			expect.objectContaining({ source: 'interaction', channel: 'sms', tool: 'lookup_order' }),
		);
		expect(JSON.stringify(s.state.agents[agentId])).toBe(before);
	});

	it("the interaction's entry wins over the node's of the same name; a dry run calls no tool", async () => {
		const s = sandbox();
		const [nodeServer, smsServer] = [
			await orderServer('sse'),
			await orderServer('streamable-http'),
		];
		await setNodes(s, [llmNode('main', [entry(nodeServer.url)])]);
		await sms(s, 'where is order 1234?', {
			agentOptions: { mcpServers: [entry(smsServer.url)] },
		});
		expect([nodeServer.calls.length, smsServer.calls.length]).toEqual([0, 1]);
		const dry = await sms(s, 'where is order 1234?', {
			dryRun: true,
			agentOptions: { mcpServers: [entry(smsServer.url)] },
		});
		expect(dry.body.messagesPreview[0]).not.toContain('Tuesday');
		expect(smsServer.calls).toHaveLength(1);
	});

	it('an unreachable server: the SMS is the apology and the conversation event carries it', async () => {
		const s = sandbox();
		s.setEventReceiver(receiverUrl);
		const answer = await sms(s, 'where is order 1234?', {
			agentOptions: { mcpServers: [entry(await deadUrl())] },
		});
		expect(s.sentSms[0].body).toMatch(/^Sorry, I could not use my tools on "orders" just now/);
		expect(answer.body.messagesPreview).toEqual([s.sentSms[0].body]);
		expect(await eventReplies(s)).toEqual([s.sentSms[0].body]);
	});
});
