/**
 * SMS > Send's MCP Servers (agent mode) through n8n's engine against the sandbox, in both modes:
 * the servers reach the stored request as `options.agentOptions.mcpServers`, and a bad entry is
 * refused by field and item before anything is sent.
 */
import type { INodeParameters } from 'n8n-workflow';
import {
	directSmsParameters,
	runConvocore,
	sandboxCredential,
	useSandbox,
} from '../harness/convocore';

const servers = [
	{ name: 'n8n-orders', url: 'https://n8n.example.com/mcp/orders', transport: 'sse' },
	{ name: 'stock', url: 'wss://tools.example.com/mcp', transport: 'websocket' },
];

describe.each(['strict', 'published'] as const)(
	'SMS > Send with MCP Servers (%s sandbox)',
	(mode) => {
		const sandbox = useSandbox({ mode });
		const send = async (overrides: INodeParameters) =>
			await runConvocore(
				directSmsParameters('', {
					mode: 'agent',
					options: { initialPrompt: 'Where is my order?' },
					...overrides,
				}),
				{ credential: sandboxCredential(sandbox.current), typeVersion: 6 },
			);
		const smsRequests = () => sandbox.current.requests({ method: 'POST', path: '/sms' });
		const failure = async (overrides: INodeParameters) => {
			const { error } = (await send(overrides)).run.data.resultData;
			return `${error?.message} | ${error?.description}`;
		};

		it('sends the servers as options.agentOptions.mcpServers, beside the other agent options', async () => {
			const [item] = (
				await send({
					mcpServers: { server: servers },
					options: {
						initialPrompt: 'Where is my order?',
						agentOptions: JSON.stringify({ currentNode: 'node-orders' }),
					},
				})
			).items();
			expect(item.json.mode).toBe('agent');
			expect(smsRequests()).toHaveLength(1);
			expect((smsRequests()[0].body as { options?: unknown }).options).toEqual({
				initialPrompt: 'Where is my order?',
				agentOptions: { currentNode: 'node-orders', mcpServers: servers },
			});
		});

		it('Agent Options (JSON) mcpServers keep keys beyond the published item, as before', async () => {
			const entry = { ...servers[0], headers: { 'x-team': 'orders' } };
			const initialPrompt = 'Where is my order?';
			const agentOptions = JSON.stringify({ mcpServers: [entry] });
			(await send({ options: { initialPrompt, agentOptions } })).items();
			expect((smsRequests()[0].body as { options?: unknown }).options).toEqual({
				initialPrompt,
				agentOptions: { mcpServers: [entry] },
			});
		});

		it('sends no mcpServers when none is set', async () => {
			(await send({})).items();
			expect((smsRequests()[0].body as { options?: unknown }).options).toEqual({
				initialPrompt: 'Where is my order?',
			});
		});

		it.each([
			[{ url: 'ftp://n8n.example.com/mcp' }, /server\.0\.url: must be an http\(s\) or ws\(s\) URL/],
			[{ transport: '={{ "stdio" }}' }, /server\.0\.transport: stdio is not offered/],
			[{ name: '' }, /server\.0\.name: is required/],
		])(
			'refuses a server with %j before sending, naming the field and the item',
			async (entry, message) => {
				const text = await failure({ mcpServers: { server: [{ ...servers[0], ...entry }] } });
				expect(text).toMatch(message);
				expect(text).toMatch(/In item 0\./);
				expect(smsRequests()).toHaveLength(0);
			},
		);

		it('refuses servers set both here and in Agent Options (JSON): one of the two would be lost', async () => {
			const text = await failure({
				mcpServers: { server: servers },
				options: { agentOptions: JSON.stringify({ mcpServers: [servers[1]] }) },
			});
			expect(text).toMatch(
				/mcpServers: set the servers here or in options\.agentOptions\.mcpServers, not both/,
			);
			expect(smsRequests()).toHaveLength(0);
		});
	},
);
