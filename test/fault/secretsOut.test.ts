/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against a fault server with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Secrets of the 0.2 resources, tried as a hostile server or proxy would (issue 30, items 1 to 5):
 * a `serverUrlSecret` nested in a tool, an Is Env value quoted by a 400 or echoed by an answer
 * that leaves out `isEnv`, a redirect to a host named after the secrets (lowercased by URL
 * parsing), a CSV export with a `twilioAuthToken` column; and the nested error form
 * `{ error: { code, message } }`. Driven through n8n's engine over real HTTP; every check also
 * proves the secret is in no item, error message, description or error node.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { runConvocore } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';

const SECRET_KEY = 'vg_SecretsOutKey_0123456789ABCDEF';
const SERVER_URL_SECRET = 'Tool_Url_Secret_9876543210XYZ';
const ENV_VALUE = 'sk-live-ENV-value-5555444433332222';
const TWILIO_TOKEN = 'twilio-auth-token-abcdef0123456789';
const AGENT = 'agent-1';
const agentId = { __rl: true, mode: 'id', value: AGENT };
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const SECRETS = [SECRET_KEY, SERVER_URL_SECRET, ENV_VALUE, TWILIO_TOKEN];

let server: FaultServer;

beforeAll(async () => {
	server = await FaultServer.start([
		{
			method: 'GET',
			path: '/tools/tool-1',
			success: { success: true, data: { id: 'tool-1', name: 'Get Weather' } },
		},
		{
			method: 'POST',
			path: `/agents/${AGENT}/tools`,
			success: { success: true, data: { id: 'tool-1', name: 'Get Weather' } },
			sideEffect: true,
		},
		{
			method: 'POST',
			path: `/agents/${AGENT}/variables`,
			success: { success: true, data: { id: 'variable-1' } },
			sideEffect: true,
		},
		{ method: 'GET', path: `/agents/${AGENT}/convos/export`, success: { success: true, data: '' } },
		{
			method: 'POST',
			path: `/agents/${AGENT}/metrics/delete`,
			success: { success: true },
			sideEffect: true,
		},
	]);
});
afterAll(async () => {
	await server.close();
});
beforeEach(() => server.reset());

async function run(parameters: INodeParameters, continueOnFail = false) {
	const result = await runConvocore(parameters, {
		credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY },
		typeVersion: 4,
		continueOnFail,
	});
	const error = result.error('Convocore') as
		| (Error & { description?: string; node?: unknown; context?: unknown })
		| undefined;
	const items = error ? [] : result.items();
	const everything = JSON.stringify({
		items,
		message: error?.message,
		description: error?.description,
		node: error?.node,
		context: error?.context,
	}).toLowerCase();
	for (const secret of SECRETS) expect(everything).not.toContain(secret.toLowerCase());
	return { error, items };
}

describe('issue 30, item 1: Tool > Get', () => {
	it('a serverUrlSecret nested under toolsSettings, and repeated in the server URL, is redacted', async () => {
		server.script('GET', '/tools/tool-1', {
			kind: 'json',
			body: {
				success: true,
				data: {
					id: 'tool-1',
					name: 'Get Weather',
					serverUrl: `https://tools.example.com/w?s=${SERVER_URL_SECRET}`,
					toolsSettings: { auth: { serverUrlSecret: SERVER_URL_SECRET } },
				},
			},
		});
		const { items } = await run({
			resource: 'tool',
			operation: 'get',
			agentId,
			toolId: byId('tool-1'),
		});
		expect(items[0].json).toEqual(
			expect.objectContaining({
				serverUrl: 'https://tools.example.com/w?s=[redacted]',
				toolsSettings: { auth: { serverUrlSecret: '[redacted]' } },
				hasServerUrlSecret: false,
			}),
		);
	});
});

const envVariable: INodeParameters = {
	resource: 'variable',
	operation: 'create',
	agentId,
	key: 'PAYMENT_KEY',
	type: 'string',
	stringValue: ENV_VALUE,
	additionalFields: { isEnv: true },
};

