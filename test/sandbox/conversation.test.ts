import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

/**
 * The sandbox's conversation listing, export and create over real HTTP, in both modes: strict
 * pages by cursor as Convocore's public client reads it; published answers exactly the OpenAPI's
 * shapes (page + limit, `{ success, message, data }`, no cursor; export by `format` only) and drops
 * unknown keys. Both store a created conversation.
 */

const convos = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos`;

function addConversations(sandbox: Sandbox, count: number): void {
	for (let index = 0; index < count; index++) {
		const ID = `raw-${String(index).padStart(3, '0')}`;
		sandbox.state.conversations[`${SANDBOX_IDS.ownAccountAgent}:${ID}`] = {
			ID,
			agentId: SANDBOX_IDS.ownAccountAgent,
			workspaceId: SANDBOX_IDS.euWorkspace,
			origin: 'sms',
			state: 'ended_chat',
			userName: `Raw ${index}`,
			userPhone: `+49176200${String(index).padStart(5, '0')}`,
			leadInfo: {},
			messages: [],
			history: [],
			createdAt: 1_700_000_000_000 + index,
			updatedAt: 1_700_000_000_000 + index,
		};
	}
}

describe('published mode', () => {
	const sandbox = useSandbox({ mode: 'published' });
	const key = () => sandbox().keys.euWhiteLabel;

	it('lists by page + limit with exactly { success, message, data }; a cursor is dropped', async () => {
		addConversations(sandbox(), 37); // 40 in all
		const first = await api(sandbox(), 'GET', convos, {
			key: key(),
			query: { page: 1, limit: 20 },
		});
		const second = await api(sandbox(), 'GET', convos, {
			key: key(),
			query: { page: 2, limit: 20, cursor: 'ignored' },
		});
		expect(Object.keys(first.body).sort()).toEqual(['data', 'message', 'success']);
		expect([first.body.data.length, second.body.data.length]).toEqual([20, 20]);
		expect(
			new Set([...first.body.data, ...second.body.data].map((row: { ID: string }) => row.ID)).size,
		).toBe(40);
		const third = await api(sandbox(), 'GET', convos, {
			key: key(),
			query: { page: 3, limit: 20 },
		});
		expect(third.body.data).toEqual([]);
		const defaults = await api(sandbox(), 'GET', convos, { key: key() });
		expect(defaults.body.data).toHaveLength(20);
	});

	it('exports every conversation in one { success, message, data }, whatever limit says', async () => {
		addConversations(sandbox(), 147);
		const answer = await api(sandbox(), 'GET', `${convos}/export`, {
			key: key(),
			query: { format: 'json', limit: 100 },
		});
		expect(Object.keys(answer.body).sort()).toEqual(['data', 'message', 'success']);
		expect(answer.body.data).toHaveLength(150);
	});

	it('creates a conversation, dropping unknown keys; without ts it is 400 Input validation failed', async () => {
		const created = await api(sandbox(), 'POST', convos, {
			key: key(),
			body: {
				conversation: {
					ts: 1_764_000_000_000,
					ID: 'mail-1',
					userName: 'Erik',
					favouriteColour: 'blue',
				},
				extra: true,
			},
		});
		expect(created.status).toBe(200);
		expect(created.body.data).toEqual(
			expect.objectContaining({ ID: 'mail-1', userName: 'Erik', ts: 1_764_000_000_000 }),
		);
		expect(created.body.data.favouriteColour).toBeUndefined();
		expect(
			JSON.stringify(sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:mail-1`]),
		).not.toContain('favouriteColour');
		const missing = await api(sandbox(), 'POST', convos, {
			key: key(),
			body: { conversation: { userName: 'No time' } },
		});
		expect([missing.status, missing.body.message, missing.body.code]).toEqual([
			400,
			'Input validation failed',
			'BAD_REQUEST',
		]);
	});
});

describe('strict mode', () => {
	const sandbox = useSandbox();
	const key = () => sandbox().keys.euWhiteLabel;

	it('pages by cursor and refuses page 2 without one', async () => {
		addConversations(sandbox(), 37);
		const first = await api(sandbox(), 'GET', convos, {
			key: key(),
			query: { page: 1, limit: 20 },
		});
		expect(first.body).toEqual(
			expect.objectContaining({ hasMore: true, nextCursor: expect.any(String) }),
		);
		const refused = await api(sandbox(), 'GET', convos, {
			key: key(),
			query: { page: 2, limit: 20 },
		});
		expect([refused.status, refused.body.code]).toEqual([400, 'CURSOR_REQUIRED']);
	});

	it('refuses an unknown key on create, naming it, and stores nothing', async () => {
		const answer = await api(sandbox(), 'POST', convos, {
			key: key(),
			body: { conversation: { ts: 1_764_000_000_000, ID: 'mail-2', favouriteColour: 'blue' } },
		});
		expect(answer.status).toBe(400);
		expect(answer.body.message).toContain('favouriteColour');
		expect(sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:mail-2`]).toBeUndefined();
	});
});
