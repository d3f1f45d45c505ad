/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
/**
 * Agent > Send Message's failures through n8n's engine against the sandbox's interact socket:
 * each a clear error on its item (Continue On Fail gives one output per item), the socket
 * released every time, nothing sent twice, no secret anywhere; the default Timeout on a fake clock.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { createRunExecutionData } from 'n8n-workflow';
import { SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { nodeTypes, sandboxCredential, useSandbox } from '../harness/convocore';
import { eventually } from '../harness/crawlerReceiver';
import {
	additionalDataFor,
	CONVOCORE_NODE_TYPE,
	newWorkflow,
	node,
	TestCredentialsHelper,
	workflowEntity,
} from '../harness/engine';
import { fakeDeadlineClock, sendMessageParameters, sendMessages } from '../harness/interact';

const sandbox = useSandbox();
const send = (
	...args: Parameters<typeof sendMessages> extends [unknown, ...infer Rest] ? Rest : never
) => sendMessages(sandbox.current, ...args);
const released = () =>
	eventually(() => sandbox.current.interact.open === 0, 5000, 'every socket to be closed');
const interactFault = (kind: string, extra: Record<string, unknown> = {}) =>
	sandbox.current.injectFault({ path: '/interact', kind: kind as never, ...extra });
const question = [{ message: 'When are you open?', conversationId: 'c-1' }];

describe('Agent > Send Message: refused handshakes', () => {
	it.each([
		['a wrong secret', 'vg_NotASecretAtAll123'],
		['a plan without API write access (Business)', SANDBOX_KEYS.euBusiness],
	])(
		'%s: an error saying what to check, on its item; nothing sent, no secret in the run',
		async (_what, secretKey) => {
			const result = await send(question, {}, { secretKey });
			const error = result.error('Convocore') as Error & {
				description?: string;
				context?: { itemIndex?: number };
			};
			expect(error.message).toBe(
				`Convocore refused the connection to ${sandbox.current.url.replace('http:', 'ws:')}/interact`,
			);
			expect(error.description).toMatch(/secret.*region.*plan.*Nothing was sent/);
			expect(error.context?.itemIndex).toBe(0);
			// undici's fetch asks a second time after a 401; the node opens one socket, and no turn is sent.
			expect(sandbox.current.interact.refusedHandshakes).toBeGreaterThanOrEqual(1);
			expect(sandbox.current.interact.turns).toHaveLength(0);
			expect(JSON.stringify(result.run.data)).not.toContain(secretKey);
		},
	);

	it('a secret of the other region: the server closes with its reason, named in the error', async () => {
		const result = await send(question, {}, { secretKey: SANDBOX_KEYS.naWhiteLabel });
		expect(result.error('Convocore')?.message).toBe(
			'Convocore closed the turn with code 1008 (This secret belongs to the NA region, not to bucket voiceglow-eu) instead of 1000',
		);
		expect(JSON.stringify(result.run.data)).not.toContain(SANDBOX_KEYS.naWhiteLabel);
	});

	it('with Continue On Fail, a refused item is an error item and the others are answered, in input order', async () => {
		interactFault('refuse-handshake');
		const items = (
			await send(
				[
					{ message: 'When are you open?', conversationId: 'x' },
					{ message: 'When are you open?', conversationId: 'x' },
				],
				{ options: { concurrency: 1 } },
				{ continueOnFail: true },
			)
		).items();
		expect(items.map((item) => [item.json.error ?? item.json.reply, item.pairedItem])).toEqual([
			[expect.stringMatching(/^Convocore refused the connection/), { item: 0 }],
			['Monday to Friday, 8:00 to 18:00, and Saturday mornings.', { item: 1 }],
		]);
		expect(JSON.stringify(items)).not.toContain(SANDBOX_KEYS.euWhiteLabel);
	});
});

describe('Agent > Send Message: a failed turn without Continue On Fail', () => {
	it('stops the run, and the next turn of the same conversation (already waiting for it) is not sent', async () => {
		interactFault('refuse-handshake');
		const result = await send([
			{ message: 'When are you open?', conversationId: 'x' },
			{ message: 'How much is a check-up?', conversationId: 'x' },
		]);
		expect(result.error('Convocore')?.message).toMatch(/^Convocore refused the connection/);
		expect(sandbox.current.interact.refusedHandshakes).toBe(1);
		expect(sandbox.current.interact.handshakes).toBe(1);
		expect(sandbox.current.interact.turns).toHaveLength(0);
	});
});

describe('Agent > Send Message: turns that do not end well', () => {
	it.each([
		['sends nothing', 'silent'],
		['trickles chunks for ever', 'trickle'],
		['answers but never closes', 'never-close'],
	])(
		'a server that %s: the deadline ends the item, the socket is released, the turn is not sent again',
		async (_what, kind) => {
			// The deadline on the fake clock, fired once the sandbox has the turn: on a loaded machine a
			// real 1 s could pass before the connection even opened.
			const clock = fakeDeadlineClock();
			try {
				interactFault(kind, { latencyMs: 100 });
				const run = send(question, { options: { timeout: 1 } });
				await eventually(
					() => sandbox.current.interact.turns.length === 1,
					10_000,
					'the turn to be sent',
				);
				expect(clock.deadlines.map((deadline) => deadline.ms)).toEqual([1000]);
				clock.deadlines[0].fire();
				const error = (await run).error('Convocore') as Error & { description?: string };
				expect(error.message).toBe(
					'The agent did not finish its turn within 1 s (Options > Timeout)',
				);
				expect(error.description).toMatch(
					/may have reached the agent and spent credits: it is not sent again/,
				);
				expect(sandbox.current.interact.turns).toHaveLength(1);
				await released();
			} finally {
				clock.restore();
			}
		},
	);

	it('the default Timeout is 120 s, on a fake clock: the turn waits for it, and ends when it passes', async () => {
		const clock = fakeDeadlineClock();
		try {
			interactFault('silent');
			const run = send(question);
			await eventually(
				() => sandbox.current.interact.turns.length === 1,
				5000,
				'the turn to be sent',
			);
			expect(clock.deadlines.map((deadline) => deadline.ms)).toEqual([120_000]);
			clock.deadlines[0].fire();
			expect((await run).error('Convocore')?.message).toBe(
				'The agent did not finish its turn within 120 s (Options > Timeout)',
			);
			await released();
		} finally {
			clock.restore();
		}
	});

	it("on the real clock (the node's own timer, not a fake), a silent server's turn ends at Options > Timeout, and the socket is released", async () => {
		// Only the outcome is asserted: on a busy machine the 1 s ends later, never differently.
		interactFault('silent');
		const error = (await send(question, { options: { timeout: 1 } })).error('Convocore');
		expect(error?.message).toBe('The agent did not finish its turn within 1 s (Options > Timeout)');
		await released();
	});

	it('a turn that ends well stops its deadline', async () => {
		const clock = fakeDeadlineClock();
		try {
			await send(question);
			expect(clock.deadlines).toEqual([expect.objectContaining({ ms: 120_000, stopped: true })]);
		} finally {
			clock.restore();
		}
	});

	it('a close with 1011 in the middle of the turn is an error naming the code and the reason', async () => {
		interactFault('close-1011');
		const error = (await send(question)).error('Convocore') as Error & { description?: string };
		expect(error.message).toBe(
			'Convocore closed the turn with code 1011 (Internal error) instead of 1000',
		);
		expect(error.description).toMatch(/not sent again/);
		await released();
	});

	it('a close 1000 before any reply is an error', async () => {
		interactFault('empty');
		expect((await send(question)).error('Convocore')?.message).toBe(
			'Convocore closed the turn before any reply',
		);
	});

	it('a frame that is not JSON is kept as text, and the turn goes on', async () => {
		interactFault('non-json');
		const [item] = (await send(question)).items();
		expect(item.json.textFrames).toEqual(['Upstream model timeout, retrying']);
		expect(item.json.reply).toBe(
			'Monday to Friday, 8:00 to 18:00, and Saturday mornings.Upstream model timeout, retrying',
		);
	});

	it('UI Engine snapshots only, even with Plain-Text Reply: the reply is the last bot turn, the snapshot is kept', async () => {
		interactFault('ui-engine-only');
		const [item] = (await send(question)).items();
		expect(item.json.reply).toBe('Monday to Friday, 8:00 to 18:00, and Saturday mornings.');
		expect(item.json.uiSnapshot).toEqual({
			from: 'bot',
			ts: expect.any(Number),
			modelId: 'gpt-4o-mini',
			messages: [
				{
					from: 'bot',
					type: 'text',
					ts: expect.any(Number),
					item: {
						type: 'text',
						payload: { message: 'Monday to Friday, 8:00 to 18:00, and Saturday mornings.' },
					},
				},
			],
		});
	});

	it('a reply past 8 MB across the frames of one turn: a clear error naming the limit and the item, and the socket closed', async () => {
		// Nine frames of 1 MB: the bound is on the turn's total, not on one frame. The server never
		// closes: only the node's bound ends the turn and closes the socket.
		sandbox.current.interact.oversizedReply = { frames: 9, frameBytes: 1024 * 1024 };
		interactFault('never-close', { times: 2 });
		const result = await send(
			[
				{ message: 'When are you open?', conversationId: 'a' },
				{ message: 'When are you open?', conversationId: 'b' },
			],
			{},
			{ continueOnFail: true },
		);
		const items = result.items();
		expect(items.map((item) => item.json.error)).toEqual([
			expect.stringMatching(
				/^The agent's reply in item 0 exceeded 8 MB \(8388608 bytes across the frames of one turn\): the connection was closed$/,
			),
			expect.stringMatching(/^The agent's reply in item 1 exceeded 8 MB/),
		]);
		expect(JSON.stringify(items).length).toBeLessThan(10_000);
		await released();
		expect(sandbox.current.interact.turns.map((turn) => turn.closeCode)).toEqual([1000, 1000]);
	});

	it('a reply just under the bound is output whole', async () => {
		sandbox.current.interact.oversizedReply = { frames: 7, frameBytes: 1024 * 1024 };
		const [item] = (await send(question)).items();
		expect((item.json.reply as string).length).toBeGreaterThan(7 * 1024 * 1024);
		expect(
			(item.json.reply as string).endsWith(
				'Monday to Friday, 8:00 to 18:00, and Saturday mornings.',
			),
		).toBe(true);
	});
});

describe('Agent > Send Message: bad input and a runtime without WebSocket', () => {
	it.each([
		[{ message: '  ' }, {}, 'message: is required'],
		[
			{ message: 'Hi' },
			{ options: { startWithGreeting: true } },
			"message: must be empty with Start With the Agent's Greeting",
		],
		[{ message: 'start' }, {}, 'message: must not be just "start"'],
		[{ message: '@rewind:node-1' }, {}, 'message: must not start with @cancel: or @rewind:'],
		[
			{ message: 'Hi' },
			{ user: { userEmail: 'not-an-address' } },
			'user.userEmail: must be an e-mail address',
		],
	])(
		'%j %j: refused before anything is opened, naming the field and the item',
		async (json, overrides, problem) => {
			const result = await send([{ message: 'When are you open?' }, json], overrides);
			const error = result.error('Convocore') as Error & { description?: string };
			expect(error.message).toContain(problem);
			// A parameter set for every item fails on the first.
			expect(error.description).toContain(
				Object.keys(overrides).length ? 'In item 0.' : 'In item 1.',
			);
			expect(sandbox.current.interact.handshakes).toBe(0);
		},
	);

	it('no global WebSocket (Node 20 without its flag): an error naming the Node version needed; Dry Run still works', async () => {
		const scope = globalThis as { WebSocket?: unknown };
		const saved = scope.WebSocket;
		delete scope.WebSocket;
		try {
			const error = (await send(question)).error('Convocore');
			expect(error?.message).toMatch(
				/needs the global WebSocket of Node\.js 22 or later .*NODE_OPTIONS=--experimental-websocket/,
			);
			expect((await send(question, { options: { dryRun: true } })).items()[0].json.dryRun).toBe(
				true,
			);
		} finally {
			scope.WebSocket = saved;
		}
		expect(sandbox.current.interact.handshakes).toBe(0);
	});
});

describe("Agent > Send Message: n8n's cancel", () => {
	it('cancelling ends every open turn at once, long before their deadline, and releases every socket', async () => {
		const clock = fakeDeadlineClock();
		try {
			interactFault('silent', { times: 3 });
			const convocore = node('Convocore', CONVOCORE_NODE_TYPE, sendMessageParameters(), {
				credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
				typeVersion: 3,
			});
			const workflow = newWorkflow(
				{ name: 'Cancel', nodes: [convocore], connections: {} },
				nodeTypes,
				{ id: 'cancel' },
			);
			const hooks = new ExecutionLifecycleHooks(
				'manual',
				'cancel-execution',
				workflowEntity(workflow),
			);
			const input = ['a', 'b', 'c'].map((conversationId) => ({
				json: { message: 'When are you open?', conversationId },
			}));
			const runData = createRunExecutionData({
				executionData: {
					nodeExecutionStack: [
						{ node: workflow.getNode('Convocore')!, data: { main: [input] }, source: null },
					],
				},
			});
			const credentials = new TestCredentialsHelper({
				convocoreApi: sandboxCredential(sandbox.current),
			});
			const execution = new WorkflowExecute(
				additionalDataFor(credentials, hooks),
				'manual',
				runData,
			).processRunExecutionData(workflow);
			await eventually(
				() => sandbox.current.interact.turns.length === 3,
				5000,
				'three turns to be open',
			);
			execution.cancel();
			await execution;
			// The deadlines (on the fake clock) never fired: the cancel alone ended the turns, and stopped them.
			expect(clock.deadlines).toHaveLength(3);
			expect(clock.deadlines.every((deadline) => deadline.stopped)).toBe(true);
			await released();
			expect(sandbox.current.interact.turns).toHaveLength(3);
		} finally {
			clock.restore();
		}
	});
});