describe('issue 30, items 2 and 3: an Is Env variable', () => {
	it('its value quoted in a 400 answer is redacted from the error, its description and its node', async () => {
		server.script('POST', `/agents/${AGENT}/variables`, {
			kind: 'json',
			status: 400,
			body: {
				message: `Input validation failed: value ${ENV_VALUE} is not allowed`,
				code: 'BAD_REQUEST',
				issues: [{ message: `variable.value: ${ENV_VALUE}` }],
			},
		});
		const { error } = await run(envVariable);
		expect(error?.message).toContain('value [redacted] is not allowed');
		expect(error?.description).toContain('variable.value: [redacted]');
	});

	it('its value in an answer that leaves out isEnv is redacted (the node set Is Env)', async () => {
		server.script('POST', `/agents/${AGENT}/variables`, {
			kind: 'json',
			body: {
				success: true,
				data: {
					id: 'variable-1',
					key: 'PAYMENT_KEY',
					value: ENV_VALUE,
					defaultValue: 'shown-nowhere-either',
				},
			},
		});
		const { items } = await run(envVariable);
		expect(items[0].json).toEqual(
			expect.objectContaining({
				id: 'variable-1',
				value: '[redacted]',
				defaultValue: '[redacted]',
			}),
		);
	});

	it('the same 400 with Continue On Fail gives an error item without the value', async () => {
		server.script('POST', `/agents/${AGENT}/variables`, {
			kind: 'json',
			status: 400,
			body: { message: `bad value ${ENV_VALUE}`, code: 'BAD_REQUEST' },
		});
		const { items } = await run(envVariable, true);
		expect(items[0].json.error).toContain('bad value [redacted]');
	});
});

describe('issue 30, item 4: a redirect to a host named after the secrets', () => {
	it('neither the credential key nor the Server URL Secret reaches the error, in any case', async () => {
		server.script('POST', `/agents/${AGENT}/tools`, {
			kind: 'redirect',
			status: 307,
			location: `http://${SECRET_KEY}.${SERVER_URL_SECRET}.example.com/v3/tools`,
		});
		const { error } = await run({
			resource: 'tool',
			operation: 'create',
			agentId,
			toolName: 'Get Weather',
			toolDescription: 'Weather',
			serverUrl: 'https://tools.example.com/w',
			additionalFields: { serverUrlSecret: SERVER_URL_SECRET },
		});
		expect(error?.message).toMatch(
			/redirect \(HTTP 307\) to \[redacted\]\.\[redacted\]\.example\.com, which was not followed/,
		);
		expect(server.sideEffectsOf('POST', `/agents/${AGENT}/tools`)).toBe(0);
	});
});

describe('issue 30, item 5: Conversation > Export as CSV', () => {
	it('a twilioAuthToken column is blanked, and its value removed from every other cell', async () => {
		const csv = `ID,origin,twilioAuthToken,notes\nc1,telephony,${TWILIO_TOKEN},"said ""${TWILIO_TOKEN}"" twice"\nc2,web-chat,,"{""lightConvoData"":{""authToken"":""${TWILIO_TOKEN}""}}"\n`;
		server.script('GET', `/agents/${AGENT}/convos/export`, {
			kind: 'json',
			body: { success: true, data: csv },
		});
		const { items } = await run({
			resource: 'conversation',
			operation: 'export',
			agentId,
			which: 'all',
			output: 'csvFile',
		});
		const file = Buffer.from(
			(items[0].binary as IDataObject & { data: { data: string } }).data.data,
			'base64',
		).toString('utf8');
		// Export (all) joins its pages' rows under one header line, without a trailing line break.
		expect(file).toBe(
			'ID,origin,twilioAuthToken,notes\nc1,telephony,,"said ""[redacted]"" twice"\nc2,web-chat,,"{""lightConvoData"":{""authToken"":""[redacted]""}}"',
		);
	});

	it('a CSV with nothing to hide comes back byte for byte', async () => {
		// One conversation's export is handed on as Convocore sent it (Export (all) joins pages).
		const csv = 'ID,origin\r\n"c1",web-chat\r\n';
		server.script('GET', `/agents/${AGENT}/convos/c1/export`, {
			kind: 'json',
			body: { success: true, data: csv },
		});
		const { items } = await run({
			resource: 'conversation',
			operation: 'export',
			agentId,
			which: 'one',
			convoId: 'c1',
			output: 'csvFile',
		});
		expect(
			Buffer.from(
				(items[0].binary as IDataObject & { data: { data: string } }).data.data,
				'base64',
			).toString('utf8'),
		).toBe(csv);
	});
});

describe('the nested error form { error: { code, message } }', () => {
	it('is read like { message, code }: the message and the code reach the error', async () => {
		server.script('POST', `/agents/${AGENT}/metrics/delete`, {
			kind: 'json',
			status: 404,
			body: { error: { code: 'NOT_FOUND', message: 'Metric m-9 was not found' } },
		});
		const { error } = await run({
			resource: 'customMetric',
			operation: 'delete',
			agentId,
			metricIds: 'm-9',
		});
		expect(error?.message).toBe('Not found: Metric m-9 was not found (NOT_FOUND)');
		expect(error?.description).toContain('Convocore error code: NOT_FOUND');
	});
});
