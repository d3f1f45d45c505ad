/**
 * Agent > Create, Update and Delete through n8n's engine against the sandbox over real HTTP: the
 * exact request of each, refusals before anything is sent, Dry Run, the ignored-prompt hint,
 * and no secret in any output or error.
 */
import type { INodeParameters } from 'n8n-workflow';
import { telcoField } from '../../nodes/shared/telco';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { secretStringsOf } from '../../sandbox/seed/crm';
import { searchAgents } from '../../nodes/Convocore/methods/agents';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
/** Made up: the SMS auth token a test sends, which must never come back. */
const smsTokenSent = 'sms-auth-that-must-not-leak';
const byId = (agentId: string) => ({ __rl: true, mode: 'id', value: agentId });

async function agentOp(
	parameters: INodeParameters,
	{ continueOnFail = false, typeVersion = 2 } = {},
) {
	return await runConvocore(
		{ resource: 'agent', ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion, continueOnFail },
	);
}

const apiRequests = () =>
	sandbox.current.requests().map(({ method, path, body }) => ({ method, path, body }));
const hintsOf = (result: Awaited<ReturnType<typeof agentOp>>) =>
	result.run.data.resultData.runData.Convocore[0].hints ?? [];

/** Every seeded secret and the SMS token a test sends: none may come out. */
function expectNoSecret(output: unknown): void {
	const text = JSON.stringify(output);
	const secrets = [
		...Object.values(sandbox.current.state.agents).flatMap((agent) =>
			secretStringsOf(agent.secretFields),
		),
		smsTokenSent,
	];
	for (const secret of secrets) expect(text).not.toContain(secret);
}

const listedTitles = async () =>
	(await agentOp({ operation: 'getAll', returnAll: true })).items().map((item) => item.json.title);
/** What the agent picker offers, by title. */
const pickerTitles = async () =>
	(
		await searchAgents.call(
			loadOptionsContext(sandbox.current, { resource: 'sms', operation: 'send' }),
		)
	).results.map((result) => result.name);

