/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up tokens, never ships (package.json "files" is dist/ only) */
/**
 * Agent > Create and Update's Model, Knowledge Base Retrieval and Integrations groups (node
 * version 4 on, issue 41): through n8n's engine against the strict sandbox over real HTTP. What
 * the agent stores, what the user gets (secrets redacted), and the ranges refused before any
 * request is sent, naming the field and the item.
 */
import type { INodeParameters } from 'n8n-workflow';
import { REDACTED } from '../../nodes/shared/secrets';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const byId = (agentId: string) => ({ __rl: true, mode: 'id', value: agentId });

async function agentOp(parameters: INodeParameters, typeVersion = 6) {
	return await runConvocore(
		{ resource: 'agent', ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion },
	);
}
const updateOwnAgent = (fields: INodeParameters) =>
	agentOp({ operation: 'update', agentId: byId(SANDBOX_IDS.ownAccountAgent), ...fields });
const newAgents = () =>
	Object.values(sandbox.current.state.agents).filter((agent) => agent.ID.startsWith('agent-new-'));

describe('Agent > Create: the model, its knowledge-base retrieval and an integration', () => {
	it('stores every field set, the update-only ones through the follow-up PATCH, and outputs no token', async () => {
		const token = 'wa-token-7f3e9a1c';
		const result = await agentOp({
			operation: 'create',
			title: 'Mia the Planner',
			modelFields: {
				vg_defaultModel: 'gpt-4o',
				vg_temperature: 0.4,
				vg_maxTokens: 800,
				vg_max_messages_history: 12,
			},
			knowledgeBaseFields: {
				vg_kbTopChunks: 4,
				vg_kb_llm: '{ "searchMethod": "smart", "modelId": "gpt-4o-mini" }',
			},
			integrationFields: { whatsappToken: token, whatsappNumberId: '1555' },
		});
		expect(result.error('Convocore')).toBeUndefined();
		const [agent] = newAgents();
		/** What only the update schema takes: the model and the retrieval. */
		const updateOnly = {
			vg_defaultModel: 'gpt-4o',
			vg_temperature: 0.4,
			vg_maxTokens: 800,
			vg_max_messages_history: 12,
			vg_kbTopChunks: 4,
			vg_kb_llm: { searchMethod: 'smart', modelId: 'gpt-4o-mini' },
		};
		expect(agent.fields).toEqual(
			expect.objectContaining({
				...updateOnly,
				whatsappToken: token,
				whatsappNumberId: '1555',
			}),
		);
		// Create's schema takes the WhatsApp fields; the model and retrieval go in the PATCH.
		expect(sandbox.current.requests({ method: 'POST', path: '/agents' })[0].body).toEqual({
			agent: { title: 'Mia the Planner', whatsappToken: token, whatsappNumberId: '1555' },
		});
		expect(sandbox.current.requests({ method: 'PATCH' })[0].body).toEqual({ agent: updateOnly });
		const [item] = result.items();
		expect(item.json.whatsappToken).toBe(REDACTED);
		expect(JSON.stringify(result.run)).not.toContain(token);
		expect(item.json.warnings).toBeUndefined();
	});
});

describe('Agent > Update: ranges and model names', () => {
	it.each([
		[{ modelFields: { vg_temperature: 2.5 } }, 'vg_temperature: must be from 0 to 2'],
		[{ modelFields: { vg_maxTokens: 0 } }, 'vg_maxTokens: must be a whole number of at least 1'],
		[
			{ modelFields: { vg_max_messages_history: 2.5 } },
			'vg_max_messages_history: must be a whole number of at least 0',
		],
		[{ knowledgeBaseFields: { vg_kbTopChunks: 0 } }, 'vg_kbTopChunks: must be a whole number'],
		[{ options: { otherFields: '{ "vg_temperature": -1 }' } }, 'vg_temperature: must be from 0'],
	])('%j is refused before sending, naming the field and the item', async (fields, message) => {
		const result = await updateOwnAgent({ ...fields });
		const error = result.error('Convocore');
		expect(error?.message).toContain(message);
		expect(error?.description).toContain('In item 0.');
		expect(sandbox.current.requests({ method: 'PATCH' })).toHaveLength(0);
	});

	it('an error names no integration secret: keys and tokens stay out of the run, the node copy included', async () => {
		const secrets = {
			gcloudPrivateKey: '-----BEGIN PRIVATE KEY-----e2e9f1',
			VF_PROJECT_API_KEY: 'VF.DM.e2e-made-up-4417',
			igAccessToken: 'IGQVJ-made-up-93a1',
		};
		const result = await updateOwnAgent({
			integrationFields: secrets,
			modelFields: { vg_temperature: 9 },
		});
		expect(result.error('Convocore')?.message).toContain('vg_temperature');
		const run = JSON.stringify(result.run.data.resultData);
		for (const secret of Object.values(secrets)) expect(run).not.toContain(secret);
	});

	it('an unknown key inside a closed published object is refused before sending', async () => {
		const result = await updateOwnAgent({
			knowledgeBaseFields: { vg_kb_llm: '{ "searchMode": "smart" }' },
		});
		expect(result.error('Convocore')?.message).toMatch(
			/^Invalid agent update: unknown field in vg_kb_llm: searchMode/,
		);
		expect(sandbox.current.requests({ method: 'PATCH' })).toHaveLength(0);
	});

	it('a model named by expression goes as typed; the published list decides what Convocore takes', async () => {
		const result = await updateOwnAgent({
			modelFields: { vg_defaultModel: '={{ "gpt-7-" + "preview" }}' },
		});
		expect(sandbox.current.requests({ method: 'PATCH' })[0].body).toEqual({
			agent: { vg_defaultModel: 'gpt-7-preview' },
		});
		// The strict sandbox refuses what the published schema refuses: a name outside its 61.
		expect(result.error('Convocore')?.message).toMatch(/vg_defaultModel/);
	});
});
