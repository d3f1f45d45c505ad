/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/* eslint-disable @typescript-eslint/no-explicit-any -- the sandbox's JSON answers are read loosely, as a client reads them */
import { NUMBER_PATHS, telcoField } from '../../nodes/shared/telco';
import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const post = (path: string, body: unknown, withKey: string = key) =>
	api(sandbox(), 'POST', path, { key: withKey, body });
const sms = (agentId: string) =>
	post('/sms', { agentId, to: '+4917600000001', message: 'Hello from the new number' });

describe('number lifecycle', () => {
	it('buy → sync-sms → send from it → release → 404', async () => {
		const bought = await post(NUMBER_PATHS.buy, {
			number: SANDBOX_IDS.buyableNumber,
			agentId: SANDBOX_IDS.noSmsAgent,
			capabilities: ['voice', 'sms'],
		});
		expect(bought.status).toBe(200);
		expect(bought.body.phoneNumber).toBe(SANDBOX_IDS.buyableNumber);
		expect(bought.body.phoneNumberSid).toMatch(/^PN[0-9a-f]{32}$/);
		expect(bought.body.message).toMatch(/billed monthly/);
		expect(Object.keys(bought.body).sort()).toEqual(['message', 'phoneNumber', 'phoneNumberSid']);
		expect(sandbox().state.numbers[SANDBOX_IDS.buyableNumber]).toMatchObject({
			senderMode: 'platform_rental',
			agentId: SANDBOX_IDS.noSmsAgent,
			workspaceId: SANDBOX_IDS.euWorkspace,
		});

		// Bought for the agent, but not yet connected for SMS.
		expect((await sms(SANDBOX_IDS.noSmsAgent)).status).toBe(409);

		const assigned = await post(NUMBER_PATHS.assignToAgent, {
			phoneNumber: SANDBOX_IDS.buyableNumber,
			agentId: SANDBOX_IDS.noSmsAgent,
		});
		expect(assigned.status).toBe(200);
		expect(assigned.body).toMatchObject({
			success: true,
			data: {
				phoneNumber: SANDBOX_IDS.buyableNumber,
				phoneNumberSid: bought.body.phoneNumberSid,
				agentId: SANDBOX_IDS.noSmsAgent,
			},
		});
		expect(assigned.body.data.agent[telcoField('SmsPhoneNumber')]).toBe(SANDBOX_IDS.buyableNumber);
		expect(sandbox().state.agents[SANDBOX_IDS.noSmsAgent].smsNumbers).toEqual([
			SANDBOX_IDS.buyableNumber,
		]);

		const sent = await sms(SANDBOX_IDS.noSmsAgent);
		expect(sent.status).toBe(200);
		expect(sent.body).toMatchObject({
			from: SANDBOX_IDS.buyableNumber,
			senderMode: 'platform_rental',
		});
		expect(sandbox().sentSms.map((s) => s.from)).toEqual([SANDBOX_IDS.buyableNumber]);

		const released = await post(NUMBER_PATHS.release, { phoneNumber: SANDBOX_IDS.buyableNumber });
		expect(released.status).toBe(200);
		expect(released.body).toMatchObject({
			success: true,
			data: {
				phoneNumber: SANDBOX_IDS.buyableNumber,
				released: true,
				detachedFromAgents: [SANDBOX_IDS.noSmsAgent],
			},
		});
		expect(sandbox().state.numbers[SANDBOX_IDS.buyableNumber]).toBeUndefined();
		expect(sandbox().state.agents[SANDBOX_IDS.noSmsAgent].smsNumbers).toEqual([]);

		const again = await post(NUMBER_PATHS.release, { phoneNumber: SANDBOX_IDS.buyableNumber });
		expect(again.status).toBe(404);
		expect(again.body.code).toBe('NUMBER_NOT_FOUND');
		expect((await sms(SANDBOX_IDS.noSmsAgent)).status).toBe(409);
	});

	it("answers at the real provider paths only, not at the specification's placeholder paths", async () => {
		const placeholder = await post('/utils/buy-telco-number', {
			number: SANDBOX_IDS.buyableNumber,
		});
		expect(placeholder.status).toBe(404);
		expect(NUMBER_PATHS.buy).toBe(`/utils/buy-${telcoField('')}-number`);
		expect(sandbox().state.numbers[SANDBOX_IDS.buyableNumber]).toBeUndefined();
	});
});

