/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Phone Number > Buy, Import, Release, Repair Webhooks, Assign to Agent, through n8n's engine
 * against the sandbox over real HTTP.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { NUMBER_PATHS, telcoField } from '../../nodes/shared/telco';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();

async function run(
	operation: string,
	parameters: INodeParameters,
	extra: { input?: INodeExecutionData[]; continueOnFail?: boolean; key?: string } = {},
) {
	return await runConvocore(
		{ resource: 'phoneNumber', operation, ...parameters },
		{
			credential: sandboxCredential(sandbox.current, extra.key),
			input: extra.input,
			continueOnFail: extra.continueOnFail,
		},
	);
}

function requestsTo(path: string) {
	return sandbox.current.requests({ method: 'POST', path });
}

/**
 * What the user is shown of an error: everything but `node`. n8n copies the node, parameters and
 * all, into every node error of the run data, as it keeps the parameters in the workflow itself;
 * the node cannot change that (see the report on the auth token being a node parameter).
 */
function shownOf(error: unknown): string {
	const shown: IDataObject = { ...((error ?? {}) as IDataObject) };
	delete shown.node;
	return JSON.stringify(shown);
}

function itemIndexOf(error: unknown): unknown {
	return (error as { context?: IDataObject } | undefined)?.context?.itemIndex;
}

const PN_SID = /^PN[0-9a-f]{32}$/;

