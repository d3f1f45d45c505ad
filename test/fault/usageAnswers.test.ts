/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against a local server with a made-up key, never ships (package.json "files" is dist/ only) */
/**
 * Usage answers the sandbox does not give, from a scripted server (test/harness/faultServer.ts),
 * through n8n's engine: totals sent as text are read as numbers or refused naming the field (never
 * dropped), 0.2.0's reading and the published one give the same creditsConsumed, an agent answer
 * with no credits at all is refused, and the usage logs fail clearly when the answer holds none or
 * a page repeats the one before.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { runConvocore } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';

const SECRET_KEY = 'vg_usageAnswersSecret_0123456789abcdef';
const AGENT_PATH = '/agents/agent-1/usage';
const WORKSPACE_PATH = '/workspaces/ws-1/usage';

let server: FaultServer;
beforeAll(async () => {
	server = await FaultServer.start([
		{ method: 'POST', path: AGENT_PATH, success: { creditsConsumed: 1, metrics: {} } },
		{ method: 'POST', path: WORKSPACE_PATH, success: { creditsConsumed: 1 } },
	]);
});
afterAll(async () => await server.close());
beforeEach(() => server.reset());

const agentUsage: INodeParameters = {
	resource: 'agent',
	operation: 'getUsage',
	agentId: { __rl: true, mode: 'id', value: 'agent-1' },
};
const workspaceUsage = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'workspace',
	operation: 'getUsage',
	workspaceId: { __rl: true, mode: 'id', value: 'ws-1' },
	...extra,
});

async function run(parameters: INodeParameters, path: string, body: unknown) {
	server.always('POST', path, { kind: 'json', body });
	const result = await runConvocore(parameters, {
		credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY },
	});
	const error = result.error('Convocore') as (Error & { description?: string }) | undefined;
	return {
		error,
		items: error ? [] : result.items().map((item) => item.json),
		requests: server.requestsTo('POST', path),
	};
}

describe('numbers sent as text', () => {
	it('are read as numbers at any depth; IDs, names and phone numbers stay text', async () => {
		const { items, error } = await run(agentUsage, AGENT_PATH, {
			creditsConsumed: '150',
			metrics: {
				tokens: { input: '1200', output: '3.5' },
				byModel: [{ modelName: '4', count: '7' }],
				phone: '4915730000001',
				agentId: '12345',
				note: 'n/a',
				leading: '007',
			},
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				agentId: 'agent-1',
				from: null,
				to: null,
				creditsConsumed: 150,
				credits: 150,
				metrics: {
					tokens: { input: 1200, output: 3.5 },
					byModel: [{ modelName: '4', count: 7 }],
					phone: '4915730000001',
					agentId: '12345',
					note: 'n/a',
					leading: '007',
				},
			},
		]);
	});

	it("0.2.0's flat totals sent as text are kept as numbers, not dropped (workspace, under totals)", async () => {
		const { items } = await run(workspaceUsage(), WORKSPACE_PATH, {
			success: true,
			data: { totals: { conversations: '150', smsSent: 4, credits: '12.5' } },
		});
		expect(items).toEqual([
			{
				workspaceId: 'ws-1',
				from: null,
				to: null,
				creditsConsumed: 12.5,
				conversations: 150,
				smsSent: 4,
				credits: 12.5,
			},
		]);
	});

	it.each([
		['creditsConsumed', agentUsage, AGENT_PATH, { creditsConsumed: 'lots', metrics: {} }],
		['totals.credits', workspaceUsage(), WORKSPACE_PATH, { totals: { credits: 'n/a' } }],
		['conversations', workspaceUsage(), WORKSPACE_PATH, { conversations: '1,500' }],
	])(
		'a total that is text but no number is refused, naming %s',
		async (field, parameters, path, body) => {
			const { error } = await run(parameters, path, body);
			expect(error?.message).toBe(
				`Convocore answered POST ${path} with HTTP 200 but an answer that does not match the API specification: ${field}: must be a number (or a number as text)`,
			);
		},
	);
});

describe('nested values under the names 0.2.0 read as totals (issue 40, defect 4)', () => {
	it('Workspace > Get Usage keeps calls and conversations as the objects they came as, and reads the numbers beside them', async () => {
		const { items, error } = await run(workspaceUsage(), WORKSPACE_PATH, {
			creditsConsumed: '42.5',
			conversations: { count: 12, credits: '0' },
			calls: { count: '3', credits: 30, byDirection: [{ direction: 'outbound', count: 3 }] },
			smsSent: 4,
			callMinutes: '7',
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				workspaceId: 'ws-1',
				from: null,
				to: null,
				creditsConsumed: 42.5,
				smsSent: 4,
				callMinutes: 7,
				credits: 42.5,
				conversations: { count: 12, credits: 0 },
				calls: { count: 3, credits: 30, byDirection: [{ direction: 'outbound', count: 3 }] },
			},
		]);
	});

	it("0.2.0's totals holding an object keep it nested, and its numbers stay flat as before", async () => {
		const { items, error } = await run(workspaceUsage(), WORKSPACE_PATH, {
			success: true,
			data: { totals: { conversations: '150', calls: { count: 2, credits: 10 }, credits: 12 } },
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				workspaceId: 'ws-1',
				from: null,
				to: null,
				creditsConsumed: 12,
				conversations: 150,
				credits: 12,
				totals: { calls: { count: 2, credits: 10 } },
			},
		]);
	});

	it('Agent > Get Usage: a nested credits, creditsConsumed beside it, each kept as it came', async () => {
		const { items, error } = await run(agentUsage, AGENT_PATH, {
			creditsConsumed: 9,
			credits: { remaining: '91', plan: 'business' },
			metrics: { calls: { count: 1 } },
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				agentId: 'agent-1',
				from: null,
				to: null,
				creditsConsumed: 9,
				credits: { remaining: 91, plan: 'business' },
				metrics: { calls: { count: 1 } },
			},
		]);
	});
});

describe('the readings of the agent answer', () => {
	it("0.2.0's { totals } and the published { creditsConsumed, metrics } give the same creditsConsumed and credits", async () => {
		const old = await run(agentUsage, AGENT_PATH, {
			success: true,
			data: { agentId: 'agent-1', totals: { conversations: 2, credits: 9 } },
		});
		const published = await run(agentUsage, AGENT_PATH, {
			creditsConsumed: 9,
			metrics: { conversations: 2 },
		});
		expect(old.items).toEqual([
			{
				agentId: 'agent-1',
				from: null,
				to: null,
				creditsConsumed: 9,
				conversations: 2,
				credits: 9,
			},
		]);
		expect(published.items).toEqual([
			{
				agentId: 'agent-1',
				from: null,
				to: null,
				creditsConsumed: 9,
				credits: 9,
				metrics: { conversations: 2 },
			},
		]);
	});

	it('an answer with neither creditsConsumed nor credits is refused, not output empty', async () => {
		const { error } = await run(agentUsage, AGENT_PATH, { metrics: { conversations: 2 } });
		expect(error?.message).toMatch(
			/does not match the API specification: creditsConsumed: is required \(Convocore documents the agent usage answer as \{ creditsConsumed, metrics \}\)/,
		);
	});
});

describe('usage logs', () => {
	const logs = (extra: IDataObject = {}) =>
		workspaceUsage({ output: 'logs', returnAll: true, ...extra });

	it('an answer without a list of logs fails, saying where the node looked', async () => {
		const { error, requests } = await run(logs(), WORKSPACE_PATH, {
			creditsConsumed: 3,
			metrics: {},
		});
		expect(error?.message).toBe(
			'Convocore\'s usage answer for logsPage 0 holds no usage logs (no "logs" list)',
		);
		expect(error?.description).toMatch(/reads a list named "logs" or "usageLogs"/);
		expect(requests).toHaveLength(1);
	});

	it('a page that repeats the one before (a cache ignoring logsPage) stops the run instead of repeating entries', async () => {
		const { error, requests } = await run(logs(), WORKSPACE_PATH, {
			logs: [
				{ ts: 2, type: 'sms' },
				{ ts: 1, type: 'call' },
			],
		});
		// logsPage 1 repeating 0 is a 1-based server answering 0 as 1; logsPage 2 repeating 1 is not.
		expect(error?.message).toBe(
			'Convocore answered logsPage 2 with the same 2 log entries as logsPage 1',
		);
		expect(error?.description).toMatch(/\(2 collected\)/);
		expect(requests.map((request) => JSON.parse(request.body))).toEqual([
			{ logsPage: 0 },
			{ logsPage: 1 },
			{ logsPage: 2 },
		]);
	});

	it('logs under data.usageLogs are read too, and Limit stops at the first page', async () => {
		const { items, requests } = await run(logs({ returnAll: false, limit: 1 }), WORKSPACE_PATH, {
			success: true,
			data: { usageLogs: [{ ts: '2', creditsConsumed: '5' }, { ts: 1 }] },
		});
		expect(items).toEqual([{ ts: 2, creditsConsumed: 5 }]);
		expect(requests).toHaveLength(1);
	});
});