describe('buy', () => {
	it('refuses unavailable numbers and numbers already in use', async () => {
		const unavailable = await post(NUMBER_PATHS.buy, { number: SANDBOX_IDS.unavailableNumbers[0] });
		expect(unavailable.status).toBe(409);
		expect(unavailable.body.code).toBe('NUMBER_UNAVAILABLE');
		const own = await post(NUMBER_PATHS.buy, { number: SANDBOX_IDS.rentalNumber });
		expect(own.status).toBe(409);
		expect(own.body.code).toBe('NUMBER_ALREADY_IN_WORKSPACE');
		const elsewhere = await post(NUMBER_PATHS.buy, { number: SANDBOX_IDS.euBusinessNumber });
		expect(elsewhere.status).toBe(409);
		expect(elsewhere.body.code).toBe('NUMBER_UNAVAILABLE');
		expect(sandbox().state.counters.numbers).toBe(0);
	});

	it('validates the body and the agent', async () => {
		for (const body of [
			{},
			{ number: '4930555000111' },
			{ number: '+49 30 555000111' },
			{ number: SANDBOX_IDS.buyableNumber, area: 'Berlin' },
			{ number: SANDBOX_IDS.buyableNumber, capabilities: ['fax'] },
		]) {
			const answer = await post(NUMBER_PATHS.buy, body);
			expect([body, answer.status, answer.body.code]).toEqual([body, 400, 'VALIDATION_ERROR']);
		}
		const unknownAgent = await post(NUMBER_PATHS.buy, {
			number: SANDBOX_IDS.buyableNumber,
			agentId: 'agent-nope',
		});
		expect(unknownAgent.status).toBe(404);
		expect(sandbox().state.numbers[SANDBOX_IDS.buyableNumber]).toBeUndefined();
	});

	it('needs a workspace secret and the White Label plan', async () => {
		const agentSecret = await post(
			NUMBER_PATHS.buy,
			{ number: SANDBOX_IDS.buyableNumber },
			SANDBOX_KEYS.euAgentSecret,
		);
		expect(agentSecret.status).toBe(403);
		expect(agentSecret.body.code).toBe('AGENT_SECRET_SCOPE');
		const business = await post(
			NUMBER_PATHS.buy,
			{ number: SANDBOX_IDS.buyableNumber },
			SANDBOX_KEYS.euBusiness,
		);
		expect(business.status).toBe(403);
		expect(business.body.code).toBe('PLAN_UPGRADE_REQUIRED');
		expect(sandbox().state.numbers[SANDBOX_IDS.buyableNumber]).toBeUndefined();
	});

	it('a voice-only number cannot be assigned for SMS', async () => {
		await post(NUMBER_PATHS.buy, { number: SANDBOX_IDS.buyableNumber, capabilities: ['voice'] });
		const answer = await post(NUMBER_PATHS.assignToAgent, {
			phoneNumber: SANDBOX_IDS.buyableNumber,
			agentId: SANDBOX_IDS.noSmsAgent,
		});
		expect(answer.status).toBe(409);
		expect(answer.body.code).toBe('NUMBER_NOT_SMS_CAPABLE');
	});
});

