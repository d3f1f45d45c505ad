/**
 * Agent > Get and Agent > Update as AI-agent tools, through n8n-core's tool path: plain
 * $fromAI fields, the exact request, an answer without secrets, and a mistake told to the model.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { secretStringsOf } from '../../sandbox/seed/crm';
import { askAgent } from '../harness/aiTool';
import { useSandbox } from '../harness/convocore';

const sandbox = useSandbox();

function expectNoSecret(text: string): void {
	const secrets = Object.values(sandbox.current.state.agents).flatMap((agent) =>
		secretStringsOf(agent.secretFields),
	);
	expect(secrets.length).toBeGreaterThan(15);
	for (const secret of secrets) expect(text).not.toContain(secret);
}

const agentFromModel = {
	__rl: true,
	mode: 'id',
	value: "={{ $fromAI('agentId', 'The ID of the Convocore agent') }}",
};

describe('Agent as an AI-agent tool', () => {
	it('Get: the model reads an agent by ID, and no secret is in what it reads', async () => {
		const reply = await askAgent(
			sandbox.current,
			{ resource: 'agent', operation: 'get', agentId: agentFromModel, simplify: false },
			{ agentId: SANDBOX_IDS.ownAccountAgent },
		);
		expect(reply.description).toBe('Get an agent in Convocore');
		expect(reply.schemaKeys).toEqual(['agentId']);
		expect(JSON.parse(reply.answer)).toEqual([
			expect.objectContaining({
				ID: SANDBOX_IDS.ownAccountAgent,
				title: 'Ava from Acme Dental',
				SECRET_API_KEY: '[redacted]',
			}),
		]);
		expectNoSecret(reply.answer);
	});

	const update: INodeParameters = {
		resource: 'agent',
		operation: 'update',
		agentId: agentFromModel,
		textFields: {
			aiIntroductionMessage:
				"={{ $fromAI('introMessage', 'The opening message the agent says first') }}",
		},
		numberFields: { messagesLimit: "={{ $fromAI('messagesLimit', 'Most messages per session') }}" },
	};

	it('Update: the model fills plain fields and exactly those are sent', async () => {
		const reply = await askAgent(sandbox.current, update, {
			agentId: SANDBOX_IDS.rentalAgent,
			introMessage: 'Spring offers are here!',
			messagesLimit: '30',
		});
		expect(reply.description).toBe('Update an agent in Convocore');
		expect(reply.schemaKeys).toEqual(['agentId', 'introMessage', 'messagesLimit']);
		expect(
			sandbox.current.requests().map(({ method, path, body }) => ({ method, path, body })),
		).toEqual([
			{
				method: 'PATCH',
				path: `/agents/${SANDBOX_IDS.rentalAgent}`,
				body: { agent: { aiIntroductionMessage: 'Spring offers are here!', messagesLimit: 30 } },
			},
		]);
		expect(JSON.parse(reply.answer)).toEqual([
			expect.objectContaining({
				aiIntroductionMessage: 'Spring offers are here!',
				messagesLimit: 30,
			}),
		]);
		expectNoSecret(reply.answer);
	});

	it('Update: a value of the wrong type comes back as a message naming the field, and nothing is sent', async () => {
		const reply = await askAgent(sandbox.current, update, {
			agentId: SANDBOX_IDS.rentalAgent,
			introMessage: 'Hi',
			messagesLimit: 'thirty',
		});
		expect(reply.answer).toMatch(/^Error: Invalid agent update: messagesLimit: must be a number/);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});
