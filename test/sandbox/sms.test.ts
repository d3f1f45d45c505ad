import { SMS_SEGMENT_LENGTH, smsResponseSchema } from '../../nodes/shared/contracts/sms';
import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const to = '+4917600000001';
const send = (body: unknown) => api(sandbox(), 'POST', '/sms', { key, body });
const base = { agentId: SANDBOX_IDS.ownAccountAgent, to, message: 'See you tomorrow at 10:00.' };

describe('POST /sms direct sends', () => {
	it('sends from the primary own-account number and records conversation and SMS', async () => {
		const answer = await send(base);
		expect(answer.status).toBe(200);
		expect(smsResponseSchema.parse(answer.body)).toEqual(answer.body);
		expect(answer.body).toMatchObject({
			success: true,
			status: 'queued',
			agentId: SANDBOX_IDS.ownAccountAgent,
			to,
			from: SANDBOX_IDS.ownAccountPrimaryNumber,
			convoId: '4917600000001',
			mode: 'direct',
			senderMode: 'own_account',
			messageCount: 1,
			mediaCount: 0,
		});
		expect(answer.body.messageSid).toMatch(/^SM[0-9a-f]{32}$/);
		expect(answer.body.messageSids).toEqual([answer.body.messageSid]);
		expect(sandbox().sentSms).toEqual([
			expect.objectContaining({
				messageSid: answer.body.messageSid,
				agentId: SANDBOX_IDS.ownAccountAgent,
				from: SANDBOX_IDS.ownAccountPrimaryNumber,
				to,
				body: base.message,
				mediaUrls: [],
				convoId: '4917600000001',
				segmentIndex: 0,
			}),
		]);
		const conversation =
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:4917600000001`];
		expect(conversation).toMatchObject({ state: 'ai-chatting', origin: 'sms', userPhone: to });
		expect(conversation.messages).toEqual([
			expect.objectContaining({
				direction: 'outbound',
				messageSid: answer.body.messageSid,
				body: base.message,
			}),
		]);
	});

	it('gives every message its own sid and never repeats one', async () => {
		const first = await send(base);
		const second = await send(base);
		expect(first.body.messageSid).not.toBe(second.body.messageSid);
	});

	it('sends from a chosen connected number, with convoId, campaignId, leadInfo and media', async () => {
		const answer = await send({
			...base,
			from: SANDBOX_IDS.ownAccountSecondNumber,
			convoId: 'custom-convo-1',
			campaignId: 'spring-checkups',
			leadInfo: { username: 'Dana', email: 'dana@example.com', plan: 'gold' },
			mediaUrl: 'https://cdn.example.com/a.png',
			mediaUrls: ['https://cdn.example.com/b.png'],
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({
			from: SANDBOX_IDS.ownAccountSecondNumber,
			convoId: 'custom-convo-1',
			campaignId: 'spring-checkups',
			mediaCount: 2,
		});
		expect(sandbox().sentSms[0]).toMatchObject({
			campaignId: 'spring-checkups',
			mediaUrls: ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'],
		});
		const conversation =
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:custom-convo-1`];
		expect(conversation).toMatchObject({
			userName: 'Dana',
			campaignId: 'spring-checkups',
			leadInfo: { username: 'Dana', email: 'dana@example.com', plan: 'gold' },
		});
	});

	it('uses the platform rental for the rental agent and ignores own-account-only options there', async () => {
		const options = { validityPeriod: 600, messagingServiceSid: 'MG123', provideFeedback: true };
		const rental = await send({ ...base, agentId: SANDBOX_IDS.rentalAgent, options });
		expect(rental.body).toMatchObject({
			from: SANDBOX_IDS.rentalNumber,
			senderMode: 'platform_rental',
		});
		expect(sandbox().sentSms[0].ownAccountOptions).toBeUndefined();
		expect(sandbox().sentSms[0].ignoredOptions).toEqual([
			'messagingServiceSid',
			'validityPeriod',
			'provideFeedback',
		]);

		const own = await send({ ...base, options });
		expect(own.body.senderMode).toBe('own_account');
		expect(sandbox().sentSms[1].ownAccountOptions).toEqual(options);
		expect(sandbox().sentSms[1].ignoredOptions).toBeUndefined();
	});

	it('refuses a from number the agent does not have, an agent without SMS and unknown agents', async () => {
		const wrongFrom = await send({ ...base, from: SANDBOX_IDS.rentalNumber });
		expect(wrongFrom.status).toBe(400);
		expect(wrongFrom.body.code).toBe('FROM_NUMBER_NOT_CONNECTED');
		expect(wrongFrom.body.message).toContain(SANDBOX_IDS.ownAccountPrimaryNumber);

		const noSms = await send({ ...base, agentId: SANDBOX_IDS.noSmsAgent });
		expect(noSms.status).toBe(409);
		expect(noSms.body.code).toBe('AGENT_HAS_NO_SMS_NUMBER');

		const unknown = await send({ ...base, agentId: 'agent-does-not-exist' });
		expect(unknown.status).toBe(404);
		expect(unknown.body.code).toBe('AGENT_NOT_FOUND');

		const otherWorkspace = await send({ ...base, agentId: SANDBOX_IDS.euBusinessAgent });
		expect(otherWorkspace.status).toBe(404);
		expect(sandbox().sentSms).toHaveLength(0);
	});
});

