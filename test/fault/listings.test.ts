/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against a local fault server with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * One rule for every listing: an answer that holds no list where the contract puts it, or a
 * list of something else, is an error naming what came, never "nothing found". The spec fixes
 * the envelope of custom metrics, conversations and leads (an object naming its list), and not
 * that of the voice catalog: there a bare list is accepted, as public clients have seen it, and
 * every entry is checked as a voice (provider, model) before it becomes an item.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';
import { ListingProxy } from '../harness/listingProxy';

const SECRET_KEY = 'vg_listingSuiteSecret_0123456789abcdef';
const AGENT = 'agent-1';
const agent = { __rl: true, mode: 'id', value: AGENT };
const voice = {
	voiceId: 'v1',
	name: 'Ava',
	provider: 'elevenlabs',
	previewUrl: 'https://cdn.example.com/v1.mp3',
	filters: { accent: 'American', gender: 'female', useCase: 'conversational', language: 'en-US' },
};

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
	{
		name: 'Voice > Search',
		path: '/voices',
		parameters: { resource: 'voice', operation: 'search', returnAll: false, limit: 5 },
		what: /voices/,
		bareList: [voice, { ...voice, voiceId: 'v2' }],
	},
	{
		name: 'Voice > Browse',
		path: '/voices/elevenlabs',
		parameters: { resource: 'voice', operation: 'browse', provider: 'elevenlabs', returnAll: true },
		what: /voices/,
		bareList: [voice],
	},
	{
		name: 'Voice > List Providers',
		path: '/voices/providers',
		parameters: { resource: 'voice', operation: 'listProviders' },
		what: /voice providers/,
		bareList: [
			{
				provider: 'elevenlabs',
				workspaceSecretKey: 'ELEVENLABS_API_KEY',
				requiresWorkspaceApiKey: false,
			},
		],
	},
	{
		name: 'Voice > List Models',
		path: '/voices/elevenlabs/models',
		parameters: { resource: 'voice', operation: 'listModels', provider: 'elevenlabs' },
		what: /voice models/,
		bareList: ['eleven_turbo_v2', { modelId: 'eleven_v3' }],
	},
	{
		name: 'Custom Metric > Get Many',
		path: `/agents/${AGENT}/custom-metrics`,
		parameters: { resource: 'customMetric', operation: 'getAll', agentId: AGENT, returnAll: true },
		what: /metrics/,
	},
	{
		name: 'Conversation > Get Many',
		path: `/agents/${AGENT}/convos`,
		parameters: { resource: 'conversation', operation: 'getAll', agentId: agent, returnAll: true },
		typeVersion: 2,
		what: /data/,
	},
	{
		name: 'Lead > Get Many',
		path: `/agents/${AGENT}/leads`,
		parameters: { resource: 'lead', operation: 'getAll', agentId: agent, returnAll: true },
		typeVersion: 2,
		what: /leads/,
	},
	{
		name: 'Agent > Get Many',
		path: '/agents',
		parameters: { resource: 'agent', operation: 'getAll', returnAll: true },
		typeVersion: 2,
		what: /agents/,
		bareList: [{ ID: 'agent-1', title: 'Front desk' }],
	},
];

