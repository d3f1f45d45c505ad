/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against a local fault server with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * One rule for every listing: an answer that holds no list where the contract puts it, or a
 * list of something else, is an error naming what came, never "nothing found". The spec fixes
 * the envelope of custom metrics, conversations and leads (an object naming its list), and not
 * that of the voice catalog: there a bare list is accepted, as public clients have seen it, and
 * every entry is checked as a voice (provider, model) before it becomes an item.
 */
import type { INodeParameters } from 'n8n-workflow';
import { runConvocore } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';

const SECRET_KEY = 'vg_listingSuiteSecret_0123456789abcdef';
const AGENT = 'agent-1';
const agent = { __rl: true, mode: 'id', value: AGENT };
const voice = { voiceId: 'v1', name: 'Ava', provider: 'elevenlabs', previewUrl: 'https://cdn.example.com/v1.mp3', filters: { accent: 'American', gender: 'female', useCase: 'conversational', language: 'en-US' } };

interface Listing {
	name: string;
	path: string;
	parameters: INodeParameters;
	typeVersion?: number;
	/** What the error calls the list. */
	what: RegExp;
	/** A bare list of good entries, when the listing accepts one. */
	bareList?: unknown[];
}

const LISTINGS: Listing[] = [
	{ name: 'Voice > Search', path: '/voices', parameters: { resource: 'voice', operation: 'search', returnAll: false, limit: 5 }, what: /voices/, bareList: [voice, { ...voice, voiceId: 'v2' }] },
	{ name: 'Voice > Browse', path: '/voices/elevenlabs', parameters: { resource: 'voice', operation: 'browse', provider: 'elevenlabs', returnAll: true }, what: /voices/, bareList: [voice] },
	{ name: 'Voice > List Providers', path: '/voices/providers', parameters: { resource: 'voice', operation: 'listProviders' }, what: /voice providers/, bareList: [{ provider: 'elevenlabs', workspaceSecretKey: 'ELEVENLABS_API_KEY', requiresWorkspaceApiKey: false }] },
	{ name: 'Voice > List Models', path: '/voices/elevenlabs/models', parameters: { resource: 'voice', operation: 'listModels', provider: 'elevenlabs' }, what: /voice models/, bareList: ['eleven_turbo_v2', { modelId: 'eleven_v3' }] },
	{ name: 'Custom Metric > Get Many', path: `/agents/${AGENT}/custom-metrics`, parameters: { resource: 'customMetric', operation: 'getAll', agentId: AGENT, returnAll: true }, what: /metrics/ },
	{ name: 'Conversation > Get Many', path: `/agents/${AGENT}/convos`, parameters: { resource: 'conversation', operation: 'getAll', agentId: agent, returnAll: true }, typeVersion: 2, what: /data/ },
	{ name: 'Lead > Get Many', path: `/agents/${AGENT}/leads`, parameters: { resource: 'lead', operation: 'getAll', agentId: agent, returnAll: true }, typeVersion: 2, what: /leads/ },
	{ name: 'Agent > Get Many', path: '/agents', parameters: { resource: 'agent', operation: 'getAll', returnAll: true }, typeVersion: 2, what: /agents/, bareList: [{ ID: 'agent-1', title: 'Front desk' }] },
];

let server: FaultServer;
beforeAll(async () => {
	server = await FaultServer.start(LISTINGS.map((listing) => ({ method: 'GET', path: listing.path, success: {} })));
});
afterAll(async () => server.close());
beforeEach(() => server.reset());

async function run(listing: Listing, body: unknown) {
	server.always('GET', listing.path, { kind: 'json', status: 200, body });
	const result = await runConvocore(listing.parameters, {
		credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY },
		typeVersion: listing.typeVersion,
	});
	const error = result.error('Convocore');
	return { error, items: error ? [] : result.items(), requests: server.requestsTo('GET', listing.path).length };
}

describe.each(LISTINGS)('$name', (listing) => {
	it.each([
		['an empty object', {}, /an empty object came|Required|Invalid input/],
		['only success: true', { success: true }, /key success came|Required|Invalid input/],
		['the list under a key the contract does not know', { success: true, voiceList: [voice] }, /keys success, voiceList came|Required|Invalid input/],
		['a list of numbers', { success: true, data: [1, 2] }, /entry 0 of the|data\.0: Expected object|leads: Required|a list where an object was expected/],
	])('%s on 200 is an error naming what came, not an empty result', async (_case, body, message) => {
		const outcome = await run(listing, body);
		expect(outcome.error?.message).toMatch(/^Convocore answered GET \S+ with HTTP 200 but /);
		expect(outcome.error?.message).toMatch(message);
		expect(outcome.items).toHaveLength(0);
		expect(outcome.requests).toBe(1);
	});

	if (listing.bareList) {
		const bareList = listing.bareList;
		it('a bare list is accepted, each entry checked and output', async () => {
			const outcome = await run(listing, bareList);
			expect(outcome.error).toBeUndefined();
			expect(outcome.items).toHaveLength(bareList.length);
		});

		it('a bare list holding something else is an error naming the entry', async () => {
			const outcome = await run(listing, [...bareList, 42]);
			expect(outcome.error?.message).toMatch(new RegExp(`entry ${bareList.length} of the ${listing.what.source}: (Expected|must be)`));
			expect(outcome.items).toHaveLength(0);
		});

		it('an empty bare list is an empty result', async () => {
			const outcome = await run(listing, []);
			expect(outcome.error).toBeUndefined();
			expect(outcome.items).toHaveLength(0);
		});
	}
});

it('Voice > Search: a voice without its id is refused, naming the field', async () => {
	const outcome = await run(LISTINGS[0], { success: true, data: { voices: [voice, { name: 'No id' }] } });
	expect(outcome.error?.message).toMatch(/entry 1 of the voices: voiceId: is required/);
});
