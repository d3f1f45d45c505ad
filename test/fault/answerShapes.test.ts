/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The request's response contract decides which shapes of success body are acceptable. An
 * untyped endpoint (`GET /agents/{agentId}/phone`) may answer a bare string, as JSON or as
 * text/plain, and that is an item; where the contract does not accept a shape (nothing, null,
 * a proxy's HTML page, a bare value where an object is specified) it stays a clear error, and a
 * write keeps its "check before retrying" warning. Driven through n8n's engine over real HTTP.
 */
import type { INodeParameters } from 'n8n-workflow';
import { runConvocore } from '../harness/convocore';
import { FaultServer, type Answer } from '../harness/faultServer';

const SECRET_KEY = 'vg_answerShapesSecret_0123456789';
const AGENT = 'agent-1';
const PHONE_PATH = `/agents/${AGENT}/phone`;
const METRICS_PATH = `/agents/${AGENT}/custom-metrics`;
const SMS_PATH = '/sms';
const NUMBER = '+4915730000001';
const OTHER_NUMBER = '+4915730000002';
const WRITE_WARNING = /check in Convocore before retrying/;

let server: FaultServer;

beforeAll(async () => {
	server = await FaultServer.start([
		{ method: 'GET', path: PHONE_PATH, success: [NUMBER] },
		{ method: 'GET', path: METRICS_PATH, success: { success: true, metrics: [], total: 0 } },
		{
			method: 'POST',
			path: SMS_PATH,
			success: {
				success: true,
				status: 'sent',
				agentId: AGENT,
				to: '+4917600000001',
				messageSid: 'SM1',
			},
			sideEffect: true,
		},
	]);
});
afterAll(async () => {
	await server.close();
});
beforeEach(() => server.reset());

async function run(parameters: INodeParameters) {
	const result = await runConvocore(parameters, {
		credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY },
		typeVersion: 2,
	});
	const error = result.error('Convocore') as (Error & { description?: string }) | undefined;
	const items = error ? [] : result.items();
	expect(`${JSON.stringify(items)} ${error?.message} ${error?.description}`).not.toContain(
		SECRET_KEY,
	);
	return { error, items };
}

const agentId = { __rl: true, mode: 'id', value: AGENT };
const phoneNumbers = async (answer: Answer) => {
	server.script('GET', PHONE_PATH, answer);
	const outcome = await run({ resource: 'agent', operation: 'getPhoneNumbers', agentId });
	expect(server.requestsTo('GET', PHONE_PATH)).toHaveLength(1);
	return outcome;
};

describe('a contract that accepts a bare string (Agent > Get Phone Numbers)', () => {
	it.each<[string, Answer]>([
		['a JSON string', { kind: 'json', body: NUMBER }],
		['text/plain', { kind: 'raw', body: NUMBER, contentType: 'text/plain; charset=utf-8' }],
		['a string inside { success, data }', { kind: 'json', body: { success: true, data: NUMBER } }],
	])('%s is one item', async (_name, answer) => {
		const { error, items } = await phoneNumbers(answer);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ phoneNumber: NUMBER }]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('a list of strings is one item per number', async () => {
		const { items } = await phoneNumbers({ kind: 'json', body: [NUMBER, OTHER_NUMBER] });
		expect(items.map((item) => item.json.phoneNumber)).toEqual([NUMBER, OTHER_NUMBER]);
	});

	it('a secret echoed in a bare text answer is redacted', async () => {
		const { items } = await phoneNumbers({
			kind: 'raw',
			body: `${NUMBER} ${SECRET_KEY}`,
			contentType: 'text/plain',
		});
		expect(items.map((item) => item.json.phoneNumber)).toEqual([`${NUMBER} [redacted]`]);
	});

	it.each<[string, Answer, RegExp]>([
		[
			'an empty body',
			{ kind: 'raw', body: '', contentType: 'application/json' },
			/with HTTP 200 but an empty body/,
		],
		[
			'null',
			{ kind: 'raw', body: 'null', contentType: 'application/json' },
			/with HTTP 200 but the body null/,
		],
		[
			"a proxy's HTML page",
			{ kind: 'raw', body: '<html><body>Gateway</body></html>', contentType: 'text/html' },
			/not valid JSON/,
		],
		[
			'malformed JSON',
			{ kind: 'raw', body: '["+49', contentType: 'application/json' },
			/not valid JSON/,
		],
		['a bare number', { kind: 'json', body: 42 }, /with HTTP 200 but a number/],
		['a list of numbers', { kind: 'json', body: [1, 2] }, /with HTTP 200 but a list/],
	])('%s is still an error, not an item', async (_name, answer, message) => {
		const { error, items } = await phoneNumbers(answer);
		expect(error?.message).toMatch(message);
		expect(error?.message).toMatch(/GET \/agents\/agent-1\/phone/);
		expect(items).toHaveLength(0);
	});
});

describe('a contract that specifies an object', () => {
	it.each<[string, Answer]>([
		['a JSON string', { kind: 'json', body: 'ok' }],
		['text/plain', { kind: 'raw', body: 'ok', contentType: 'text/plain' }],
	])('Custom Metric > Get Many: %s is an error', async (_name, answer) => {
		server.script('GET', METRICS_PATH, answer);
		const { error } = await run({
			resource: 'customMetric',
			operation: 'getAll',
			agentId,
			returnAll: true,
		});
		expect(error?.message).toMatch(
			/with HTTP 200 but (a string where an object was expected|a body that is not valid JSON)/,
		);
		expect(error?.description).not.toMatch(WRITE_WARNING);
	});

	it.each<[string, Answer]>([
		['a JSON string', { kind: 'json', body: 'sent', process: true }],
		['text/plain', { kind: 'raw', body: 'sent', contentType: 'text/plain', process: true }],
	])(
		'SMS > Send: %s is an error that keeps the write warning, sent once',
		async (_name, answer) => {
			server.script('POST', SMS_PATH, answer);
			const { error } = await run({
				resource: 'sms',
				operation: 'send',
				agentId,
				to: '+4917600000001',
				mode: 'direct',
				message: 'Hello',
				options: {},
			});
			expect(error?.message).toMatch(
				/POST \/sms with HTTP 200 but (a string where an object was expected|a body that is not valid JSON)/,
			);
			expect(error?.description).toMatch(WRITE_WARNING);
			expect(server.requestsTo('POST', SMS_PATH)).toHaveLength(1);
			expect(server.sideEffectsOf('POST', SMS_PATH)).toBe(1);
		},
	);
});
