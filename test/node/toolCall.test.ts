/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up secrets, never ships (package.json "files" is dist/ only) */
/**
 * A tool created with Tool > Create, really called by the sandbox's scripted agent when Agent >
 * Send Message asks for it (sandbox/domain/toolCalls.ts): the request the tool's server gets (method,
 * fields in query, body and header, the secret header), the reply built from its answer, and a
 * sensible reply when the server fails, times out or a required value is missing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { TOOL_CALL_TIMEOUT_MS } from '../../sandbox/domain/toolCalls';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { sendMessages } from '../harness/interact';

const sandbox = useSandbox();
const SECRET = 'whsec_tool_call_0123456789';
const OPENING_HOURS = 'We are open Monday to Friday, 8:00 to 18:00, and Saturday until 12:00.';

interface Received {
	method: string;
	url: string;
	headers: IncomingMessage['headers'];
	body: string;
}

/** A tool server on a free port: records each request and answers with `respond`. */
let server: Server;
let toolUrl: string;
let received: Received[] = [];
let respond: (res: ServerResponse) => void;

beforeAll(async () => {
	server = createServer((req, res) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString()));
		req.on('end', () => {
			received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
			respond(res);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	toolUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/opening-hours`;
});
beforeEach(() => {
	received = [];
	respond = (res) =>
		res
			.writeHead(200, { 'content-type': 'application/json' })
			.end(JSON.stringify({ answer: OPENING_HOURS }));
});
afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});

async function createTool(overrides: INodeParameters = {}) {
	const result = await runConvocore(
		{
			resource: 'tool',
			operation: 'create',
			agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.rentalAgent },
			toolName: 'check_opening_hours',
			toolDescription: 'Check the opening hours of the practice',
			serverUrl: toolUrl,
			toolFields: {
				field: [
					{ key: 'day', type: 'string', in: 'query', defaultValue: 'today' },
					{ key: 'people', type: 'number', in: 'body', defaultValue: '2' },
					{ key: 'X-Caller', type: 'string', in: 'header', defaultValue: 'web' },
				],
			},
			additionalFields: { serverUrlSecret: SECRET },
			...overrides,
		},
		{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
	);
	return result.items()[0].json;
}

describe('Tools the sandbox really calls', () => {
	it('asking for the opening hours calls the tool once and the reply is its answer', async () => {
		await createTool();
		const [item] = (
			await sendMessages(sandbox.current, [
				{ message: 'What are your opening hours on day: Saturday?' },
			])
		).items();
		expect(item.json.reply).toBe(OPENING_HOURS);
		expect(item.json.actions).toEqual([
			{
				type: 'tool_call',
				name: 'check_opening_hours',
				payload: { toolId: 'tool-1' },
				input: { day: 'Saturday', people: 2, 'X-Caller': 'web' },
				output: { status: 200, answer: OPENING_HOURS },
			},
		]);
		expect(received).toHaveLength(1);
		const [call] = received;
		expect([call.method, call.url, JSON.parse(call.body)]).toEqual([
			'POST',
			'/webhook/opening-hours?day=Saturday',
			{ people: 2 },
		]);
		expect(call.headers['x-caller']).toBe('web');
		// How Convocore presents serverUrlSecret is not published: the sandbox's own header, named so.
		expect(call.headers['x-sandbox-server-url-secret']).toBe(SECRET);
		expect(call.headers['x-convocore-secret']).toBeUndefined();
		const [record] = sandbox.current.interact.toolCalls;
		expect(record).toEqual(
			expect.objectContaining({ toolName: 'check_opening_hours', status: 200, secretSent: true }),
		);
		expect(JSON.stringify(sandbox.current.interact.toolCalls)).not.toContain(SECRET);
	});

	it('a GET tool sends body fields in the query; a plain-text answer is the reply', async () => {
		respond = (res) =>
			res.writeHead(200, { 'content-type': 'text/plain' }).end('Open today until 18:00.');
		await createTool({ method: 'GET', additionalFields: {} });
		const [item] = (
			await sendMessages(sandbox.current, [{ message: 'opening hours please' }])
		).items();
		expect(item.json.reply).toBe('Open today until 18:00.');
		expect([received[0].method, received[0].url, received[0].body]).toEqual([
			'GET',
			'/webhook/opening-hours?day=today&people=2',
			'',
		]);
		expect(received[0].headers['x-sandbox-server-url-secret']).toBeUndefined();
	});

	it("a header field's fixed value is sent as that header whatever the message says, and is never recorded", async () => {
		await createTool({ additionalFields: {} });
		const stored = sandbox.current.state.tools!['tool-1'];
		stored.fields = [
			...stored.fields,
			{
				id: 'X-Tool-Key',
				key: 'X-Tool-Key',
				type: 'string',
				in: 'header',
				value: SECRET,
				required: false,
			},
		];
		const [item] = (
			await sendMessages(sandbox.current, [
				{ message: 'What are your opening hours? X-Tool-Key: guessed-by-the-model' },
			])
		).items();
		expect(item.json.reply).toBe(OPENING_HOURS);
		expect(received[0].headers['x-tool-key']).toBe(SECRET);
		expect(sandbox.current.interact.toolCalls[0]).toEqual(
			expect.objectContaining({ fixedHeaders: ['X-Tool-Key'], secretSent: false }),
		);
		expect(JSON.stringify([item.json, sandbox.current.interact.toolCalls])).not.toContain(SECRET);
	});

	it('a message that does not name the tool is answered as before, without a call', async () => {
		await createTool();
		const [item] = (
			await sendMessages(sandbox.current, [{ message: 'How much does a cleaning cost?' }])
		).items();
		expect(item.json.reply).toBe('A check-up costs 60 EUR; a cleaning 90 EUR.');
		expect(received).toHaveLength(0);
	});

	it('a disabled tool is not called', async () => {
		await createTool({ additionalFields: { disabled: true } });
		await sendMessages(sandbox.current, [{ message: 'What are your opening hours?' }]);
		expect(received).toHaveLength(0);
	});

	it('an error status gives a reply that says so', async () => {
		respond = (res) => res.writeHead(500).end('boom');
		await createTool();
		const [item] = (
			await sendMessages(sandbox.current, [{ message: 'What are your opening hours?' }])
		).items();
		expect(item.json.reply).toBe(
			'Sorry, I could not check opening hours just now: the tool answered with an error (HTTP 500). Please try again later.',
		);
	});

	it('a server that never answers gives a reply after the tool timeout (10 s by default), not a hung turn', async () => {
		expect(sandbox.current.interact.toolTimeoutMs).toBe(TOOL_CALL_TIMEOUT_MS);
		expect(TOOL_CALL_TIMEOUT_MS).toBe(10_000);
		respond = () => undefined; // never answers
		sandbox.current.interact.toolTimeoutMs = 300;
		await createTool();
		const [item] = (
			await sendMessages(sandbox.current, [{ message: 'What are your opening hours?' }])
		).items();
		expect(item.json.reply).toBe(
			'Sorry, I could not check opening hours just now: the tool did not answer within 0.3 seconds. Please try again later.',
		);
		expect(sandbox.current.interact.toolCalls[0]).toEqual(
			expect.objectContaining({ error: 'timeout' }),
		);
	});

	it('a required field without a value is asked for instead of calling', async () => {
		await createTool({
			toolFields: {
				field: [
					{
						key: 'day',
						type: 'string',
						in: 'query',
						required: true,
						description: 'The day asked about',
					},
				],
			},
		});
		const [item] = (
			await sendMessages(sandbox.current, [{ message: 'What are your opening hours?' }])
		).items();
		expect(item.json.reply).toBe(
			'To use check_opening_hours I need a value for: day (The day asked about). Could you tell me?',
		);
		expect(received).toHaveLength(0);
	});
});