describe('Agent > Create', () => {
	const createParameters: INodeParameters = {
		operation: 'create',
		title: 'Zed the Concierge',
		promptFields: { vg_systemPrompt: 'Answer in one sentence.' },
		textFields: { lang: 'de', proactiveMessage: 'Hallo!' },
		numberFields: { messagesLimit: 40, messageAggregationSeconds: 8 },
		booleanFields: { enableNodes: false, gdprCompliance: true },
		analyticsFields: { hideFunnelAnalytics: true },
		telephonySmsFields: {
			[telcoField('SmsAuthToken')]: smsTokenSent,
			[telcoField('SmsVerified')]: true,
		},
		structureFields: { kbTags: '["faq", "pricing"]', limits: '{ "maxSessions": 10 }' },
	};

	it('sends POST /agents with the fields the create schema takes, then PATCH with the update-only ones; the new agent is listed', async () => {
		const result = await agentOp(createParameters);
		const [item] = result.items();
		const newId = Object.keys(sandbox.current.state.agents).find((id) =>
			id.startsWith('agent-new-'),
		);
		expect(apiRequests()).toEqual([
			{
				method: 'POST',
				path: '/agents',
				body: {
					agent: {
						title: 'Zed the Concierge',
						lang: 'de',
						messagesLimit: 40,
						messageAggregationSeconds: 8,
						gdprCompliance: true,
						hideFunnelAnalytics: true,
						[telcoField('SmsAuthToken')]: smsTokenSent,
						[telcoField('SmsVerified')]: true,
					},
				},
			},
			{
				method: 'PATCH',
				path: `/agents/${newId}`,
				body: {
					agent: {
						vg_systemPrompt: 'Answer in one sentence.',
						proactiveMessage: 'Hallo!',
						enableNodes: false,
						kbTags: ['faq', 'pricing'],
						limits: { maxSessions: 10 },
					},
				},
			},
		]);
		expect(item.json).toEqual(
			expect.objectContaining({
				ID: newId,
				title: 'Zed the Concierge',
				lang: 'de',
				enableNodes: false,
				[telcoField('SmsAuthToken')]: '[redacted]',
			}),
		);
		expect(item.json).not.toHaveProperty('warnings');
		expectNoSecret(item);
		expect(hintsOf(result)).toEqual([]);
		expect(await listedTitles()).toContain('Zed the Concierge');
		expect(await pickerTitles()).toContain('Zed the Concierge');
	});

	it('Dry Run returns the exact requests, the token redacted, and sends nothing', async () => {
		const [item] = (await agentOp({ ...createParameters, options: { dryRun: true } })).items();
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(item.json).toEqual({
			dryRun: true,
			method: 'POST',
			path: '/agents',
			body: {
				agent: expect.objectContaining({
					title: 'Zed the Concierge',
					lang: 'de',
					[telcoField('SmsAuthToken')]: '[redacted]',
				}),
			},
			then: {
				method: 'PATCH',
				path: '/agents/{new agent ID}',
				body: {
					agent: expect.objectContaining({ kbTags: ['faq', 'pricing'], enableNodes: false }),
				},
			},
		});
		expectNoSecret(item);
	});

	it('Dry Run also removes the token where it is repeated under a name that is not secret', async () => {
		const [item] = (
			await agentOp({
				operation: 'create',
				title: 'Echo',
				telephonySmsFields: { [telcoField('SmsAuthToken')]: smsTokenSent },
				structureFields: { emailConfig: JSON.stringify({ note: `token ${smsTokenSent}` }) },
				options: { dryRun: true },
			})
		).items();
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(item.json.body).toEqual({
			agent: expect.objectContaining({ emailConfig: { note: 'token [redacted]' } }),
		});
		expectNoSecret(item);
	});

	it.each([
		['Create', { operation: 'create', title: 'Not Yet' }],
		[
			'Update',
			{ operation: 'update', agentId: byId(SANDBOX_IDS.rentalAgent), textFields: { lang: 'fr' } },
		],
	])(
		'%s: a Dry Run that is not true or false is refused before anything is sent, not read as off',
		async (_name, parameters) => {
			const result = await agentOp({
				...parameters,
				options: { dryRun: '={{ "true" }}' },
			} as INodeParameters);
			expect(sandbox.current.requests()).toHaveLength(0);
			expect(result.error('Convocore')?.message).toMatch(/options\.dryRun: must be true or false/);
		},
	);

	it('says the classic prompt is ignored when the new agent runs on nodes (the default)', async () => {
		const result = await agentOp({
			operation: 'create',
			title: 'Nodey',
			promptFields: { vg_prompt: 'Hi', vg_initPrompt: 'Hello' },
			options: { dryRun: true },
		});
		expect(hintsOf(result)).toEqual([
			expect.objectContaining({
				type: 'warning',
				message: expect.stringMatching(
					/^Item 0: vg_prompt, vg_initPrompt are ignored while Enable Nodes is on/,
				),
			}),
		]);
	});

	it.each([
		[
			'an unknown field in Other Fields',
			{ options: { otherFields: '{ "colour": "red", "chatBgURL": "https://x.example/bg.png" }' } },
			/^Invalid agent: unknown field: colour \(not accepted by the API\)$/,
		],
		[
			'a field set twice',
			{ options: { otherFields: '{ "lang": "en" }' } },
			/^Invalid agent: options\.otherFields: lang is also set above/,
		],
		[
			'Other Fields that are not an object',
			{ options: { otherFields: '["lang"]' } },
			/^Invalid input in item 0: options\.otherFields: must be a JSON object.*got JSON text holding a list/,
		],
		[
			'Other Fields that are null',
			{ options: { otherFields: '={{ null }}' } },
			/^Invalid input in item 0: options\.otherFields: must be a JSON object.*got null/,
		],
		[
			'a number field given text',
			{ numberFields: { messagesLimit: '={{ "many" }}' } },
			/^Invalid agent: messagesLimit: must be a number$/,
		],
		[
			'a switch given a number',
			{ booleanFields: { enableNodes: '={{ 3 }}' } },
			/^Invalid agent: enableNodes: must be true or false$/,
		],
		[
			'bad JSON in a structure',
			{ structureFields: { voiceConfig: '{ "speechGen": ' } },
			/^Invalid JSON in item 0: structureFields\.voiceConfig: must be valid JSON/,
		],
		[
			'a list where an object belongs',
			{ structureFields: { limits: '[1, 2]' } },
			/^Invalid agent: limits: must be a JSON object$/,
		],
		['no title', { title: '={{ "  " }}' }, /^Invalid agent: title: is required$/],
	])(
		'refuses %s before sending anything, naming the field and the item',
		async (_case, parameters, message) => {
			const result = await agentOp({ ...createParameters, ...parameters });
			const error = result.error('Convocore');
			expect(error?.message).toMatch(message);
			expect(`${error?.message} ${error?.description ?? ''}`).toMatch(/item 0/i);
			expect(sandbox.current.requests()).toHaveLength(0);
			expectNoSecret({
				message: error?.message,
				description: error?.description,
				node: (error as { node?: unknown } | undefined)?.node,
			});
		},
	);
});

