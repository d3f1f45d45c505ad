/**
 * SMS > Send through n8n's engine against the sandbox over real HTTP.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { telcoField } from '../../nodes/shared/telco';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import {
	directSmsParameters,
	runConvocore,
	sandboxCredential,
	useSandbox,
} from '../harness/convocore';

const sandbox = useSandbox();

function smsParameters(overrides: INodeParameters = {}): INodeParameters {
	return directSmsParameters('Your appointment is confirmed for Monday 10:00.', overrides);
}

async function send(
	overrides: INodeParameters = {},
	extra: { input?: INodeExecutionData[]; continueOnFail?: boolean; key?: string } = {},
) {
	return await runConvocore(smsParameters(overrides), {
		credential: sandboxCredential(sandbox.current, extra.key),
		input: extra.input,
		continueOnFail: extra.continueOnFail,
	});
}

function smsRequests() {
	return sandbox.current.requests({ method: 'POST', path: '/sms' });
}

describe('SMS > Send', () => {
	it('sends a direct SMS from the agent primary number and returns the API result', async () => {
		const run = await send();
		const [item] = run.items();

		expect(smsRequests()).toHaveLength(1);
		expect(smsRequests()[0].body).toEqual({
			agentId: SANDBOX_IDS.ownAccountAgent,
			to: SANDBOX_IDS.aiChattingRecipient,
			message: 'Your appointment is confirmed for Monday 10:00.',
			mode: 'direct',
		});
		expect(item.json).toMatchObject({
			success: true,
			agentId: SANDBOX_IDS.ownAccountAgent,
			to: SANDBOX_IDS.aiChattingRecipient,
			from: SANDBOX_IDS.ownAccountPrimaryNumber,
			mode: 'direct',
			senderMode: 'own_account',
			convoId: SANDBOX_IDS.aiChattingConvoId,
		});
		expect(item.json.messageSid).toMatch(/^SM[0-9a-f]{32}$/);
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(sandbox.current.sentSms).toHaveLength(1);
		expect(sandbox.current.sentSms[0]).toMatchObject({
			from: SANDBOX_IDS.ownAccountPrimaryNumber,
			to: SANDBOX_IDS.aiChattingRecipient,
			body: 'Your appointment is confirmed for Monday 10:00.',
		});
	});

	it('maps every additional field and option onto the request body', async () => {
		const agentOptions = {
			messagesHistoryMergeMode: 'append',
			messagesHistory: [{ role: 'user', content: 'Hi there' }],
			agentOverrides: {
				rectangeImageURL: 'https://example.com/r.png',
				messageAggregationSeconds: 7,
			},
		};
		await send({
			to: '+49 176 (876) 543-21',
			additionalFields: {
				from: SANDBOX_IDS.ownAccountSecondNumber,
				campaignId: 'spring-campaign',
				convoId: 'custom-convo-1',
				mediaUrl: 'https://example.com/a.png',
				mediaUrls: ['https://example.com/b.png', 'https://example.com/c.png'],
				leadInfo: {
					username: 'Ada',
					email: 'ada@example.com',
					address: '1 Main St',
					extra: { field: [{ name: 'plan', value: 'gold' }] },
				},
			},
			options: {
				createConvo: true,
				persistToConvo: false,
				skipIfHumanHandoff: true,
				splitLongMessages: true,
				sendViaEdge: true,
				smartEncoded: true,
				statusCallbackUrl: 'https://example.com/status',
				messagingServiceSid: 'MG123',
				validityPeriod: 600,
				provideFeedback: true,
				agentOptions: JSON.stringify(agentOptions),
				concurrency: 3,
			},
		});

		const body = smsRequests()[0].body as IDataObject;
		expect(body).toEqual({
			agentId: SANDBOX_IDS.ownAccountAgent,
			to: SANDBOX_IDS.aiChattingRecipient,
			from: SANDBOX_IDS.ownAccountSecondNumber,
			message: 'Your appointment is confirmed for Monday 10:00.',
			mode: 'direct',
			mediaUrl: 'https://example.com/a.png',
			mediaUrls: ['https://example.com/b.png', 'https://example.com/c.png'],
			campaignId: 'spring-campaign',
			convoId: 'custom-convo-1',
			leadInfo: { username: 'Ada', email: 'ada@example.com', address: '1 Main St', plan: 'gold' },
			options: {
				createConvo: true,
				persistToConvo: false,
				skipIfHumanHandoff: true,
				splitLongMessages: true,
				sendViaEdge: true,
				smartEncoded: true,
				statusCallbackUrl: 'https://example.com/status',
				messagingServiceSid: 'MG123',
				validityPeriod: 600,
				provideFeedback: true,
				agentOptions,
			},
		});
		expect(sandbox.current.sentSms[0].from).toBe(SANDBOX_IDS.ownAccountSecondNumber);
	});

	it('dry run returns the resolved plan and sends nothing', async () => {
		const run = await send({ options: { dryRun: true } });
		const [item] = run.items();
		expect(item.json).toMatchObject({
			success: true,
			dryRun: true,
			from: SANDBOX_IDS.ownAccountPrimaryNumber,
			mode: 'direct',
		});
		expect(item.json.messageCount).toBe(1);
		expect(sandbox.current.sentSms).toHaveLength(0);
	});

	it('skips a conversation in human handoff when asked to, and says why', async () => {
		const run = await send({
			to: SANDBOX_IDS.humanHandoffRecipient,
			options: { skipIfHumanHandoff: true },
		});
		const [item] = run.items();
		expect(item.json).toMatchObject({ success: true, skipped: true });
		expect(typeof item.json.reason).toBe('string');
		expect(sandbox.current.sentSms).toHaveLength(0);
	});

	it('splits a long message into segments', async () => {
		const message = 'x'.repeat(3500);
		const run = await send({ message, options: { splitLongMessages: true } });
		const [item] = run.items();
		expect(item.json.segments).toHaveLength(3);
		expect(item.json.messageSids).toHaveLength(3);
		expect(sandbox.current.sentSms.map((sms) => sms.body.length)).toEqual([1600, 1600, 300]);
	});

	it('agent mode sends the reply the agent generated', async () => {
		const run = await send({
			mode: 'agent',
			message: '',
			additionalFields: { leadInfo: { username: 'Grace' } },
			options: { initialPrompt: 'Invite them to book a check-up' },
		});
		const [item] = run.items();
		expect(item.json.mode).toBe('agent');
		const sent = sandbox.current.sentSms[0];
		expect(sent.body).toContain('Grace');
		expect(item.json.messagesPreview).toEqual([sent.body]);
		expect(smsRequests()[0].body).not.toHaveProperty('message');
	});

	it('sends many items concurrently, in input order, each paired with its input', async () => {
		const recipients = Array.from(
			{ length: 12 },
			(_, i) => `+4917600000${String(i).padStart(3, '0')}`,
		);
		sandbox.current.injectFault({ path: '/sms', kind: 'latency', latencyMs: 40, times: Infinity });
		const run = await send(
			{ to: '={{ $json.phone }}', message: '=Hello {{ $json.name }}', options: { concurrency: 4 } },
			{ input: recipients.map((phone, i) => ({ json: { phone, name: `N${i}` } })) },
		);
		const items = run.items();
		expect(items.map((item) => item.json.to)).toEqual(recipients);
		expect(items.map((item) => item.pairedItem)).toEqual(recipients.map((_, item) => ({ item })));
		expect(sandbox.current.sentSms).toHaveLength(12);
		expect(new Set(sandbox.current.sentSms.map((sms) => sms.to)).size).toBe(12);
	});

	it('a 429 slows the batch down instead of failing it, and nothing is sent twice', async () => {
		sandbox.current.injectFault({
			path: '/sms',
			kind: 'rate-limit',
			retryAfterSeconds: 1,
			times: 1,
		});
		const recipients = ['+4917600000001', '+4917600000002', '+4917600000003'];
		const run = await send(
			{ to: '={{ $json.phone }}' },
			{ input: recipients.map((phone) => ({ json: { phone } })) },
		);
		expect(run.items().map((item) => item.json.success)).toEqual([true, true, true]);
		expect(sandbox.current.sentSms.map((sms) => sms.to).sort()).toEqual(recipients);
		expect(smsRequests().filter((request) => request.status === 429)).toHaveLength(1);
	});

	it('never re-sends an SMS after a 5xx that came after processing', async () => {
		sandbox.current.injectFault({
			path: '/sms',
			kind: 'status',
			status: 502,
			afterProcessing: true,
			times: 1,
		});
		const run = await send();
		const error = run.error('Convocore');
		expect(error?.message).toMatch(/internal problem \(HTTP 502\)/);
		expect(error?.description).toMatch(/not sent again/);
		expect(smsRequests()).toHaveLength(1);
		expect(sandbox.current.sentSms).toHaveLength(1);
	});

	it('never re-sends an SMS after the connection dropped', async () => {
		sandbox.current.injectFault({ path: '/sms', kind: 'drop', afterProcessing: true, times: 1 });
		const run = await send();
		expect(run.error('Convocore')?.message).toMatch(/Could not reach Convocore at 127\.0\.0\.1/);
		expect(smsRequests()).toHaveLength(1);
		expect(sandbox.current.sentSms).toHaveLength(1);
	});

	describe('validation, before anything is sent', () => {
		const cases: Array<[string, INodeParameters, RegExp]> = [
			[
				'a recipient not in E.164',
				{ to: '0176 1234567' },
				/: to: must be a phone number in E\.164/,
			],
			[
				'a sender not in E.164',
				{ additionalFields: { from: '4915730000001' } },
				/from: must be a phone number in E\.164/,
			],
			['an empty agent ID', { agentId: ' ' }, /agentId: is required/],
			[
				'no message in direct mode',
				{ message: '={{ $json.missing }}' },
				/message: is required in direct mode/,
			],
			[
				'no message and no initial prompt in agent mode',
				{ mode: 'agent', message: '' },
				/message: is required in agent mode unless options\.initialPrompt/,
			],
			[
				'more than 10 media URLs',
				{
					additionalFields: {
						mediaUrls: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}.png`),
					},
				},
				/mediaUrls: must hold at most 10 URLs/,
			],
			[
				'a media URL that is not a URL',
				{ additionalFields: { mediaUrl: 'picture.png' } },
				/mediaUrl: must be a full URL/,
			],
			[
				'a validity period over 14400',
				{ options: { validityPeriod: 20000 } },
				/validityPeriod: must be between 1 and 14400/,
			],
			[
				'agent options that are not JSON',
				{ options: { agentOptions: '{ not json' } },
				/options\.agentOptions: must be valid JSON/,
			],
			[
				'an unknown agent option',
				{ options: { agentOptions: '{"colour":"red"}' } },
				/unknown field in options\.agentOptions: colour/,
			],
			[
				'a message history entry with a wrong role',
				{ options: { agentOptions: '{"messagesHistory":[{"role":"bot","content":"x"}]}' } },
				/options\.agentOptions\.messagesHistory\.0\.role/,
			],
			[
				'an unknown agent override',
				{
					options: { agentOptions: '{"agentOverrides":{"rectangleImageURL":"https://x.y/z.png"}}' },
				},
				/unknown field in options\.agentOptions\.agentOverrides: rectangleImageURL/,
			],
			[
				'a wrong merge mode',
				{ options: { agentOptions: '{"messagesHistoryMergeMode":"merge"}' } },
				/messagesHistoryMergeMode/,
			],
		];

		it.each(cases)('rejects %s', async (_name, overrides, message) => {
			const run = await send(overrides);
			const error = run.error('Convocore');
			expect(error?.message).toMatch(message);
			expect((error as { context?: IDataObject } | undefined)?.context?.itemIndex).toBe(0);
			expect(sandbox.current.count()).toBe(0);
		});

		it('an invalid item anywhere stops the whole batch before the first SMS', async () => {
			const run = await send(
				{ to: '={{ $json.phone }}' },
				{ input: [{ json: { phone: '+4917600000001' } }, { json: { phone: 'not a number' } }] },
			);
			const error = run.error('Convocore');
			expect(error?.message).toMatch(/: to:/);
			expect((error as { context?: IDataObject } | undefined)?.context?.itemIndex).toBe(1);
			expect(sandbox.current.count()).toBe(0);
		});

		it('with Continue On Fail, the invalid item becomes an error item and the others still go out', async () => {
			const run = await send(
				{ to: '={{ $json.phone }}' },
				{
					input: [
						{ json: { phone: '+4917600000001' } },
						{ json: { phone: 'nope' } },
						{ json: { phone: '+4917600000003' } },
					],
					continueOnFail: true,
				},
			);
			const items = run.items();
			expect(items).toHaveLength(3);
			expect(items[0].json.success).toBe(true);
			expect(items[1].json.error).toMatch(/: to: must be a phone number in E\.164/);
			expect(items[1].pairedItem).toEqual({ item: 1 });
			expect(items[2].json.success).toBe(true);
			expect(sandbox.current.sentSms.map((sms) => sms.to)).toEqual([
				'+4917600000001',
				'+4917600000003',
			]);
		});
	});

	it('never puts secrets from agent options into the output or the error', async () => {
		const secretToken = 'auth-token-that-must-not-leak';
		const agentOptions = JSON.stringify({
			serverData: { [telcoField('AuthToken')]: secretToken },
			agentOverrides: { [telcoField('SmsAuthToken')]: secretToken },
		});
		const ok = await send({ options: { agentOptions } });
		expect(JSON.stringify(ok.items())).not.toContain(secretToken);
		// n8n itself attaches the node's own parameters to every error; what the node writes must not echo them.
		const failed = await send({ to: 'bad', options: { agentOptions } });
		const error = failed.error('Convocore');
		expect(error?.message).toMatch(/to: must be a phone number/);
		expect(
			`${error?.message} ${error?.description} ${JSON.stringify(error?.context)}`,
		).not.toContain(secretToken);
		const broken = await send({
			options: { agentOptions: `{"serverData":{"${telcoField('AuthToken')}":"${secretToken}"` },
		});
		const syntaxError = broken.error('Convocore');
		expect(syntaxError?.message).toMatch(
			/options\.agentOptions: must be valid JSON \(syntax error/,
		);
		expect(`${syntaxError?.message} ${syntaxError?.description}`).not.toContain(
			secretToken.slice(0, 8),
		);
	});

	it('explains the plan gate and links to billing', async () => {
		const run = await send({}, { key: sandbox.current.keys.euBusiness });
		const error = run.error('Convocore');
		expect(error?.message).toMatch(/plan does not allow this request \(POST \/sms\)/);
		expect(error?.description).toMatch(/White Label plan or higher/);
		expect(error?.description).toMatch(/https:\/\/app\.convocore\.ai\/\S*billing/);
		expect(sandbox.current.sentSms).toHaveLength(0);
	});

	it('the agent-level error from the API reaches the user with its code', async () => {
		const run = await send({ agentId: SANDBOX_IDS.noSmsAgent });
		const error = run.error('Convocore');
		expect(error?.message).toMatch(/Convocore|SMS/);
		expect(error?.description).toMatch(/AGENT_HAS_NO_SMS_NUMBER/);
	});
});
