/**
 * Conversation > Get, Get Details and Get Many, and the conversation picker, through n8n's
 * engine against the sandbox over real HTTP.
 */
import type { INodeParameters } from 'n8n-workflow';
import { searchConversations } from '../../nodes/Convocore/methods/agents';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { addConversations } from '../harness/conversations';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
const agent = { __rl: true, mode: 'list', value: SANDBOX_IDS.ownAccountAgent };
const convosPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos`;

async function conversation(
	parameters: INodeParameters,
	credential = sandboxCredential(sandbox.current),
) {
	return await runConvocore(
		{ resource: 'conversation', agentId: agent, ...parameters },
		{ credential, typeVersion: 2 },
	);
}

describe('Conversation > Get', () => {
	it('simplifies to the fields a workflow needs, by default', async () => {
		const result = await conversation({
			operation: 'get',
			convoId: { __rl: true, mode: 'id', value: SANDBOX_IDS.callConvoId },
		});
		expect(sandbox.current.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET ${convosPath}/${SANDBOX_IDS.callConvoId}`,
		]);
		expect(result.items()[0].json).toEqual({
			ID: SANDBOX_IDS.callConvoId,
			userName: 'Carla Caller',
			userPhone: SANDBOX_IDS.callRecipient,
			userEmail: 'carla@example.com',
			state: 'ended_chat',
			origin: 'telephony',
			messagesNum: 3,
			convoTimeSeconds: 142,
			lastMessageTS: expect.any(Number),
			summary: 'Carla asked for a cleaning; Ava booked Tuesday at 10:00.',
		});
	});

	it('Simplify off gives the full record', async () => {
		const result = await conversation({
			operation: 'get',
			simplify: false,
			convoId: { __rl: true, mode: 'id', value: SANDBOX_IDS.callConvoId },
		});
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				vapi: expect.any(Object),
				metrics: expect.any(Array),
				capturedVariables: { preferredDay: 'Tuesday' },
			}),
		);
	});

	it('an unknown conversation is a clear not-found error', async () => {
		const result = await conversation({
			operation: 'get',
			convoId: { __rl: true, mode: 'id', value: 'nope' },
		});
		expect(result.error('Convocore')?.message).toMatch(/^Not found: Conversation nope/);
	});

	it('refuses a blank conversation ID before anything is sent', async () => {
		const result = await conversation({
			operation: 'get',
			convoId: { __rl: true, mode: 'id', value: '={{ " " }}' },
		});
		expect(result.error('Convocore')?.message).toBe('Invalid conversation: convoId: is required');
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Conversation > Get Details', () => {
	it('sends the region of the credential', async () => {
		const result = await conversation({
			operation: 'getDetails',
			convoId: { __rl: true, mode: 'id', value: SANDBOX_IDS.callConvoId },
		});
		const [request] = sandbox.current.requests();
		expect(request.path).toBe(`${convosPath}/${SANDBOX_IDS.callConvoId}/details`);
		expect(request.query).toEqual({ region: 'eu' });
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				region: 'eu',
				turns: expect.any(Array),
				recordings: [expect.objectContaining({ durationSeconds: 142 })],
			}),
		);
	});

	it('refuses a custom Base URL that names no region, before anything is sent', async () => {
		const credential = {
			...sandboxCredential(sandbox.current),
			baseUrl: `${sandbox.current.url}/v3`,
		};
		const result = await conversation(
			{
				operation: 'getDetails',
				convoId: { __rl: true, mode: 'id', value: SANDBOX_IDS.callConvoId },
			},
			credential,
		);
		expect(result.error('Convocore')?.message).toMatch(/needs the region/);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Conversation > Get Many', () => {
	it('Return All follows the cursor to the end and no further', async () => {
		addConversations(sandbox.current, 47); // 3 seeded + 47 = 50: pages of 20, 20, 10
		const result = await conversation({ operation: 'getAll', returnAll: true });
		const queries = sandbox.current.requests({ path: convosPath }).map((r) => r.query);
		expect(result.items()).toHaveLength(50);
		expect(queries).toHaveLength(3);
		expect(queries[0]).toEqual({ limit: '20', page: '1' });
		expect(queries[1]).toEqual({ limit: '20', cursor: expect.any(String) });
		expect(queries[2]).toEqual({ limit: '20', cursor: expect.any(String) });
		expect(new Set(result.items().map((item) => item.json.ID)).size).toBe(50);
	});

	it('Limit asks only for what it needs and stops there', async () => {
		addConversations(sandbox.current, 47);
		const result = await conversation({ operation: 'getAll', returnAll: false, limit: 25 });
		expect(result.items()).toHaveLength(25);
		expect(sandbox.current.requests({ path: convosPath }).map((r) => r.query.limit)).toEqual([
			'20',
			'5',
		]);
	});

	it('simplified rows carry no summary the list does not have, and each is paired', async () => {
		const result = await conversation({ operation: 'getAll', returnAll: true });
		expect(new Set(result.items().map((item) => item.json.ID))).toEqual(
			new Set([
				SANDBOX_IDS.aiChattingConvoId,
				SANDBOX_IDS.humanHandoffConvoId,
				SANDBOX_IDS.callConvoId,
			]),
		);
		expect(result.items()).toHaveLength(3);
		expect(result.items().every((item) => !('summary' in item.json))).toBe(true);
		expect(result.items().map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
		]);
	});

	it('refuses a Limit that is not a number before anything is sent', async () => {
		const result = await conversation({
			operation: 'getAll',
			returnAll: false,
			limit: '={{ "lots" }}',
		});
		expect(result.error('Convocore')?.message).toMatch(/^Invalid conversation listing: limit: /);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Conversation picker', () => {
	it("lists the chosen agent's recent conversations and hands back the cursor", async () => {
		addConversations(sandbox.current, 30);
		const ctx = loadOptionsContext(
			sandbox.current,
			{ resource: 'conversation', operation: 'get', agentId: agent },
			{ path: 'parameters.convoId' },
		);
		const first = await searchConversations.call(ctx);
		expect(first.results).toHaveLength(20);
		expect(first.results[0]).toEqual({
			name: expect.stringContaining('('),
			value: expect.any(String),
		});
		expect(first.paginationToken).toEqual(expect.any(String));
		const second = await searchConversations.call(ctx, undefined, first.paginationToken);
		expect(second.results).toHaveLength(13);
		expect(second.paginationToken).toBeUndefined();
	});

	it('asks for an agent first', async () => {
		const ctx = loadOptionsContext(
			sandbox.current,
			{
				resource: 'conversation',
				operation: 'get',
				agentId: { __rl: true, mode: 'list', value: '' },
			},
			{ path: 'parameters.convoId' },
		);
		await expect(searchConversations.call(ctx)).rejects.toThrow('Choose an agent first');
	});
});