describe('Agent > Update', () => {
	it('sends PATCH /agents/{id} with only the fields set, and the new title is listed', async () => {
		const result = await agentOp({
			operation: 'update',
			agentId: byId(SANDBOX_IDS.rentalAgent),
			textFields: { title: 'Remy (Spring Campaign)', aiIntroductionMessage: 'Hi, Remy here!' },
			booleanFields: { enableAIIntroductionMessage: true },
		});
		expect(apiRequests()).toEqual([
			{
				method: 'PATCH',
				path: `/agents/${SANDBOX_IDS.rentalAgent}`,
				body: {
					agent: {
						title: 'Remy (Spring Campaign)',
						aiIntroductionMessage: 'Hi, Remy here!',
						enableAIIntroductionMessage: true,
					},
				},
			},
		]);
		const [item] = result.items();
		expect(item.json).toEqual(
			expect.objectContaining({
				ID: SANDBOX_IDS.rentalAgent,
				title: 'Remy (Spring Campaign)',
				SECRET_API_KEY: '[redacted]',
			}),
		);
		expectNoSecret(item);
		expect(await listedTitles()).toContain('Remy (Spring Campaign)');
		expect(await pickerTitles()).toContain('Remy (Spring Campaign)');
	});

	it("a classic prompt on an agent that runs on nodes: the hint reads enableNodes from the agent's record", async () => {
		const result = await agentOp({
			operation: 'update',
			agentId: byId(SANDBOX_IDS.rentalAgent),
			promptFields: { vg_systemPrompt: 'Be kind.' },
		});
		expect(result.items()).toHaveLength(1);
		expect(hintsOf(result)).toEqual([
			expect.objectContaining({
				message: expect.stringMatching(
					/^Item 0: vg_systemPrompt is ignored while Enable Nodes is on/,
				),
			}),
		]);
		const off = await agentOp({
			operation: 'update',
			agentId: byId(SANDBOX_IDS.rentalAgent),
			promptFields: { vg_systemPrompt: 'Be kind.' },
			booleanFields: { enableNodes: false },
		});
		expect(hintsOf(off)).toEqual([]);
	});

	it('Dry Run returns the PATCH it would send and sends nothing', async () => {
		const [item] = (
			await agentOp({
				operation: 'update',
				agentId: byId(SANDBOX_IDS.rentalAgent),
				numberFields: { messageDelayMS: '={{ "250" }}' },
				options: { dryRun: true },
			})
		).items();
		expect(item.json).toEqual({
			dryRun: true,
			method: 'PATCH',
			path: `/agents/${SANDBOX_IDS.rentalAgent}`,
			body: { agent: { messageDelayMS: 250 } },
		});
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Other Fields (JSON) adds fields of the list to those set above', async () => {
		await agentOp({
			operation: 'update',
			agentId: byId(SANDBOX_IDS.rentalAgent),
			textFields: { lang: 'en' },
			options: { otherFields: '{ "convoTags": ["vip"], "chatForget": true }' },
		});
		expect(apiRequests()).toEqual([
			{
				method: 'PATCH',
				path: `/agents/${SANDBOX_IDS.rentalAgent}`,
				body: { agent: { lang: 'en', convoTags: ['vip'], chatForget: true } },
			},
		]);
	});

	it('with nothing set, refuses before sending', async () => {
		const error = (
			await agentOp({
				operation: 'update',
				agentId: byId(SANDBOX_IDS.rentalAgent),
				textFields: { lang: '' },
			})
		).error('Convocore');
		expect(error?.message).toBe('Invalid agent update: set at least one field to change');
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('node version 1 takes the Agent ID as text', async () => {
		await agentOp(
			{ operation: 'update', agentId: SANDBOX_IDS.rentalAgent, textFields: { lang: 'fr' } },
			{ typeVersion: 1 },
		);
		expect(apiRequests()).toEqual([
			{
				method: 'PATCH',
				path: `/agents/${SANDBOX_IDS.rentalAgent}`,
				body: { agent: { lang: 'fr' } },
			},
		]);
	});

	it('an error from Convocore holds no secret, not even the SMS token sent', async () => {
		const result = await agentOp({
			operation: 'update',
			agentId: byId(SANDBOX_IDS.naAgent),
			telephonySmsFields: { [telcoField('SmsAuthToken')]: smsTokenSent },
		});
		const error = result.error('Convocore');
		expect(error?.message).toMatch(/^Not found/);
		expectNoSecret({
			message: error?.message,
			description: error?.description,
			node: (error as { node?: unknown } | undefined)?.node,
		});
	});
});

describe('Agent > Delete', () => {
	it('sends DELETE /agents/{id}, outputs { deleted: true }, and the agent is gone from Get Many', async () => {
		const [item] = (
			await agentOp({ operation: 'delete', agentId: byId(SANDBOX_IDS.noSmsAgent) })
		).items();
		expect(item.json).toEqual({ deleted: true, agentId: SANDBOX_IDS.noSmsAgent });
		expect(apiRequests()).toEqual([
			{ method: 'DELETE', path: `/agents/${SANDBOX_IDS.noSmsAgent}`, body: undefined },
		]);
		expect(await listedTitles()).toEqual(['Ava from Acme Dental', 'Remy the Reminder Bot']);
		expect(await pickerTitles()).toEqual(['Ava from Acme Dental', 'Remy the Reminder Bot']);
	});

	it('an agent already deleted fails with Not found', async () => {
		await agentOp({ operation: 'delete', agentId: byId(SANDBOX_IDS.noSmsAgent) });
		expect(
			(await agentOp({ operation: 'delete', agentId: byId(SANDBOX_IDS.noSmsAgent) })).error(
				'Convocore',
			)?.message,
		).toMatch(/^Not found/);
	});
});

describe('Stored workflows', () => {
	it('an Agent node saved without an operation (at its default) still runs Get', async () => {
		const items = (
			await runConvocore(
				{ resource: 'agent', agentId: byId(SANDBOX_IDS.rentalAgent) },
				{ credential: sandboxCredential(sandbox.current), typeVersion: 2 },
			)
		).items();
		expect(items.map((item) => item.json.ID)).toEqual([SANDBOX_IDS.rentalAgent]);
		expect(apiRequests()).toEqual([
			{ method: 'GET', path: `/agents/${SANDBOX_IDS.rentalAgent}`, body: undefined },
		]);
	});
});
