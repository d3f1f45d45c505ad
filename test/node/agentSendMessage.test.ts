/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest against the sandbox, never ships (package.json "files" is dist/ only) */
/**
 * Agent > Send Message through n8n's engine against the sandbox's interact socket: the turn, the
 * options, conversation IDs, order and concurrency, Dry Run.
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { eventually } from '../harness/crawlerReceiver';
import { sendMessages } from '../harness/interact';

const sandbox = useSandbox();
const send = (
	...args: Parameters<typeof sendMessages> extends [unknown, ...infer Rest] ? Rest : never
) => sendMessages(sandbox.current, ...args);
const sentObjects = () => sandbox.current.interact.turns.map((turn) => turn.interact);

describe('Agent > Send Message: one turn', () => {
	it('answers from the knowledge base, streamed chunks joined, with tokens, model and the conversation ID', async () => {
		const items = (
			await send([
				{ message: 'How much does a cleaning cost?', conversationId: 'alex@example.com' },
			])
		).items();
		expect(items).toEqual([
			{
				json: {
					reply: 'A check-up costs 60 EUR; a cleaning 90 EUR.',
					conversationId: 'alex@example.com',
					actions: [],
					handoffRequested: false,
					inputTokens: expect.any(Number),
					outputTokens: expect.any(Number),
					model: 'gpt-4o-mini',
					durationMs: expect.any(Number),
					sources: [{ documentId: 'kb-seed-pricing', name: 'Pricing page' }],
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(sentObjects()).toEqual([
			{
				agentId: SANDBOX_IDS.rentalAgent,
				convoId: 'alex@example.com',
				bucket: 'voiceglow-eu',
				prompt: 'How much does a cleaning cost?',
				lightConvoData: { origin: 'web-chat' },
				disableUiEngine: true,
				disableRecordHistory: false,
				isTest: false,
			},
		]);
		await eventually(() => sandbox.current.interact.open === 0, 5000, 'the socket to be closed');
	});

	it("a question about a document just added to the knowledge base gets that document's answer", async () => {
		const credential = sandboxCredential(sandbox.current);
		await runConvocore(
			{
				resource: 'knowledgeBase',
				operation: 'create',
				agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.rentalAgent },
				sourceType: 'doc',
				name: 'Parking',
				content: 'Free parking is behind the building, entrance on Mill Street.',
			},
			{ credential, typeVersion: 3 },
		);
		const [item] = (await send([{ message: 'Where can I park?' }])).items();
		expect(item.json.reply).toBe('Free parking is behind the building, entrance on Mill Street.');
	});

	it('the user fields go as lightConvoData; the options as the interact object says', async () => {
		const items = (
			await send([{ message: 'When are you open?', conversationId: 'c-1' }], {
				user: {
					userID: 'u-42',
					userName: 'Alex Doe',
					userEmail: 'alex@example.com',
					userPhone: '+14155550123',
				},
				options: {
					plainText: false,
					recordHistory: false,
					testConversation: true,
					includeTurns: true,
				},
			})
		).items();
		expect(sentObjects()[0]).toEqual(
			expect.objectContaining({
				lightConvoData: {
					userID: 'u-42',
					userName: 'Alex Doe',
					userEmail: 'alex@example.com',
					userPhone: '+14155550123',
					origin: 'web-chat',
				},
				disableUiEngine: false,
				disableRecordHistory: true,
				isTest: true,
			}),
		);
		// With the UI Engine on the sandbox answers with snapshots only: the reply is the last bot turn.
		expect(items[0].json.reply).toBe('Monday to Friday, 8:00 to 18:00, and Saturday mornings.');
		expect(items[0].json.uiSnapshot).toEqual(
			expect.objectContaining({
				from: 'bot',
				messages: [
					expect.objectContaining({
						item: {
							type: 'text',
							payload: { message: 'Monday to Friday, 8:00 to 18:00, and Saturday mornings.' },
						},
					}),
				],
			}),
		);
		expect(items[0].json.turns).toHaveLength(2);
		// Record History off: the sandbox kept nothing for the conversation.
		expect(sandbox.current.interact.history.has('c-1')).toBe(false);
	});

	it("Start With the Agent's Greeting sends prompt start and outputs the greeting", async () => {
		const items = (await send([{ message: '' }], { options: { startWithGreeting: true } })).items();
		expect(sentObjects()[0].prompt).toBe('start');
		expect(items[0].json.reply).toBe(
			'Hi, this is Remy the Reminder Bot. How can I help you today?',
		);
	});

	it('a booking request comes back as a tool call with name, input and output; asking for a human as a handoff request', async () => {
		const items = (
			await send([
				{ message: 'Can I book an appointment for a check-up?' },
				{ message: 'I want to talk to a human please' },
			])
		).items();
		expect(items[0].json.actions).toEqual([
			{
				type: 'tool_call',
				name: 'book_appointment',
				input: { request: 'Can I book an appointment for a check-up?' },
				output: { booked: true, slot: 'Friday 15:30' },
			},
		]);
		expect(items[0].json.handoffRequested).toBe(false);
		expect(items[1].json.actions).toEqual([
			{ type: 'request_handoff', payload: { reason: 'The user asked for a human.' } },
		]);
		expect(items[1].json.handoffRequested).toBe(true);
	});

	it('Dry Run returns the interact object and the socket URL, and opens nothing', async () => {
		const items = (
			await send([{ message: 'Hi', conversationId: 'c-dry' }], { options: { dryRun: true } })
		).items();
		expect(items[0].json).toEqual({
			dryRun: true,
			url: `${sandbox.current.url.replace('http:', 'ws:')}/interact`,
			interact: {
				agentId: SANDBOX_IDS.rentalAgent,
				convoId: 'c-dry',
				bucket: 'voiceglow-eu',
				prompt: 'Hi',
				lightConvoData: { origin: 'web-chat' },
				disableUiEngine: true,
				disableRecordHistory: false,
				isTest: false,
			},
		});
		expect(sandbox.current.interact.turns).toHaveLength(0);
		expect(sandbox.current.interact.handshakes).toBe(0);
	});
});

describe('Agent > Send Message: conversation IDs', () => {
	it('an empty Conversation ID starts a new conversation per item, its ID in the output', async () => {
		const items = (
			await send([{ message: 'When are you open?' }, { message: 'When are you open?' }])
		).items();
		const ids = items.map((item) => item.json.conversationId as string);
		expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
		expect(ids[1]).not.toBe(ids[0]);
		expect(sentObjects().map((sent) => sent.convoId)).toEqual(ids);
	});

	it('reusing the ID continues the conversation: the second turn sees the first', async () => {
		await send([{ message: 'When are you open?', conversationId: 'keep-me' }]);
		const items = (
			await send([{ message: 'How much is a check-up?', conversationId: 'keep-me' }], {
				options: { includeTurns: true },
			})
		).items();
		const turns = items[0].json.turns as Array<{ from: string }>;
		// Bot turns say `bot`, as Convocore's public client reads them.
		expect(turns.map((turn) => turn.from)).toEqual(['human', 'bot', 'human', 'bot']);
		expect(items[0].json.reply).toBe('A check-up costs 60 EUR; a cleaning 90 EUR.');
	});

	it("each turn posts conversation_updated to the event receiver, with the Origin option as the conversation's origin", async () => {
		const received: unknown[] = [];
		const receiver: Server = createServer((req, res) => {
			let body = '';
			req.on('data', (chunk) => (body += chunk));
			req.on('end', () => {
				received.push(JSON.parse(body));
				res.end('ok');
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		try {
			sandbox.current.setEventReceiver(
				`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`,
			);
			await send([{ message: 'When are you open?', conversationId: 'evt-1' }], {
				user: { userName: 'Alex Doe' },
				options: { origin: 'messenger' },
			});
			await sandbox.current.settleEvents();
		} finally {
			await new Promise((resolve) => receiver.close(resolve));
		}
		expect(received).toEqual([
			expect.objectContaining({
				type: 'conversation_updated',
				payload: expect.objectContaining({
					convoId: 'evt-1',
					agentId: SANDBOX_IDS.rentalAgent,
					lightConvoData: expect.objectContaining({ userName: 'Alex Doe', origin: 'messenger' }),
					operation: 'updated',
				}),
			}),
		]);
		expect(sentObjects()[0].lightConvoData).toEqual({ userName: 'Alex Doe', origin: 'messenger' });
	});

	it('an Origin Convocore does not list is refused before anything is sent', async () => {
		const error = (await send([{ message: 'Hi' }], { options: { origin: '={{ "sms" }}' } })).error(
			'Convocore',
		);
		expect(error?.message).toMatch(
			/options\.origin: must be one of web-chat, discord, messenger, instagram, gb-chat/,
		);
		expect(sandbox.current.interact.handshakes).toBe(0);
	});
});

describe('Agent > Send Message: order and concurrency', () => {
	it('turns of one conversation never overlap and keep input order; other conversations run side by side; outputs keep input order', async () => {
		sandbox.current.injectFault({
			path: '/interact',
			kind: 'latency',
			latencyMs: 150,
			times: Infinity,
		});
		const input = ['a', 'b', 'a', 'c', 'a', 'b'].map((conversationId, index) => ({
			conversationId,
			message: `When are you open? (${index})`,
		}));
		const items = (await send(input, { options: { maxConcurrency: 10 } })).items();
		expect(items.map((item) => [item.json.conversationId, item.pairedItem])).toEqual(
			input.map((entry, index) => [entry.conversationId, { item: index }]),
		);
		const turns = sandbox.current.interact.turns;
		expect(turns.every((turn) => turn.overlapping === 0)).toBe(true);
		for (const conversation of ['a', 'b']) {
			const prompts = turns
				.filter((turn) => turn.convoId === conversation)
				.map((turn) => turn.interact.prompt);
			expect(prompts).toEqual(
				input
					.filter((entry) => entry.conversationId === conversation)
					.map((entry) => entry.message),
			);
		}
		// a, b and c were in flight together.
		expect(sandbox.current.interact.peakOpen).toBe(3);
	});
});
