/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Call > Start through n8n's engine against the sandbox over real HTTP: the exact request, every
 * validation rule failing with nothing sent, dry run, never retried, secrets redacted.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const agent = { __rl: true, mode: 'list', value: SANDBOX_IDS.ownAccountAgent };
const TELCO_TOKEN = 'tw_auth_9f8e7d6c5b4a39281706';

async function call(
	parameters: INodeParameters,
	extra: { input?: IDataObject[]; continueOnFail?: boolean } = {},
) {
	return await runConvocore(
		{
			resource: 'call',
			operation: 'start',
			agentId: agent,
			to: '+49 176 1112-2233',
			...parameters,
		},
		{
			credential: sandboxCredential(sandbox.current),
			typeVersion: 2,
			input: extra.input?.map((json) => ({ json })),
			continueOnFail: extra.continueOnFail,
		},
	);
}

describe('Call > Start', () => {
	it('sends exactly the request body the API specifies and returns message, websocketUrl and listenUrl', async () => {
		const result = await call({
			additionalFields: {
				from: SANDBOX_IDS.ownAccountSecondNumber,
				campaignId: 'spring-recall',
				leadInfo: {
					username: 'Jordan Lee',
					email: 'jordan.lee@example.com',
					address: 'Hauptstr. 1, Berlin',
				},
			},
			options: {
				overrideInitialPrompt: true,
				messagesHistory: '[{ "role": "system", "content": "Be brief." }]',
				variablesOverrides: [{ key: 'slot', value: 'Tuesday 10:00', type: 'string' }],
				awaitListenUrl: true,
			},
		});
		const [item] = result.items();
		const [request] = sandbox.current.requests({ method: 'POST', path: '/calls' });
		expect(request.body).toEqual({
			agentId: SANDBOX_IDS.ownAccountAgent,
			to: '+4917611122233',
			from: SANDBOX_IDS.ownAccountSecondNumber,
			campaignId: 'spring-recall',
			leadInfo: {
				username: 'Jordan Lee',
				email: 'jordan.lee@example.com',
				address: 'Hauptstr. 1, Berlin',
			},
			options: {
				overrideInitialPrompt: true,
				messagesHistory: [{ role: 'system', content: 'Be brief.' }],
				variablesOverrides: [{ key: 'slot', value: 'Tuesday 10:00', type: 'string' }],
				awaitListenUrl: true,
			},
		});
		expect(item.json).toEqual(
			expect.objectContaining({
				message: expect.stringContaining('+4917611122233'),
				websocketUrl: expect.stringMatching(/^wss:\/\//),
				listenUrl: expect.stringMatching(/^wss:\/\//),
				callData: expect.objectContaining({
					to: '+4917611122233',
					from: SANDBOX_IDS.ownAccountSecondNumber,
				}),
			}),
		);
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(sandbox.current.placedCalls).toHaveLength(1);
	});

	it('a started call creates a conversation that can be read back', async () => {
		const [item] = (
			await call({ additionalFields: { leadInfo: { username: 'Jordan Lee' } } })
		).items();
		const convoId = (item.json.callData as IDataObject).convoId as string;
		const convo = await runConvocore(
			{
				resource: 'conversation',
				operation: 'get',
				agentId: agent,
				convoId: { __rl: true, mode: 'id', value: convoId },
			},
			{ credential: sandboxCredential(sandbox.current), typeVersion: 2 },
		);
		expect(convo.items()[0].json).toEqual(
			expect.objectContaining({
				ID: convoId,
				userName: 'Jordan Lee',
				origin: 'telephony',
				state: 'ended_chat',
				summary: expect.stringContaining('Jordan Lee'),
			}),
		);
	});

	it('Dry Run returns the exact request and calls no one', async () => {
		const result = await call({
			options: {
				dryRun: true,
				serverData: JSON.stringify({ twilioAccountSid: 'AC123', twilioAuthToken: TELCO_TOKEN }),
			},
		});
		const [item] = result.items();
		expect(item.json).toEqual({
			dryRun: true,
			request: {
				method: 'POST',
				url: `${sandbox.current.baseUrl('eu')}/calls`,
				body: {
					agentId: SANDBOX_IDS.ownAccountAgent,
					to: '+4917611122233',
					options: { serverData: { twilioAccountSid: 'AC123', twilioAuthToken: '[redacted]' } },
				},
			},
		});
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(sandbox.current.placedCalls).toHaveLength(0);
	});

	it('a Dry Run that is not true or false is refused before anything is sent, not read as off (a real call)', async () => {
		const result = await call({ options: { dryRun: '={{ "true" }}' } });
		expect(result.error('Convocore')?.message).toMatch(/options\.dryRun: must be true or false/);
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(sandbox.current.placedCalls).toHaveLength(0);
	});

	it('secrets sent in serverData and echoed back never reach the output', async () => {
		const result = await call({
			options: {
				serverData: JSON.stringify({ twilioAuthToken: TELCO_TOKEN }),
				toolsOverrides: JSON.stringify([
					{ name: 'crm', description: 'CRM lookup', serverUrlSecret: 'whsec_0123456789abcdef' },
				]),
			},
		});
		const output = JSON.stringify(result.items());
		expect(sandbox.current.requests({ path: '/calls' })).toHaveLength(1);
		expect(output).not.toContain(TELCO_TOKEN);
		expect(output).not.toContain('whsec_0123456789abcdef');
		expect(output).toContain('[redacted]');
	});

	it('is never retried after it may have reached Convocore', async () => {
		sandbox.current.injectFault({
			kind: 'status',
			status: 502,
			method: 'POST',
			path: '/calls',
			afterProcessing: true,
		});
		const result = await call({});
		expect(result.error('Convocore')?.description).toMatch(/may have been processed/);
		expect(sandbox.current.requests({ path: '/calls' })).toHaveLength(1);
		expect(sandbox.current.placedCalls).toHaveLength(1);
	});

	it.each([
		['no number to call', { to: '={{ "" }}' }, /^Invalid call request: to: is required$/],
		[
			'a number without country code',
			{ to: '0176 1112233' },
			/^Invalid call request: to: must be a phone number in E\.164/,
		],
		[
			'a from number not in E.164',
			{ additionalFields: { from: '12345' } },
			/^Invalid call request: from: must be a phone number in E\.164/,
		],
		[
			'a lead email that is not one',
			{ additionalFields: { leadInfo: { email: 'jordan' } } },
			/^Invalid call request: leadInfo\.email: must be an email address/,
		],
		[
			'an unknown agent override',
			{ options: { agentOverrides: '{ "colour": "red" }' } },
			/^Invalid call request: unknown field in options\.agentOverrides: colour/,
		],
		[
			'a message without content',
			{ options: { messagesHistory: '[{ "role": "user" }]' } },
			/^Invalid call request: options\.messagesHistory\.0\.content: is required/,
		],
		[
			'a message with an unknown role',
			{ options: { messagesHistory: '[{ "role": "bot", "content": "x" }]' } },
			/^Invalid call request: options\.messagesHistory\.0\.role: must be user, assistant, system or tool/,
		],
		[
			'a tool override without a name',
			{ options: { toolsOverrides: '[{ "description": "x" }]' } },
			/^Invalid call request: options\.toolsOverrides\.0\.name: is required/,
		],
		[
			'server data that is a list',
			{ options: { serverData: '[1]' } },
			/^Invalid input in item 0: options\.serverData: must be a JSON object, .*\(got JSON text holding a list\)/,
		],
		[
			'JSON that does not parse',
			{ options: { callInfo: '{ nope' } },
			/^Invalid JSON in item 0: options\.callInfo: must be valid JSON/,
		],
	])('refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await call(parameters as INodeParameters);
		expect(result.error('Convocore')?.message).toMatch(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('puts every problem in the message, short and without "(and 1 more)"', async () => {
		const result = await call({ to: '123', additionalFields: { from: 'abc' } });
		const message = result.error('Convocore')?.message ?? '';
		expect(message).toMatch(/^Invalid call request: to: must be .*; from: must be /);
		expect(message).not.toMatch(/more\)|in item/);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('an invalid second item stops the run before the first is called', async () => {
		const result = await call(
			{ to: '={{ $json.phone }}' },
			{ input: [{ phone: '+4917611122233' }, { phone: 'call me' }] },
		);
		expect(result.error('Convocore')?.message).toMatch(/^Invalid call request: to: /);
		expect(sandbox.current.placedCalls).toHaveLength(0);
	});

	it("an agent without a phone number gets Convocore's error", async () => {
		const result = await call({
			agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.noSmsAgent },
		});
		expect(result.error('Convocore')?.message).toMatch(
			/no phone number.*\(AGENT_HAS_NO_PHONE_NUMBER\)$/,
		);
		expect(sandbox.current.placedCalls).toHaveLength(0);
	});
});