let server: FaultServer;
beforeAll(async () => {
	server = await FaultServer.start(
		LISTINGS.map((listing) => ({ method: 'GET', path: listing.path, success: {} })),
	);
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
	return {
		error,
		items: error ? [] : result.items(),
		requests: server.requestsTo('GET', listing.path).length,
	};
}

describe.each(LISTINGS)('$name', (listing) => {
	it.each([
		['an empty object', {}, /an empty object came|Required|Invalid input/],
		['only success: true', { success: true }, /key success came|Required|Invalid input/],
		[
			'the list under a key the contract does not know',
			{ success: true, voiceList: [voice] },
			/keys success, voiceList came|Required|Invalid input/,
		],
		[
			'a list of numbers',
			{ success: true, data: [1, 2] },
			/entry 0 of the|data\.0: Expected object|leads: Required|a list where an object was expected/,
		],
	])(
		'%s on 200 is an error naming what came, not an empty result',
		async (_case, body, message) => {
			const outcome = await run(listing, body);
			expect(outcome.error?.message).toMatch(/^Convocore answered GET \S+ with HTTP 200 but /);
			expect(outcome.error?.message).toMatch(message);
			expect(outcome.items).toHaveLength(0);
			expect(outcome.requests).toBe(1);
		},
	);

	if (listing.bareList) {
		const bareList = listing.bareList;
		it('a bare list is accepted, each entry checked and output', async () => {
			const outcome = await run(listing, bareList);
			expect(outcome.error).toBeUndefined();
			expect(outcome.items).toHaveLength(bareList.length);
		});

		it('a bare list holding something else is an error naming the entry', async () => {
			const outcome = await run(listing, [...bareList, 42]);
			expect(outcome.error?.message).toMatch(
				new RegExp(`entry ${bareList.length} of the ${listing.what.source}: (Expected|must be)`),
			);
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
	const outcome = await run(LISTINGS[0], {
		success: true,
		data: { voices: [voice, { name: 'No id' }] },
	});
	expect(outcome.error?.message).toMatch(/entry 1 of the voices: voiceId: is required/);
});

/**
 * Issue 30, listings behind a cache or gateway that misbehaves with paging, in front of the real
 * sandbox: a page size other than the one asked is followed by the server's own size, a page that
 * only repeats is a clear error, a page of the wrong shape fails the run. Nothing output twice.
 */
describe('Return All behind a misbehaving cache or gateway', () => {
	const sandbox = useSandbox();
	let proxy: ListingProxy;
	beforeAll(async () => {
		proxy = await ListingProxy.start(sandbox.current.url);
	});
	afterAll(async () => proxy.close());
	beforeEach(() => proxy.reset());

	const ownAgent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
	const throughProxy = (parameters: INodeParameters, typeVersion = 4) =>
		runConvocore(parameters, {
			credential: { ...sandboxCredential(sandbox.current), baseUrl: proxy.baseUrl() },
			typeVersion,
		});

	function addCampaigns(count: number): string[] {
		const state = sandbox.current.state;
		state.campaignStepMs = 3_600_000;
		state.campaigns ??= {};
		for (let index = 0; index < count; index++) {
			const id = `campaign-${String(index).padStart(3, '0')}`;
			state.campaigns[id] = {
				id,
				agentId: SANDBOX_IDS.ownAccountAgent,
				workspaceId: SANDBOX_IDS.euWorkspace,
				name: `Recall ${index}`,
				leadGroupName: 'new-patients',
				delayBetweenEachCall: 10,
				concurrentSlots: 1,
				enabled: false,
				metrics: [],
				contactedLeads: 0,
				successfulCalls: 0,
				onGoingCalls: 0,
				missingCalls: 0,
				totalLeads: 0,
				created_at: new Date(0).toISOString(),
				calledLeadIds: [],
				ongoing: [],
			};
		}
		return Object.keys(state.campaigns);
	}

	function addConversations(count: number): void {
		for (let index = 0; index < count; index++) {
			const ID = `bulk-${String(index).padStart(3, '0')}`;
			sandbox.current.state.conversations[`${SANDBOX_IDS.ownAccountAgent}:${ID}`] = {
				ID,
				agentId: SANDBOX_IDS.ownAccountAgent,
				workspaceId: SANDBOX_IDS.euWorkspace,
				origin: 'sms',
				state: 'ended_chat',
				userName: `Bulk ${index}`,
				userPhone: `+49176100${String(index).padStart(5, '0')}`,
				leadInfo: {},
				messages: [],
				history: [],
				createdAt: 1_700_000_000_000 + index,
				updatedAt: 1_700_000_000_000 + index,
			};
		}
	}
	const convoCount = () =>
		Object.values(sandbox.current.state.conversations).filter(
			(convo) => convo.agentId === SANDBOX_IDS.ownAccountAgent,
		).length;

	it('Campaign > Get Many when the gateway caps pages at 50: all 250 out, 250 distinct', async () => {
		const ids = addCampaigns(250);
		proxy.hooks.query = (_path, query) => {
			if (query.has('limit')) query.set('limit', String(Math.min(Number(query.get('limit')), 50)));
		};
		const result = await throughProxy(
			{ resource: 'campaign', operation: 'getAll', agentId: ownAgent, returnAll: true },
			3,
		);
		const out = result.items().map((item) => item.json.id as string);
		expect(out).toHaveLength(250);
		expect(new Set(out).size).toBe(250);
		expect([...out].sort()).toEqual([...ids].sort());
		const campaignsPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/campaigns`;
		expect(
			proxy.requestsTo(campaignsPath).map((request) => [request.query.page, request.query.limit]),
		).toEqual([
			['1', '100'],
			['2', '50'],
			['3', '50'],
			['4', '50'],
			['5', '50'],
		]);
	});

	it('Campaign > Get behind the same gateway finds a campaign past the first 50, and stops at its page', async () => {
		addCampaigns(250);
		proxy.hooks.query = (_path, query) => {
			if (query.has('limit')) query.set('limit', String(Math.min(Number(query.get('limit')), 50)));
		};
		const result = await throughProxy(
			{
				resource: 'campaign',
				operation: 'get',
				agentId: ownAgent,
				campaignId: { __rl: true, mode: 'id', value: 'campaign-120' },
			},
			3,
		);
		expect(result.items()[0].json.id).toBe('campaign-120');
		expect(
			proxy
				.requestsTo(`/agents/${SANDBOX_IDS.ownAccountAgent}/campaigns`)
				.map((request) => request.query.page),
		).toEqual(['1', '2', '3']);
	});

	it('Lead > Get Many when the gateway caps pages at 50 lists every lead once', async () => {
		const leadsPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/leads`;
		const direct = await runConvocore(
			{ resource: 'lead', operation: 'getAll', agentId: ownAgent, returnAll: true },
			{ credential: sandboxCredential(sandbox.current), typeVersion: 3 },
		);
		const all = direct
			.items()
			.map((item) => JSON.stringify(item.json))
			.sort();
		proxy.hooks.query = (path, query) => {
			if (path === leadsPath) query.set('limit', '1');
		};
		const result = await throughProxy(
			{ resource: 'lead', operation: 'getAll', agentId: ownAgent, returnAll: true },
			3,
		);
		expect(
			result
				.items()
				.map((item) => JSON.stringify(item.json))
				.sort(),
		).toEqual(all);
		expect(all.length).toBeGreaterThan(1);
	});

	it('Agent > Search behind a cache that ignores page: a clear error, no agent output twice', async () => {
		const template = sandbox.current.state.agents[SANDBOX_IDS.noSmsAgent];
		for (let index = 0; index < 150; index++) {
			const ID = `agent-bulk-${String(index).padStart(3, '0')}`;
			sandbox.current.state.agents[ID] = {
				...template,
				ID,
				title: `Bulk ${index}`,
				secret: undefined,
				createdAtUNIX: template.createdAtUNIX + index + 1,
			};
		}
		proxy.hooks.query = (path, query) => {
			if (path === '/agents/search') query.set('page', '1');
		};
		const result = await throughProxy({
			resource: 'agent',
			operation: 'search',
			workspaceId: { __rl: true, mode: 'id', value: SANDBOX_IDS.euWorkspace },
			returnAll: true,
		});
		expect(result.error('Convocore')?.message).toMatch(
			/^Convocore answered page 2 of the agents with only agents it had already listed, so the listing does not advance .*Stopped after 100 agents rather than output any twice\.$/,
		);
		expect(proxy.requestsTo('/agents/search')).toHaveLength(2);
	});

	it('Conversation > Export (all, JSON file) when page 2 answers data as text: the run fails, no file', async () => {
		addConversations(247);
		expect(convoCount()).toBe(250);
		const exportPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/export`;
		proxy.hooks.answer = (path, body, index) =>
			path === exportPath && index === 1
				? { ...(body as object), data: 'conversations 101-200' }
				: body;
		const result = await throughProxy(
			{
				resource: 'conversation',
				operation: 'export',
				agentId: ownAgent,
				which: 'all',
				output: 'jsonFile',
			},
			3,
		);
		expect(result.error('Convocore')?.message).toMatch(
			/^Convocore answered GET \S+convos\/export with HTTP 200 but .*data.*must be the list of conversation records of a JSON export/,
		);
		expect(proxy.requestsTo(exportPath)).toHaveLength(2);
	});

	it('Conversation > Export ends at nextCursor: null and lists every conversation once', async () => {
		addConversations(247);
		const exportPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/export`;
		proxy.hooks.answer = (path, body) =>
			path === exportPath ? { nextCursor: null, ...(body as object) } : body;
		const result = await throughProxy(
			{
				resource: 'conversation',
				operation: 'export',
				agentId: ownAgent,
				which: 'all',
				output: 'items',
			},
			3,
		);
		const ids = result.items().map((item) => item.json.ID);
		expect(ids).toHaveLength(250);
		expect(new Set(ids).size).toBe(250);
		expect(proxy.requestsTo(exportPath)).toHaveLength(3);
	});

	it('Conversation > Export behind a cache that repeats page 1 for every cursor: a clear error', async () => {
		addConversations(247);
		const exportPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/export`;
		proxy.hooks.query = (path, query) => {
			if (path === exportPath) query.delete('cursor');
		};
		const result = await throughProxy(
			{
				resource: 'conversation',
				operation: 'export',
				agentId: ownAgent,
				which: 'all',
				output: 'items',
			},
			3,
		);
		expect(result.error('Convocore')?.message).toMatch(
			/handed out the export cursor 100 a second time|page 2 of the conversations with only conversations it had already listed/,
		);
	});

	it('Conversation > Export that stops at exactly the page size with no cursor says it may be incomplete', async () => {
		addConversations(97); // 100 in all: one full page and no cursor
		const exportPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/export`;
		const full = await throughProxy(
			{
				resource: 'conversation',
				operation: 'export',
				agentId: ownAgent,
				which: 'all',
				output: 'jsonFile',
			},
			3,
		);
		expect(full.items()[0].json).toEqual({ exported: 100, complete: false });
		expect(full.run.data.resultData.runData.Convocore[0].hints).toEqual([
			expect.objectContaining({ message: expect.stringMatching(/may be incomplete/) }),
		]);
		delete sandbox.current.state.conversations[`${SANDBOX_IDS.ownAccountAgent}:bulk-000`];
		const short = await throughProxy(
			{
				resource: 'conversation',
				operation: 'export',
				agentId: ownAgent,
				which: 'all',
				output: 'jsonFile',
			},
			3,
		);
		expect(short.items()[0].json).toEqual({ exported: 99 });
		expect(proxy.requestsTo(exportPath)).toHaveLength(2);
	});

	it('Conversation > Get Many behind a cache that ignores page: a clear error, no conversation output twice', async () => {
		addConversations(47);
		const listPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos`;
		// A server that pages by number (no cursor), behind a cache keyed without page.
		proxy.hooks.query = (path, query) => {
			if (path === listPath) query.set('page', '1');
		};
		proxy.hooks.answer = (path, body) => {
			if (path !== listPath) return body;
			const rest = { ...(body as Record<string, unknown>) };
			delete rest.hasMore;
			delete rest.nextCursor;
			return rest;
		};
		const result = await throughProxy(
			{ resource: 'conversation', operation: 'getAll', agentId: ownAgent, returnAll: true },
			3,
		);
		expect(result.error('Convocore')?.message).toMatch(
			/^Convocore answered page 2 of the conversations with only conversations it had already listed/,
		);
	});
});