describe('POST /sms validation', () => {
	const cases: Array<[string, Record<string, unknown>, string]> = [
		['an unknown field', { ...base, priority: 'high' }, 'unknown field: priority'],
		['a missing agentId', { to, message: 'x' }, 'agentId'],
		['an empty agentId', { ...base, agentId: '' }, 'agentId'],
		['a missing to', { agentId: base.agentId, message: 'x' }, 'to'],
		['a to without +', { ...base, to: '4917600000001' }, 'to: must be a phone number in E.164'],
		[
			'a from without +',
			{ ...base, from: '4915730000001' },
			'from: must be a phone number in E.164',
		],
		[
			'11 mediaUrls',
			{
				...base,
				mediaUrls: Array.from({ length: 11 }, (_, i) => `https://cdn.example.com/${i}.png`),
			},
			'mediaUrls: must hold at most 10',
		],
		['a mediaUrl that is not a URL', { ...base, mediaUrl: 'not a url' }, 'mediaUrl'],
		[
			'validityPeriod 0',
			{ ...base, options: { validityPeriod: 0 } },
			'options.validityPeriod: must be between 1 and 14400',
		],
		[
			'validityPeriod 14401',
			{ ...base, options: { validityPeriod: 14401 } },
			'options.validityPeriod: must be between 1 and 14400',
		],
		[
			'a message missing in direct mode',
			{ agentId: base.agentId, to },
			'message: is required in direct mode',
		],
		[
			'agent mode without message or initialPrompt',
			{ agentId: base.agentId, to, mode: 'agent' },
			'message: is required in agent mode',
		],
		[
			'an unknown option',
			{ ...base, options: { retries: 3 } },
			'unknown field in options: retries',
		],
		['an unknown mode', { ...base, mode: 'broadcast' }, 'mode'],
		[
			'a bad statusCallbackUrl',
			{ ...base, options: { statusCallbackUrl: 'callback' } },
			'options.statusCallbackUrl',
		],
		[
			'an unknown agentOverrides field',
			{ ...base, options: { agentOptions: { agentOverrides: { colour: 'red' } } } },
			'agentOverrides',
		],
	];

	it.each(cases)(
		'rejects %s with 400, issues, and sends nothing',
		async (_name, body, expectedIssue) => {
			const answer = await send(body);
			expect(answer.status).toBe(400);
			expect(answer.body.code).toBe('VALIDATION_ERROR');
			expect(answer.body.issues.map((i: { message: string }) => i.message).join('\n')).toContain(
				expectedIssue,
			);
			expect(sandbox().sentSms).toHaveLength(0);
			expect(Object.keys(sandbox().state.conversations)).toHaveLength(3); // the seed: two SMS conversations and one call
		},
	);

	it('accepts exactly 10 mediaUrls and validityPeriod at both bounds', async () => {
		const mediaUrls = Array.from({ length: 10 }, (_, i) => `https://cdn.example.com/${i}.png`);
		expect((await send({ ...base, mediaUrls })).status).toBe(200);
		expect((await send({ ...base, options: { validityPeriod: 1 } })).status).toBe(200);
		expect((await send({ ...base, options: { validityPeriod: 14400 } })).status).toBe(200);
	});

	it('refuses more than 10 media in mediaUrl and mediaUrls together', async () => {
		const mediaUrls = Array.from({ length: 10 }, (_, i) => `https://cdn.example.com/${i}.png`);
		const answer = await send({
			...base,
			mediaUrl: 'https://cdn.example.com/extra.png',
			mediaUrls,
		});
		expect(answer.status).toBe(400);
		expect(answer.body.code).toBe('TOO_MANY_MEDIA');
		expect(sandbox().sentSms).toHaveLength(0);
	});
});

