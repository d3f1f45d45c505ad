/**
 * Conversation > Get Many and the conversation picker under both published readings of the
 * listing, through n8n's engine against the sandbox over real HTTP: the strict sandbox pages by
 * cursor (the public client's reading), the published one by `page` + `limit` with no cursor in
 * the answer (the OpenAPI's and docs.convocore.ai's). Also Update's effect on the duration.
 */
import type { INodeParameters } from 'n8n-workflow';
import { searchConversations } from '../../nodes/Convocore/methods/agents';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { addConversations } from '../harness/conversations';
import { loadOptionsContext } from '../harness/loadOptions';

const agent = { __rl: true, mode: 'list', value: SANDBOX_IDS.ownAccountAgent };
const convosPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos`;

function agentConversationIds(sandbox: Sandbox): string[] {
	return Object.values(sandbox.state.conversations)
		.filter((convo) => convo.agentId === SANDBOX_IDS.ownAccountAgent)
		.map((convo) => convo.ID)
		.sort();
}

describe.each(['strict', 'published'] as const)('Conversation > Get Many, %s sandbox', (mode) => {
	const sandbox = useSandbox({ mode });

	async function conversation(parameters: INodeParameters) {
		return await runConvocore(
			{ resource: 'conversation', agentId: agent, ...parameters },
			{ credential: sandboxCredential(sandbox.current), typeVersion: 2 },
		);
	}

	it('Return All over 50 conversations outputs every one of them, each once', async () => {
		addConversations(sandbox.current, 47);
		const result = await conversation({ operation: 'getAll', returnAll: true });
		const ids = result.items().map((item) => item.json.ID as string);
		expect(ids).toHaveLength(50);
		expect([...ids].sort()).toEqual(agentConversationIds(sandbox.current));
		const queries = sandbox.current.requests({ path: convosPath }).map((request) => request.query);
		if (mode === 'published') {
			// No cursor in any answer: pages 1, 2, 3 of 20 until the short one.
			expect(queries).toEqual([1, 2, 3].map((page) => ({ limit: '20', page: String(page) })));
		} else {
			expect(queries).toEqual([
				{ limit: '20', page: '1' },
				{ limit: '20', cursor: expect.any(String) },
				{ limit: '20', cursor: expect.any(String) },
			]);
		}
	});

	it('Limit 25 outputs 25 different conversations', async () => {
		addConversations(sandbox.current, 47);
		const result = await conversation({ operation: 'getAll', returnAll: false, limit: 25 });
		const ids = result.items().map((item) => item.json.ID as string);
		expect(new Set(ids).size).toBe(25);
		// By number, every page has the same size (page 2 of 5 would start at the 6th conversation).
		const limits = sandbox.current
			.requests({ path: convosPath })
			.map((request) => request.query.limit);
		expect(limits).toEqual(mode === 'published' ? ['20', '20'] : ['20', '5']);
	});

	it('an exactly full last page is followed by one more request, and the listing ends there', async () => {
		addConversations(sandbox.current, 37); // 40 in all
		const result = await conversation({ operation: 'getAll', returnAll: true });
		expect(new Set(result.items().map((item) => item.json.ID)).size).toBe(40);
		expect(result.items()).toHaveLength(40);
		expect(sandbox.current.requests({ path: convosPath })).toHaveLength(
			mode === 'published' ? 3 : 2,
		);
	});

	it('the picker lists 20 at a time and hands back where the next 20 start', async () => {
		addConversations(sandbox.current, 30);
		const ctx = loadOptionsContext(
			sandbox.current,
			{ resource: 'conversation', operation: 'get', agentId: agent },
			{ path: 'parameters.convoId' },
		);
		const first = await searchConversations.call(ctx);
		expect(first.results).toHaveLength(20);
		expect(first.paginationToken).toEqual(mode === 'published' ? 'page:2' : expect.any(String));
		const second = await searchConversations.call(ctx, undefined, first.paginationToken);
		expect(second.results).toHaveLength(13);
		expect(new Set([...first.results, ...second.results].map((result) => result.value)).size).toBe(
			33,
		);
		expect(second.paginationToken).toBeUndefined();
	});

	it('Update changes what it names and not how long the conversation lasted', async () => {
		const convoId = { __rl: true, mode: 'id', value: SANDBOX_IDS.aiChattingConvoId };
		const before = await conversation({ operation: 'get', convoId });
		const duration = before.items()[0].json.convoTimeSeconds;
		expect(duration).toEqual(expect.any(Number));
		const updated = await runConvocore(
			{
				resource: 'conversation',
				operation: 'update',
				agentId: agent,
				convoId,
				updateFields: { notes: 'Called back' },
			},
			{ credential: sandboxCredential(sandbox.current), typeVersion: 3 },
		);
		expect(updated.items()[0].json).toEqual(
			expect.objectContaining({ notes: 'Called back', convoTimeSeconds: duration }),
		);
		const after = await conversation({ operation: 'get', convoId });
		expect(after.items()[0].json.convoTimeSeconds).toBe(duration);
		// Seeded in the past and changed now: the duration must not grow by the months in between.
		expect(duration as number).toBeLessThan(24 * 3600);
	});
});
