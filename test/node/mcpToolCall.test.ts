/**
 * An MCP tool's answer reaching Agent > Send Message's output through n8n's engine: the agent's
 * LLM node carries an MCP server (set as Agent > Update or Connect MCP Server would, one PATCH of
 * the nodes), the sandbox's scripted agent connects to it (sandbox/domain/mcpTurn.ts) and the
 * node's reply and actions are the tool's. The real MCP Server Trigger is `npm run e2e`'s.
 */
import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { useSandbox } from '../harness/convocore';
import { sendMessages } from '../harness/interact';
import { ORDER_1234, startOrderServer, type OrderServer } from '../harness/mcpServer';

const sandbox = useSandbox();
let server: OrderServer;

beforeAll(async () => {
	server = await startOrderServer('sse');
});
afterAll(async () => {
	await server.close();
});

async function connect(url: string) {
	const node = {
		id: 'node-orders',
		name: 'Orders',
		description: 'Answers questions about orders',
		instructions: 'Look up the order with your tools.',
		llmConfig: { modelId: 'gpt-4o-mini', temperature: 0.3, maxTokens: 512 },
		mcpServers: [{ name: 'n8n-orders', url, transport: 'sse' }],
	};
	const response = await fetch(
		`${sandbox.current.baseUrl('eu')}/agents/${SANDBOX_IDS.rentalAgent}`,
		{
			method: 'PATCH',
			headers: {
				authorization: `Bearer ${SANDBOX_KEYS.euWhiteLabel}`,
				'content-type': 'application/json',
			},
			body: JSON.stringify({ agent: { nodes: [node] } }),
		},
	);
	expect(response.status).toBe(200);
}

describe('Send Message with an MCP server on the agent', () => {
	it('"where is order 1234?" is answered by the tool, shown as a tool_call action', async () => {
		await connect(server.url);
		const [item] = (
			await sendMessages(sandbox.current, [{ message: 'where is order 1234?' }])
		).items();
		expect(item.json.reply).toBe(ORDER_1234);
		expect(item.json.actions).toEqual([
			expect.objectContaining({
				type: 'tool_call',
				name: 'lookup_order',
				input: { orderId: '1234' },
				output: { answer: ORDER_1234 },
			}),
		]);
	});

	it('a server that cannot be reached: the reply is the apology, the run does not fail', async () => {
		const closed = await startOrderServer('streamable-http');
		await closed.close();
		await connect(closed.url);
		const [item] = (
			await sendMessages(sandbox.current, [{ message: 'where is order 1234?' }])
		).items();
		expect(item.json.reply).toMatch(
			/^Sorry, I could not use my tools on "n8n-orders" just now: the tool server could not be reached/,
		);
		expect(item.json.actions).toEqual([
			expect.objectContaining({
				type: 'tool_call',
				output: expect.objectContaining({ error: 'unreachable' }),
			}),
		]);
	});
});