describe('POST /sms options', () => {
	it('dry run returns the resolved plan and sends or creates nothing', async () => {
		const longText = 'a'.repeat(SMS_SEGMENT_LENGTH + 10);
		const answer = await send({
			...base,
			message: longText,
			options: { dryRun: true, splitLongMessages: true },
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			success: true,
			status: 'dry_run',
			dryRun: true,
			agentId: SANDBOX_IDS.ownAccountAgent,
			to,
			from: SANDBOX_IDS.ownAccountPrimaryNumber,
			convoId: '4917600000001',
			mode: 'direct',
			senderMode: 'own_account',
			messageCount: 2,
			mediaCount: 0,
			messagesPreview: ['a'.repeat(SMS_SEGMENT_LENGTH), 'a'.repeat(10)],
		});
		expect(sandbox().sentSms).toHaveLength(0);
		expect(
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:4917600000001`],
		).toBeUndefined();
		expect(sandbox().state.counters.messages).toBe(0);
	});

	it('dry run still validates the sender', async () => {
		const answer = await send({
			...base,
			agentId: SANDBOX_IDS.noSmsAgent,
			options: { dryRun: true },
		});
		expect(answer.status).toBe(409);
	});

	it('skips a conversation in human handoff when asked to, and sends otherwise', async () => {
		const handoff = { ...base, to: SANDBOX_IDS.humanHandoffRecipient };
		const conversationKey = `${SANDBOX_IDS.ownAccountAgent}:${SANDBOX_IDS.humanHandoffConvoId}`;
		const messagesBefore = sandbox().state.conversations[conversationKey].messages.length;

		const skipped = await send({ ...handoff, options: { skipIfHumanHandoff: true } });
		expect(skipped.status).toBe(200);
		expect(skipped.body).toMatchObject({
			success: true,
			skipped: true,
			status: 'skipped',
			convoId: SANDBOX_IDS.humanHandoffConvoId,
			messageCount: 0,
		});
		expect(skipped.body.reason).toMatch(/human/);
		expect(skipped.body.messageSid).toBeUndefined();
		expect(sandbox().sentSms).toHaveLength(0);
		expect(sandbox().state.conversations[conversationKey].messages).toHaveLength(messagesBefore);

		const aiChatting = await send({
			...base,
			to: SANDBOX_IDS.aiChattingRecipient,
			options: { skipIfHumanHandoff: true },
		});
		expect(aiChatting.body.skipped).toBeUndefined();
		expect(sandbox().sentSms).toHaveLength(1);

		const notAsked = await send(handoff);
		expect(notAsked.body.status).toBe('queued');
		expect(sandbox().sentSms).toHaveLength(2);
		expect(sandbox().state.conversations[conversationKey].messages).toHaveLength(
			messagesBefore + 1,
		);
	});

	it('splits long messages into 1600-character segments when asked, and refuses them otherwise', async () => {
		const text = `${'x'.repeat(1600)}${'y'.repeat(1600)}${'z'.repeat(300)}`;
		const refused = await send({ ...base, message: text });
		expect(refused.status).toBe(400);
		expect(refused.body.code).toBe('MESSAGE_TOO_LONG');
		expect(sandbox().sentSms).toHaveLength(0);

		const answer = await send({
			...base,
			message: text,
			mediaUrl: 'https://cdn.example.com/a.png',
			options: { splitLongMessages: true },
		});
		expect(answer.status).toBe(200);
		expect(answer.body.messageCount).toBe(3);
		expect(answer.body.messageSids).toHaveLength(3);
		expect(new Set(answer.body.messageSids).size).toBe(3);
		expect(answer.body.segments).toEqual(
			answer.body.messageSids.map((messageSid: string, segmentIndex: number) => ({
				messageSid,
				segmentIndex,
				status: 'queued',
			})),
		);
		expect(sandbox().sentSms.map((s) => s.body.length)).toEqual([1600, 1600, 300]);
		expect(
			sandbox()
				.sentSms.map((s) => s.body)
				.join(''),
		).toBe(text);
		expect(sandbox().sentSms.map((s) => s.mediaUrls.length)).toEqual([1, 0, 0]);
		expect(
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:4917600000001`].messages,
		).toHaveLength(3);
	});

	it('sends exactly 1600 characters as one message without splitting', async () => {
		const answer = await send({ ...base, message: 'm'.repeat(1600) });
		expect(answer.status).toBe(200);
		expect(answer.body.messageCount).toBe(1);
	});

	it('in agent mode sends a reply built from the agent name, lead name and prompt', async () => {
		const answer = await send({
			agentId: SANDBOX_IDS.ownAccountAgent,
			to,
			mode: 'agent',
			leadInfo: { username: 'Dana' },
			options: { initialPrompt: 'Invite them to book their yearly check-up' },
		});
		expect(answer.status).toBe(200);
		const reply =
			'Hi Dana, this is Ava from Acme Dental. About "Invite them to book their yearly check-up": reply to this message and I\'ll help you right away.';
		expect(answer.body).toMatchObject({ mode: 'agent', messagesPreview: [reply], messageCount: 1 });
		expect(sandbox().sentSms[0]).toMatchObject({ body: reply, mode: 'agent' });
		const conversation =
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:4917600000001`];
		expect(conversation.history).toEqual([expect.objectContaining({ from: 'ai', text: reply })]);

		const again = await send({
			agentId: SANDBOX_IDS.ownAccountAgent,
			to,
			mode: 'agent',
			leadInfo: { username: 'Dana' },
			options: { initialPrompt: 'Invite them to book their yearly check-up' },
		});
		expect(again.body.messagesPreview).toEqual([reply]);
	});

	it('in agent mode uses message when no initialPrompt is given, honours an agentOverrides title and disableRecordHistory', async () => {
		const answer = await send({
			agentId: SANDBOX_IDS.rentalAgent,
			to,
			mode: 'agent',
			message: 'remind about Friday',
			options: {
				disableRecordHistory: true,
				agentOptions: { agentOverrides: { title: 'Remy (Friday shift)' } },
			},
		});
		expect(answer.status).toBe(200);
		expect(answer.body.messagesPreview[0]).toBe(
			'Hi there, this is Remy (Friday shift). About "remind about Friday": reply to this message and I\'ll help you right away.',
		);
		const conversation = sandbox().state.conversations[`${SANDBOX_IDS.rentalAgent}:4917600000001`];
		expect(conversation.messages).toHaveLength(1);
		expect(conversation.history).toEqual([]);
	});

	it('creates no conversation with createConvo false, and persists no messages with persistToConvo false', async () => {
		await send({ ...base, options: { createConvo: false } });
		expect(sandbox().sentSms).toHaveLength(1);
		expect(
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:4917600000001`],
		).toBeUndefined();

		await send({ ...base, options: { persistToConvo: false } });
		const conversation =
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:4917600000001`];
		expect(conversation).toBeDefined();
		expect(conversation.messages).toEqual([]);
	});

	it('records delivery options on the sent SMS', async () => {
		await send({
			...base,
			options: {
				statusCallbackUrl: 'https://hooks.example.com/status',
				smartEncoded: true,
				sendViaEdge: true,
			},
		});
		expect(sandbox().sentSms[0]).toMatchObject({
			statusCallbackUrl: 'https://hooks.example.com/status',
			smartEncoded: true,
			sendViaEdge: true,
		});
	});
});
