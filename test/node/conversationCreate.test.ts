/**
 * Conversation > Create (`POST /agents/{agentId}/convos` `{ conversation }`) through n8n's engine
 * against the sandbox over real HTTP, in the strict and the published mode: what is stored and
 * what Get and Get Many then show, Dry Run, validation before anything is sent, and a field the
 * server's answer does not hold named in a warning.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { ListingProxy } from '../harness/listingProxy';

const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
const convosPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos`;
const STARTED = '2026-11-20T09:30:00.000Z';
const ENDED = '2026-11-20T09:42:00.000Z';

/** An e-mail thread recorded as a conversation. */
const emailThread: INodeParameters = {
	startedAt: STARTED,
	additionalFields: {
		ID: 'thread-4711',
		origin: 'email',
		userName: 'Erik Mailer',
		userEmail: 'erik@example.com',
		title: 'Refund for order A-1001',
		summary: 'Erik asked for a refund; approved.',
		notes: 'Handled by the shop team',
		tags: 'refund, email',
		state: 'ended_chat',
		messagesNum: 4,
		convoTimeSeconds: 720,
		lastMessageTS: ENDED,
		capturedVariables: '{"orderId": "A-1001"}',
		isTest: false,
	},
};

describe.each(['strict', 'published'] as const)('Conversation > Create, %s sandbox', (mode) => {
	const sandbox = useSandbox({ mode });
	const credential = () => sandboxCredential(sandbox.current);
	const run = async (parameters: INodeParameters, cred = credential()) =>
		await runConvocore(
			{ resource: 'conversation', agentId: agent, ...parameters },
			{ credential: cred, typeVersion: 4 },
		);

	it('stores the conversation with its typed fields; Get and Get Many then show it', async () => {
		const result = await run({ operation: 'create', ...emailThread });
		const [request] = sandbox.current.requests({ method: 'POST', path: convosPath });
		expect(request.body).toEqual({
			conversation: {
				ts: Date.parse(STARTED),
				ID: 'thread-4711',
				origin: 'email',
				userName: 'Erik Mailer',
				userEmail: 'erik@example.com',
				title: 'Refund for order A-1001',
				summary: 'Erik asked for a refund; approved.',
				notes: 'Handled by the shop team',
				tags: ['refund', 'email'],
				state: 'ended_chat',
				messagesNum: 4,
				convoTimeSeconds: 720,
				lastMessageTS: Date.parse(ENDED),
				capturedVariables: { orderId: 'A-1001' },
				isTest: false,
			},
		});
		// What the user gets: the record as stored, with no warning.
		const [item] = result.items();
		expect(item.json).toEqual(
			expect.objectContaining({
				ID: 'thread-4711',
				origin: 'email',
				userEmail: 'erik@example.com',
				tags: ['refund', 'email'],
				convoTimeSeconds: 720,
				capturedVariables: { orderId: 'A-1001' },
			}),
		);
		expect(item.json.warnings).toBeUndefined();
		// What the sandbox stored.
		const stored =
			sandbox.current.state.conversations[`${SANDBOX_IDS.ownAccountAgent}:thread-4711`];
		expect(stored).toEqual(
			expect.objectContaining({
				origin: 'email',
				state: 'ended_chat',
				userEmail: 'erik@example.com',
				createdAt: Date.parse(STARTED),
				summary: 'Erik asked for a refund; approved.',
			}),
		);
		const got = await run({
			operation: 'get',
			simplify: false,
			convoId: { __rl: true, mode: 'id', value: 'thread-4711' },
		});
		expect(got.items()[0].json).toEqual(
			expect.objectContaining({
				ID: 'thread-4711',
				title: 'Refund for order A-1001',
				notes: 'Handled by the shop team',
				ts: Date.parse(STARTED),
				lastMessageTS: Date.parse(ENDED),
			}),
		);
		const listed = await run({ operation: 'getAll', returnAll: true });
		expect(listed.items().filter((entry) => entry.json.ID === 'thread-4711')).toHaveLength(1);
	});

	it('without a Conversation ID Convocore names it, and the output carries that ID', async () => {
		const result = await run({
			operation: 'create',
			startedAt: STARTED,
			additionalFields: { origin: 'shop-chat', userName: 'Sara Shopper' },
		});
		const id = result.items()[0].json.ID as string;
		expect(id).toEqual(expect.any(String));
		expect(sandbox.current.state.conversations[`${SANDBOX_IDS.ownAccountAgent}:${id}`]).toEqual(
			expect.objectContaining({ origin: 'shop-chat', userName: 'Sara Shopper' }),
		);
	});

	it('Dry Run returns the exact request and stores nothing', async () => {
		const before = Object.keys(sandbox.current.state.conversations).length;
		const result = await run({ operation: 'create', ...emailThread, options: { dryRun: true } });
		expect(result.items()[0].json).toEqual({
			dryRun: true,
			request: {
				method: 'POST',
				url: `${sandbox.current.baseUrl('eu')}${convosPath}`,
				body: {
					conversation: expect.objectContaining({ ts: Date.parse(STARTED), ID: 'thread-4711' }),
				},
			},
		});
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(Object.keys(sandbox.current.state.conversations)).toHaveLength(before);
	});

	it.each([
		[
			'no Started At',
			{ startedAt: '={{ "" }}' },
			'Invalid conversation: conversation.ts: is required: when the conversation started',
		],
		[
			'a Started At that is no date',
			{ startedAt: 'next tuesday' },
			'Invalid conversation: conversation.ts: must be a time in milliseconds since the Unix epoch',
		],
		[
			'an email that is not one',
			{ additionalFields: { userEmail: 'erik' } },
			'Invalid conversation: conversation.userEmail: must be an email address',
		],
		[
			'an end before the start',
			{ additionalFields: { lastMessageTS: '2026-11-19T00:00:00.000Z' } },
			'Invalid conversation: conversation.lastMessageTS: must not be before ts (when the conversation started)',
		],
		[
			'a rating above 5',
			{ additionalFields: { ratingFrom5: 7 } },
			'Invalid conversation: conversation.ratingFrom5: must be between 0 and 5',
		],
		[
			'Captured Variables that are a list',
			{ additionalFields: { capturedVariables: '[1, 2]' } },
			'Invalid conversation: conversation.capturedVariables: must be a JSON object, e.g. {"orderId": "A-1001"}',
		],
		[
			'a negative message count',
			{ additionalFields: { messagesNum: -1 } },
			'Invalid conversation: conversation.messagesNum: must be 0 or more',
		],
	])('%s is refused before anything is sent', async (_what, parameters, message) => {
		const result = await run({
			operation: 'create',
			startedAt: STARTED,
			...parameters,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it("an ID the agent already has is Convocore's error, and nothing is overwritten", async () => {
		const result = await run({
			operation: 'create',
			startedAt: STARTED,
			additionalFields: { ID: SANDBOX_IDS.aiChattingConvoId, userName: 'Someone else' },
		});
		expect(result.error('Convocore')?.message).toMatch(/already has a conversation/);
		expect(
			sandbox.current.state.conversations[
				`${SANDBOX_IDS.ownAccountAgent}:${SANDBOX_IDS.aiChattingConvoId}`
			].userName,
		).not.toBe('Someone else');
	});

	if (mode === 'published') {
		it('a field the answer does not hold as sent is named in a warning on the item and above the output', async () => {
			const proxy = await ListingProxy.start(sandbox.current.url);
			try {
				proxy.hooks.answer = (path, body) => {
					if (path !== convosPath) return body;
					const answer = body as { data: Record<string, unknown> };
					const data = { ...answer.data };
					delete data.notes;
					return { ...answer, data };
				};
				const result = await run(
					{ operation: 'create', ...emailThread },
					{ ...credential(), baseUrl: proxy.baseUrl() },
				);
				expect(result.items()[0].json.warnings).toEqual([
					'notes was sent but the answer does not hold it as sent',
				]);
				expect(result.run.data.resultData.runData.Convocore[0].hints).toEqual([
					expect.objectContaining({
						type: 'warning',
						message: expect.stringMatching(/does not hold notes as sent/),
					}),
				]);
			} finally {
				await proxy.close();
			}
		});
	}
});
