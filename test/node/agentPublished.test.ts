/**
 * Agent > Create, Update and Clone against the sandbox in published mode (it drops unknown keys
 * without an error, as Convocore's server does): what the sandbox stored and what the user gets.
 * Create sends the update-only fields in a second request; a field the server drops is named in
 * a warning on the item and in an execution hint.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox({ mode: 'published' });
const byId = (agentId: string) => ({ __rl: true, mode: 'id', value: agentId });

async function agentOp(parameters: INodeParameters) {
	return await runConvocore(
		{ resource: 'agent', ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
	);
}
const hintsOf = (result: Awaited<ReturnType<typeof agentOp>>) =>
	result.run.data.resultData.runData.Convocore[0].hints ?? [];
const newAgents = () =>
	Object.values(sandbox.current.state.agents).filter((agent) => agent.ID.startsWith('agent-new-'));

const createParameters: INodeParameters = {
	operation: 'create',
	title: 'Zed the Concierge',
	promptFields: { vg_prompt: 'Answer in one sentence.' },
	appearanceFields: { lang: 'de', starred: true },
	analyticsSettings: { convoTags: '["vip"]' },
	advancedFields: { enableNodes: false },
	options: {
		otherFields:
			'{ "vg_defaultModel": "gpt-5-mini-2025-08-07", "vg_temperature": 0.3, "vg_maxTokens": 800, "vg_enableUIEngine": true, "buttonsLayout": "vertical" }',
	},
};

describe('Agent > Create (published mode)', () => {
	it('the stored agent has every field set, update-only ones included, and the output says nothing was lost', async () => {
		const result = await agentOp(createParameters);
		const [item] = result.items();
		const [agent] = newAgents();
		expect(agent.title).toBe('Zed the Concierge');
		expect(agent.fields).toEqual(
			expect.objectContaining({
				vg_prompt: 'Answer in one sentence.',
				lang: 'de',
				starred: true,
				convoTags: ['vip'],
				enableNodes: false,
				vg_defaultModel: 'gpt-5-mini-2025-08-07',
				vg_temperature: 0.3,
				vg_maxTokens: 800,
				vg_enableUIEngine: true,
				buttonsLayout: 'vertical',
			}),
		);
		expect(item.json).toEqual(
			expect.objectContaining({
				ID: agent.ID,
				vg_prompt: 'Answer in one sentence.',
				starred: true,
			}),
		);
		expect(item.json).not.toHaveProperty('warnings');
		expect(hintsOf(result)).toEqual([]);
	});

	it('when the PATCH of the update-only fields fails, the error names the new agent, and nothing is sent again', async () => {
		sandbox.current.injectFault({
			method: 'PATCH',
			path: '/agents/agent-new-1',
			kind: 'status',
			status: 400,
		});
		const error = (await agentOp(createParameters)).error('Convocore');
		expect(error?.message).toMatch(
			/^Agent agent-new-1 \("Zed the Concierge"\) was created, but setting its fields failed: /,
		);
		expect(error?.description).toMatch(
			/The new agent agent-new-1 exists\. Do not run this again: it would make another agent\. Set the fields \(vg_prompt, vg_defaultModel, vg_temperature, vg_maxTokens, vg_enableUIEngine, starred, enableNodes, convoTags\) with Agent > Update on agent agent-new-1/,
		);
		expect(error?.context?.createdAgentId).toBe('agent-new-1');
		expect(sandbox.current.requests().map(({ method, path }) => `${method} ${path}`)).toEqual([
			'POST /agents',
			'PATCH /agents/agent-new-1',
		]);
		// What the first request stored is there; the rest is not.
		expect(
			newAgents().map((agent) => [agent.title, agent.fields?.lang, agent.fields?.starred]),
		).toEqual([['Zed the Concierge', 'de', undefined]]);
	});

	it('a field the server drops is named in a warning on the item and in a hint', async () => {
		sandbox.current.state.droppedAgentFields = ['vg_temperature', 'lang'];
		const result = await agentOp(createParameters);
		const [item] = result.items();
		expect(newAgents()[0].fields).not.toHaveProperty('vg_temperature');
		expect(item.json.warnings).toEqual([
			expect.stringMatching(
				/^Agent agent-new-1: Convocore answered without these fields as set: lang, vg_temperature\./,
			),
		]);
		expect(hintsOf(result)).toEqual([
			expect.objectContaining({
				type: 'warning',
				message: expect.stringMatching(/^Item 0: Agent agent-new-1: .*lang, vg_temperature/),
			}),
		]);
	});
});

describe('Agent > Update and Clone (published mode)', () => {
	it('Update stores the published fields and warns about one the server drops', async () => {
		sandbox.current.state.droppedAgentFields = ['vg_maxTokens'];
		const result = await agentOp({
			operation: 'update',
			agentId: byId(SANDBOX_IDS.rentalAgent),
			options: { otherFields: '{ "vg_defaultModel": "gpt-5-chat-latest", "vg_maxTokens": 400 }' },
		});
		expect(sandbox.current.state.agents[SANDBOX_IDS.rentalAgent].fields).toEqual(
			expect.objectContaining({ vg_defaultModel: 'gpt-5-chat-latest' }),
		);
		const [item] = result.items();
		expect(item.json.vg_defaultModel).toBe('gpt-5-chat-latest');
		expect(item.json.warnings).toEqual([
			expect.stringMatching(
				/^Agent agent-rental: Convocore answered without this field as set: vg_maxTokens\./,
			),
		]);
	});

	it('Clone warns about a field the server drops, and the copy has no SECRET_API_KEY of its source', async () => {
		sandbox.current.state.droppedAgentFields = ['theme'];
		const result = await agentOp({
			operation: 'clone',
			agentId: byId(SANDBOX_IDS.ownAccountAgent),
			agentName: 'Ava for Smile Clinic',
			appearanceFields: { theme: 'custom-blue-dark', lang: 'fr' },
		});
		const [item] = result.items();
		expect(item.json.warnings).toEqual([expect.stringMatching(/this field as set: theme\./)]);
		const [copy] = newAgents();
		expect(copy.fields).toEqual(expect.objectContaining({ lang: 'fr' }));
		expect(copy.fields).not.toHaveProperty('SECRET_API_KEY');
		expect(item.json).not.toHaveProperty('SECRET_API_KEY');
	});
});
