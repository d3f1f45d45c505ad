/**
 * The sandbox's `PATCH /agents/{id}` judges the model and the closed published objects as
 * OpenAPI 1.0.4 does (issue 41): strict mode refuses what the published schema refuses, loudly;
 * published mode refuses a model outside the 61 names with `Input validation failed` and drops an
 * unknown key inside a closed object without an error, as Convocore's trpc-openapi server does.
 */
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const strict = useSandbox();
const published = useSandbox({ mode: 'published' });
const path = `/agents/${SANDBOX_IDS.rentalAgent}`;

describe.each([
	['strict', strict],
	['published', published],
] as const)('PATCH /agents/{id}, the model (%s mode)', (_mode, server) => {
	const patch = (agent: Record<string, unknown>) =>
		api(server(), 'PATCH', path, { key: server().keys.euWhiteLabel, body: { agent } });
	const stored = () => server().state.agents[SANDBOX_IDS.rentalAgent].fields ?? {};

	it('stores a published model, its temperature, tokens, history and retrieval settings', async () => {
		const agent = {
			vg_defaultModel: 'claude-3-5-haiku-20241022',
			vg_temperature: 0.7,
			vg_maxTokens: 1200,
			vg_max_messages_history: 30,
			vg_kbTopChunks: 6,
			ifKnowsThreshold: 0.5,
			vg_kb_llm: { searchMethod: 'smart', modelId: 'gpt-4o-mini', temprature: 0.2 },
		};
		expect((await patch(agent)).status).toBe(200);
		expect(stored()).toEqual(expect.objectContaining(agent));
	});

	it('refuses a model outside the 61 published names, and a search model too', async () => {
		for (const agent of [
			{ vg_defaultModel: 'gpt-7-preview' },
			{ vg_kb_llm: { modelId: 'gpt-7-preview' } },
		]) {
			const answer = await patch(agent);
			expect(answer.status).toBe(400);
			expect(JSON.stringify(answer.body)).toMatch(/must be one of gpt-5-chat-latest/);
		}
		expect(stored().vg_defaultModel).toBeUndefined();
	});
});

describe('an unknown key inside a closed published object', () => {
	const agent = { vg_kb_llm: { searchMethod: 'simple', searchMode: 'fast' } };

	it('strict mode refuses it, naming it', async () => {
		const answer = await api(strict(), 'PATCH', path, {
			key: strict().keys.euWhiteLabel,
			body: { agent },
		});
		expect(answer.status).toBe(400);
		expect(answer.body.message).toMatch(/unknown field in agent\.vg_kb_llm: searchMode/);
	});

	it('published mode drops it without an error and keeps the rest, as Convocore does', async () => {
		const answer = await api(published(), 'PATCH', path, {
			key: published().keys.euWhiteLabel,
			body: { agent },
		});
		expect(answer.status).toBe(200);
		expect(published().state.agents[SANDBOX_IDS.rentalAgent].fields?.vg_kb_llm).toEqual({
			searchMethod: 'simple',
		});
	});
});