describe('import', () => {
	const token = 'secret-auth-token-0123456789abcdef';
	const body: Record<string, string> = {
		[telcoField('Number')]: '+4930555000222',
		[telcoField('AccountSid')]: 'AC00000000000000000000000000000001',
		[telcoField('AccountAuthToken')]: token,
		[telcoField('CallerId')]: 'Acme Dental',
	};

	it('imports an own-account number, keeps the token and never returns it', async () => {
		const answer = await post(NUMBER_PATHS.import, { ...body, agentId: SANDBOX_IDS.noSmsAgent });
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({
			phoneNumber: '+4930555000222',
			phoneNumberSid: expect.stringMatching(/^PN[0-9a-f]{32}$/),
		});
		expect(sandbox().state.numbers['+4930555000222']).toMatchObject({
			senderMode: 'own_account',
			authToken: token,
			accountSid: body[telcoField('AccountSid')],
			callerId: 'Acme Dental',
			agentId: SANDBOX_IDS.noSmsAgent,
		});

		const repaired = await post(NUMBER_PATHS.repairWebhooks, { phoneNumber: '+4930555000222' });
		const assigned = await post(NUMBER_PATHS.assignToAgent, {
			phoneNumber: '+4930555000222',
			agentId: SANDBOX_IDS.noSmsAgent,
		});
		const sent = await sms(SANDBOX_IDS.noSmsAgent);
		expect(sent.body.senderMode).toBe('own_account');
		const released = await post(NUMBER_PATHS.release, { phoneNumber: '+4930555000222' });
		for (const reply of [answer, repaired, assigned, sent, released])
			expect(JSON.stringify(reply.body)).not.toContain(token);
	});

	it('requires all four provider fields and rejects unknown ones', async () => {
		for (const field of Object.keys(body)) {
			const rest: Record<string, unknown> = { ...body };
			delete rest[field];
			const answer = await post(NUMBER_PATHS.import, rest);
			expect(answer.status).toBe(400);
			expect(answer.body.issues.map((i: any) => i.message).join()).toContain(field);
		}
		expect((await post(NUMBER_PATHS.import, { ...body, friendlyName: 'x' })).status).toBe(400);
		expect(
			(await post(NUMBER_PATHS.import, { ...body, [telcoField('Number')]: '4930555000222' }))
				.status,
		).toBe(400);
	});

	it('refuses another workspace id and numbers that exist', async () => {
		const other = await post(NUMBER_PATHS.import, {
			...body,
			workspaceId: SANDBOX_IDS.euBusinessWorkspace,
		});
		expect(other.status).toBe(403);
		expect(other.body.code).toBe('WORKSPACE_MISMATCH');
		const existing = await post(NUMBER_PATHS.import, {
			...body,
			[telcoField('Number')]: SANDBOX_IDS.ownAccountPrimaryNumber,
		});
		expect(existing.status).toBe(409);
	});
});