describe('Phone Number > Buy', () => {
	it('rents the number with every field and answers with its SID', async () => {
		const result = await run('buy', {
			phoneNumber: '+49 30 555-000 111',
			additionalFields: { agentId: SANDBOX_IDS.noSmsAgent, capabilities: ['sms', 'voice'] },
		});
		const [item] = result.items();

		expect(requestsTo(NUMBER_PATHS.buy).map((request) => request.body)).toEqual([
			{
				number: SANDBOX_IDS.buyableNumber,
				agentId: SANDBOX_IDS.noSmsAgent,
				capabilities: ['sms', 'voice'],
			},
		]);
		expect(item.json).toMatchObject({ phoneNumber: SANDBOX_IDS.buyableNumber });
		expect(item.json.phoneNumberSid).toMatch(PN_SID);
		expect(item.json.message).toMatch(/billed monthly/);
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(sandbox.current.state.numbers[SANDBOX_IDS.buyableNumber]).toMatchObject({
			phoneNumberSid: item.json.phoneNumberSid,
			workspaceId: SANDBOX_IDS.euWorkspace,
			senderMode: 'platform_rental',
			agentId: SANDBOX_IDS.noSmsAgent,
			capabilities: ['sms', 'voice'],
			monthlyPriceUsd: 3,
		});
	});

	it('sends only the number when nothing else is set', async () => {
		await run('buy', { phoneNumber: SANDBOX_IDS.buyableNumber });
		expect(requestsTo(NUMBER_PATHS.buy).map((request) => request.body)).toEqual([
			{ number: SANDBOX_IDS.buyableNumber },
		]);
	});

	it('takes documented fields from Additional Body Fields (JSON)', async () => {
		await run('buy', {
			phoneNumber: SANDBOX_IDS.buyableNumber,
			additionalFields: { additionalBodyFields: '{"capabilities":["sms"]}' },
		});
		expect(requestsTo(NUMBER_PATHS.buy)[0].body).toEqual({
			number: SANDBOX_IDS.buyableNumber,
			capabilities: ['sms'],
		});
		expect(sandbox.current.state.numbers[SANDBOX_IDS.buyableNumber].capabilities).toEqual(['sms']);
	});

	it('buys one number per item, in order, each output paired to its item', async () => {
		const numbers = ['+4930555000201', '+4930555000202', '+4930555000203'];
		const result = await run(
			'buy',
			{ phoneNumber: '={{ $json.number }}' },
			{ input: numbers.map((number) => ({ json: { number } })) },
		);
		const items = result.items();
		expect(items.map((item) => item.json.phoneNumber)).toEqual(numbers);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(
			requestsTo(NUMBER_PATHS.buy).map((request) => (request.body as IDataObject).number),
		).toEqual(numbers);
	});

	it('reports a number the provider has no stock of with the API reason', async () => {
		const result = await run('buy', { phoneNumber: SANDBOX_IDS.unavailableNumbers[0] });
		const error = result.error('Convocore');
		expect(`${error?.message} ${error?.description}`).toMatch(/not available/);
		expect(`${error?.message} ${error?.description}`).toMatch(/NUMBER_UNAVAILABLE/);
	});

	it('explains the plan gate on a write and links to billing; nothing is bought', async () => {
		const result = await run(
			'buy',
			{ phoneNumber: SANDBOX_IDS.buyableNumber },
			{ key: sandbox.current.keys.euBusiness },
		);
		const error = result.error('Convocore');
		expect(error?.message).toMatch(/plan does not allow this request \(POST \/utils\/buy-/);
		expect(error?.description).toMatch(/White Label plan or higher/);
		expect(error?.description).toMatch(/https:\/\/app\.convocore\.ai\/\S*billing/);
		expect(sandbox.current.state.numbers[SANDBOX_IDS.buyableNumber]).toBeUndefined();
	});

	it('never re-sends a purchase after a 5xx that came after processing', async () => {
		sandbox.current.injectFault({
			method: 'POST',
			path: NUMBER_PATHS.buy,
			kind: 'status',
			status: 503,
			afterProcessing: true,
		});
		const result = await run('buy', { phoneNumber: SANDBOX_IDS.buyableNumber });
		const error = result.error('Convocore');

		expect(requestsTo(NUMBER_PATHS.buy)).toHaveLength(1);
		expect(error?.message).toMatch(/internal problem \(HTTP 503\)/);
		expect(error?.description).toMatch(/may have been processed/);
		expect(error?.description).toMatch(/not sent again/);
		// The number was bought once: a retry would have been refused or, worse, bought another.
		expect(sandbox.current.state.numbers[SANDBOX_IDS.buyableNumber]).toBeDefined();
	});
});

describe('Phone Number lifecycle: buy → assign to agent → send SMS from it → release', () => {
	it('works end to end, and a second release says the number is not found', async () => {
		const bought = (
			await run('buy', {
				phoneNumber: SANDBOX_IDS.buyableNumber,
				additionalFields: { capabilities: ['sms'] },
			})
		).items()[0];
		const sid = bought.json.phoneNumberSid as string;
		expect(sid).toMatch(PN_SID);

		const assigned = (
			await run('assignToAgent', {
				identifyBy: 'phoneNumberSid',
				phoneNumberSid: sid,
				agentId: SANDBOX_IDS.noSmsAgent,
			})
		).items()[0];
		expect(requestsTo(NUMBER_PATHS.assignToAgent).map((request) => request.body)).toEqual([
			{ phoneNumberSid: sid, agentId: SANDBOX_IDS.noSmsAgent },
		]);
		expect(assigned.json).toMatchObject({
			success: true,
			phoneNumber: SANDBOX_IDS.buyableNumber,
			phoneNumberSid: sid,
			agentId: SANDBOX_IDS.noSmsAgent,
			senderMode: 'platform_rental',
		});
		expect(assigned.json.message).toMatch(/now sends SMS/);
		expect(sandbox.current.state.agents[SANDBOX_IDS.noSmsAgent].smsNumbers).toEqual([
			SANDBOX_IDS.buyableNumber,
		]);

		const sms = await runConvocore(
			{
				resource: 'sms',
				operation: 'send',
				agentId: SANDBOX_IDS.noSmsAgent,
				to: SANDBOX_IDS.aiChattingRecipient,
				mode: 'direct',
				message: 'Hello from the new number',
				additionalFields: { from: SANDBOX_IDS.buyableNumber },
			},
			{ credential: sandboxCredential(sandbox.current) },
		);
		expect(sms.items()[0].json).toMatchObject({
			success: true,
			from: SANDBOX_IDS.buyableNumber,
			senderMode: 'platform_rental',
		});
		expect(sandbox.current.sentSms).toEqual([
			expect.objectContaining({
				from: SANDBOX_IDS.buyableNumber,
				to: SANDBOX_IDS.aiChattingRecipient,
				body: 'Hello from the new number',
			}),
		]);

		const released = (
			await run('release', { identifyBy: 'phoneNumber', phoneNumber: SANDBOX_IDS.buyableNumber })
		).items()[0];
		expect(requestsTo(NUMBER_PATHS.release).map((request) => request.body)).toEqual([
			{ phoneNumber: SANDBOX_IDS.buyableNumber },
		]);
		expect(released.json).toMatchObject({
			success: true,
			phoneNumber: SANDBOX_IDS.buyableNumber,
			phoneNumberSid: sid,
			released: true,
			detachedFromAgents: [SANDBOX_IDS.noSmsAgent],
		});
		expect(released.json.message).toMatch(/billing stopped/);
		expect(sandbox.current.state.numbers[SANDBOX_IDS.buyableNumber]).toBeUndefined();
		expect(sandbox.current.state.agents[SANDBOX_IDS.noSmsAgent].smsNumbers).toEqual([]);

		const again = await run('release', {
			identifyBy: 'phoneNumber',
			phoneNumber: SANDBOX_IDS.buyableNumber,
		});
		const error = again.error('Convocore');
		expect(error?.message).toMatch(
			/^Not found: Number \+4930555000111 was not found in this workspace/,
		);
		expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('404');
		expect(itemIndexOf(error)).toBe(0);
		expect(requestsTo(NUMBER_PATHS.release)).toHaveLength(2);
	});
});

describe('Phone Number > Release, Repair Webhooks, Assign to Agent', () => {
	it('releases by SID and keeps the message next to the data', async () => {
		const seeded = sandbox.current.state.numbers[SANDBOX_IDS.spareRentalNumber];
		const result = await run('release', {
			identifyBy: 'phoneNumberSid',
			phoneNumberSid: ` ${seeded.phoneNumberSid} `,
		});
		expect(requestsTo(NUMBER_PATHS.release)[0].body).toEqual({
			phoneNumberSid: seeded.phoneNumberSid,
		});
		expect(result.items()[0].json).toMatchObject({
			success: true,
			phoneNumber: SANDBOX_IDS.spareRentalNumber,
			released: true,
		});
		expect(result.items()[0].json.message).toMatch(/Released/);
		expect(sandbox.current.state.numbers[SANDBOX_IDS.spareRentalNumber]).toBeUndefined();
	});

	it('repairs the webhooks of a number', async () => {
		const result = await run('repairWebhooks', {
			identifyBy: 'phoneNumber',
			phoneNumber: SANDBOX_IDS.ownAccountPrimaryNumber,
		});
		const [item] = result.items();
		expect(requestsTo(NUMBER_PATHS.repairWebhooks).map((request) => request.body)).toEqual([
			{ phoneNumber: SANDBOX_IDS.ownAccountPrimaryNumber },
		]);
		const state = sandbox.current.state.numbers[SANDBOX_IDS.ownAccountPrimaryNumber];
		expect(state.webhooks?.smsUrl).toMatch(/\/sms\/PN/);
		expect(item.json).toMatchObject({
			success: true,
			phoneNumber: SANDBOX_IDS.ownAccountPrimaryNumber,
			webhooks: {
				voiceUrl: state.webhooks?.voiceUrl,
				smsUrl: state.webhooks?.smsUrl,
				statusCallback: state.webhooks?.statusCallback,
			},
		});
	});

	it('passes unlisted fields of Additional Body Fields (JSON) through where the endpoint has no strict schema', async () => {
		await run('assignToAgent', {
			identifyBy: 'phoneNumber',
			phoneNumber: SANDBOX_IDS.spareRentalNumber,
			agentId: SANDBOX_IDS.rentalAgent,
			additionalFields: { additionalBodyFields: { makePrimary: false, note: 'from n8n' } },
		});
		expect(requestsTo(NUMBER_PATHS.assignToAgent)[0].body).toEqual({
			phoneNumber: SANDBOX_IDS.spareRentalNumber,
			agentId: SANDBOX_IDS.rentalAgent,
			makePrimary: false,
			note: 'from n8n',
		});
		expect(sandbox.current.state.agents[SANDBOX_IDS.rentalAgent].smsNumbers).toEqual([
			SANDBOX_IDS.rentalNumber,
			SANDBOX_IDS.spareRentalNumber,
		]);
	});

	it('moves a number between agents: it sends for one agent at a time', async () => {
		await run('assignToAgent', {
			identifyBy: 'phoneNumber',
			phoneNumber: SANDBOX_IDS.ownAccountSecondNumber,
			agentId: SANDBOX_IDS.noSmsAgent,
		});
		expect(sandbox.current.state.agents[SANDBOX_IDS.ownAccountAgent].smsNumbers).toEqual([
			SANDBOX_IDS.ownAccountPrimaryNumber,
		]);
		expect(sandbox.current.state.agents[SANDBOX_IDS.noSmsAgent].smsNumbers).toEqual([
			SANDBOX_IDS.ownAccountSecondNumber,
		]);
	});
});

describe('Phone Number > Import', () => {
	const authToken = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
	const importNumber = '+4930555000777';

	function importParameters(overrides: INodeParameters = {}): INodeParameters {
		return {
			phoneNumber: importNumber,
			accountSid: 'AC11112222333344445555666677778888',
			authToken,
			callerId: importNumber,
			...overrides,
		};
	}

	it('sends the provider fields under their real names and never shows the auth token', async () => {
		const result = await run(
			'import',
			importParameters({
				additionalFields: { workspaceId: SANDBOX_IDS.euWorkspace, agentId: SANDBOX_IDS.noSmsAgent },
			}),
		);
		const [item] = result.items();

		expect(requestsTo(NUMBER_PATHS.import).map((request) => request.body)).toEqual([
			{
				[telcoField('Number')]: importNumber,
				[telcoField('AccountSid')]: 'AC11112222333344445555666677778888',
				[telcoField('AccountAuthToken')]: authToken,
				[telcoField('CallerId')]: importNumber,
				workspaceId: SANDBOX_IDS.euWorkspace,
				agentId: SANDBOX_IDS.noSmsAgent,
			},
		]);
		expect(item.json).toMatchObject({ phoneNumber: importNumber });
		expect(item.json.phoneNumberSid).toMatch(PN_SID);
		expect(JSON.stringify(result.items())).not.toContain(authToken);
		expect(sandbox.current.state.numbers[importNumber]).toMatchObject({
			senderMode: 'own_account',
			agentId: SANDBOX_IDS.noSmsAgent,
			authToken,
		});
	});

	it('keeps the auth token out of API errors', async () => {
		const result = await run(
			'import',
			importParameters({ phoneNumber: SANDBOX_IDS.ownAccountPrimaryNumber }),
		);
		const error = result.error('Convocore');
		expect(error?.description).toMatch(/NUMBER_ALREADY_IN_WORKSPACE/);
		expect(shownOf(error)).not.toContain(authToken);
	});

	it('keeps the auth token out of validation errors, even JSON syntax errors that quote the text', async () => {
		const missing = await run('import', importParameters({ callerId: '={{ $json.missing }}' }));
		expect(missing.error('Convocore')?.message).toMatch(/: .*CallerId: is required/);
		expect(shownOf(missing.error('Convocore'))).not.toContain(authToken);

		const broken = await run(
			'import',
			importParameters({ additionalFields: { additionalBodyFields: `{"note": ${authToken}}` } }),
		);
		const error = broken.error('Convocore');
		expect(error?.message).toMatch(/must be valid JSON \(syntax error/);
		// V8 would quote the text around the mistake: not even a piece of the token may show.
		expect(shownOf(error)).not.toContain(authToken.slice(0, 8));
		expect(sandbox.current.count()).toBe(0);
	});

	it('rejects unknown keys in Additional Body Fields (JSON) before sending, as the endpoint would', async () => {
		const result = await run(
			'import',
			importParameters({
				additionalFields: { additionalBodyFields: '{"friendlyName":"Front desk"}' },
			}),
		);
		const error = result.error('Convocore');
		expect(error?.message).toMatch(/Invalid number import: unknown field: friendlyName/);
		expect(shownOf(error)).not.toContain(authToken);
		expect(sandbox.current.count()).toBe(0);
	});
});

describe('Phone Number validation, before anything is sent', () => {
	const cases: Array<[string, string, INodeParameters, RegExp]> = [
		[
			'buy: a number without +',
			'buy',
			{ phoneNumber: '4930555000111' },
			/: number: must be a phone number in E\.164/,
		],
		[
			'buy: a number with letters',
			'buy',
			{ phoneNumber: '+49 30 CALL NOW' },
			/number: must be a phone number in E\.164/,
		],
		// Literal empty required fields never get this far (n8n reports them before running); expressions that resolve to nothing do.
		[
			'buy: a number from an expression that resolves to nothing',
			'buy',
			{ phoneNumber: '={{ $json.missing }}' },
			/: number: must be a phone number in E\.164/,
		],
		[
			'buy: an unknown key in the JSON',
			'buy',
			{
				phoneNumber: SANDBOX_IDS.buyableNumber,
				additionalFields: { additionalBodyFields: '{"areaCode":"030"}' },
			},
			/unknown field: areaCode \(not accepted by the API\)/,
		],
		[
			'buy: a JSON key the node already sets',
			'buy',
			{
				phoneNumber: SANDBOX_IDS.buyableNumber,
				additionalFields: { additionalBodyFields: '{"number":"+4930555000112"}' },
			},
			/number is already set by the node's own fields/,
		],
		[
			'buy: JSON that is not an object',
			'buy',
			{
				phoneNumber: SANDBOX_IDS.buyableNumber,
				additionalFields: { additionalBodyFields: '["sms"]' },
			},
			/must be a JSON object/,
		],
		[
			'buy: a capability that does not exist',
			'buy',
			{
				phoneNumber: SANDBOX_IDS.buyableNumber,
				additionalFields: { additionalBodyFields: '{"capabilities":["fax"]}' },
			},
			/capabilities\.0/,
		],
		[
			'import: no account SID',
			'import',
			{
				phoneNumber: '+4930555000777',
				accountSid: '={{ $json.missing }}',
				authToken: 'x',
				callerId: '+4930555000777',
			},
			/AccountSid: is required/,
		],
		[
			'import: a number without +',
			'import',
			{ phoneNumber: '4930555000777', accountSid: 'AC1', authToken: 'x', callerId: 'x' },
			/Number: must start with \+/,
		],
		[
			'release: no phone number',
			'release',
			{ identifyBy: 'phoneNumber', phoneNumber: '={{ $json.missing }}' },
			/phoneNumber or phoneNumberSid is required/,
		],
		[
			'release: no SID',
			'release',
			{ identifyBy: 'phoneNumberSid', phoneNumberSid: ' ' },
			/phoneNumber or phoneNumberSid is required/,
		],
		[
			'release: a number not in E.164',
			'release',
			{ identifyBy: 'phoneNumber', phoneNumber: '030 555 000' },
			/phoneNumber: must be a phone number in E\.164/,
		],
		[
			'repairWebhooks: no phone number',
			'repairWebhooks',
			{ identifyBy: 'phoneNumber', phoneNumber: '={{ $json.missing }}' },
			/phoneNumber or phoneNumberSid is required/,
		],
		[
			'assignToAgent: no agent',
			'assignToAgent',
			{ identifyBy: 'phoneNumber', phoneNumber: SANDBOX_IDS.spareRentalNumber, agentId: '  ' },
			/agentId is required/,
		],
		[
			'assignToAgent: escape hatch that is not JSON',
			'assignToAgent',
			{
				identifyBy: 'phoneNumber',
				phoneNumber: SANDBOX_IDS.spareRentalNumber,
				agentId: SANDBOX_IDS.rentalAgent,
				additionalFields: { additionalBodyFields: '{nope' },
			},
			/: .*Additional Body Fields \(JSON\): must be valid JSON/,
		],
	];

	it.each(cases)('rejects %s', async (_name, operation, parameters, message) => {
		const result = await run(operation, parameters);
		const error = result.error('Convocore');
		expect(error?.message).toMatch(message);
		expect(itemIndexOf(error)).toBe(0);
		expect(sandbox.current.count()).toBe(0);
	});

	it('an invalid item anywhere stops the whole batch before the first purchase', async () => {
		const result = await run(
			'buy',
			{ phoneNumber: '={{ $json.number }}' },
			{ input: [{ json: { number: '+4930555000201' } }, { json: { number: 'call me' } }] },
		);
		const error = result.error('Convocore');
		expect(error?.message).toMatch(/: number:/);
		expect(itemIndexOf(error)).toBe(1);
		expect(sandbox.current.count()).toBe(0);
		expect(sandbox.current.state.numbers['+4930555000201']).toBeUndefined();
	});
});