describe('release, check-number and sync-sms', () => {
	it('releases by phoneNumberSid and detaches the number from its agent', async () => {
		const sid = sandbox().state.numbers[SANDBOX_IDS.ownAccountPrimaryNumber].phoneNumberSid;
		const answer = await post(NUMBER_PATHS.release, { phoneNumberSid: sid });
		expect(answer.status).toBe(200);
		expect(answer.body.message).toMatch(/own .* account/);
		// The second number becomes the primary.
		expect(sandbox().state.agents[SANDBOX_IDS.ownAccountAgent].smsNumbers).toEqual([
			SANDBOX_IDS.ownAccountSecondNumber,
		]);
		const sent = await sms(SANDBOX_IDS.ownAccountAgent);
		expect(sent.body.from).toBe(SANDBOX_IDS.ownAccountSecondNumber);
	});

	it("refuses a release without a number, of another workspace's number, or with mismatched references", async () => {
		expect((await post(NUMBER_PATHS.release, {})).status).toBe(400);
		expect(
			(await post(NUMBER_PATHS.release, { phoneNumber: SANDBOX_IDS.euBusinessNumber })).status,
		).toBe(404);
		const mismatch = await post(NUMBER_PATHS.release, {
			phoneNumber: SANDBOX_IDS.rentalNumber,
			phoneNumberSid: sandbox().state.numbers[SANDBOX_IDS.ownAccountPrimaryNumber].phoneNumberSid,
		});
		expect(mismatch.status).toBe(400);
		expect(mismatch.body.code).toBe('NUMBER_MISMATCH');
		expect(
			(
				await post(
					NUMBER_PATHS.release,
					{ phoneNumber: SANDBOX_IDS.rentalNumber },
					SANDBOX_KEYS.euAgentSecret,
				)
			).status,
		).toBe(403);
		expect(Object.keys(sandbox().state.numbers)).toHaveLength(7);
	});

	it('check-number repairs the webhooks', async () => {
		expect(sandbox().state.numbers[SANDBOX_IDS.rentalNumber].webhooks).toBeUndefined();
		const answer = await post(NUMBER_PATHS.repairWebhooks, {
			phoneNumber: SANDBOX_IDS.rentalNumber,
		});
		expect(answer.status).toBe(200);
		const sid = sandbox().state.numbers[SANDBOX_IDS.rentalNumber].phoneNumberSid;
		expect(answer.body).toMatchObject({
			success: true,
			data: { phoneNumber: SANDBOX_IDS.rentalNumber, phoneNumberSid: sid },
		});
		expect(answer.body.data.webhooks.smsUrl).toBe(
			`${sandbox().baseUrl('eu')}/${telcoField('')}/sms/${sid}`,
		);
		expect(sandbox().state.numbers[SANDBOX_IDS.rentalNumber].webhooks).toMatchObject(
			answer.body.data.webhooks,
		);
		expect(
			(await post(NUMBER_PATHS.repairWebhooks, { phoneNumber: '+4930555000777' })).status,
		).toBe(404);
		expect((await post(NUMBER_PATHS.repairWebhooks, {})).status).toBe(400);
	});

	it("check-number with an agent secret works only on that agent's numbers", async () => {
		expect(
			(
				await post(
					NUMBER_PATHS.repairWebhooks,
					{ phoneNumber: SANDBOX_IDS.ownAccountPrimaryNumber },
					SANDBOX_KEYS.euAgentSecret,
				)
			).status,
		).toBe(200);
		const other = await post(
			NUMBER_PATHS.repairWebhooks,
			{ phoneNumber: SANDBOX_IDS.rentalNumber },
			SANDBOX_KEYS.euAgentSecret,
		);
		expect(other.status).toBe(403);
		expect(other.body.code).toBe('AGENT_SECRET_SCOPE');
	});

	it('sync-sms moves a number between agents and needs agentId', async () => {
		expect(
			(await post(NUMBER_PATHS.assignToAgent, { phoneNumber: SANDBOX_IDS.rentalNumber })).status,
		).toBe(400);
		const moved = await post(NUMBER_PATHS.assignToAgent, {
			phoneNumber: SANDBOX_IDS.rentalNumber,
			agentId: SANDBOX_IDS.ownAccountAgent,
		});
		expect(moved.status).toBe(200);
		expect(sandbox().state.agents[SANDBOX_IDS.rentalAgent].smsNumbers).toEqual([]);
		expect(sandbox().state.agents[SANDBOX_IDS.ownAccountAgent].smsNumbers).toEqual([
			SANDBOX_IDS.ownAccountPrimaryNumber,
			SANDBOX_IDS.ownAccountSecondNumber,
			SANDBOX_IDS.rentalNumber,
		]);
		const sent = await post('/sms', {
			agentId: SANDBOX_IDS.ownAccountAgent,
			from: SANDBOX_IDS.rentalNumber,
			to: '+4917600000001',
			message: 'hi',
		});
		expect(sent.body.senderMode).toBe('platform_rental');
		expect((await sms(SANDBOX_IDS.rentalAgent)).status).toBe(409);
	});

	it('sync-sms with an agent secret may assign to its own agent only', async () => {
		const other = await post(
			NUMBER_PATHS.assignToAgent,
			{ phoneNumber: SANDBOX_IDS.spareRentalNumber, agentId: SANDBOX_IDS.rentalAgent },
			SANDBOX_KEYS.euAgentSecret,
		);
		expect(other.status).toBe(403);
		const own = await post(
			NUMBER_PATHS.assignToAgent,
			{ phoneNumber: SANDBOX_IDS.spareRentalNumber, agentId: SANDBOX_IDS.ownAccountAgent },
			SANDBOX_KEYS.euAgentSecret,
		);
		expect(own.status).toBe(200);
	});
});
