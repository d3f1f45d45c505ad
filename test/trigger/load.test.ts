/**
 * Load: 1,000 deliveries in flight at once over real HTTP on 127.0.0.1 yield exactly 1,000
 * executions of one item each, every delivery accounted for once.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { startTriggerServer, type TriggerServer } from '../harness/webhook';

const DELIVERIES = 1000;

let sandbox: Sandbox;
let server: TriggerServer;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
});
beforeEach(async () => {
	server = await startTriggerServer({
		events: ['message_received', 'webhook_test'],
		secret: sandbox.keys.euWhiteLabel,
	});
});
afterEach(async () => {
	await server.close();
});
afterAll(async () => {
	await sandbox?.close();
});

it(`${DELIVERIES} concurrent deliveries -> exactly ${DELIVERIES} items, one per delivery`, async () => {
	const started = Date.now();
	const answers = await Promise.all(
		Array.from({ length: DELIVERIES }, (_, i) =>
			sandbox.deliverEvent(server.url, 'message_received', {
				payload: { messageContent: `load #${i}`, convoId: `convo-${i}` },
			}),
		),
	);
	const runs = await server.settled();
	const elapsed = Date.now() - started;

	expect(answers.filter((a) => a.status === 200)).toHaveLength(DELIVERIES);
	// They really overlapped: the sender had to open a connection for most of them.
	expect(server.connections).toBeGreaterThan(DELIVERIES / 2);
	expect(server.handled).toHaveLength(DELIVERIES);
	expect(server.handled.filter((h) => h.error)).toEqual([]);
	expect(runs).toHaveLength(DELIVERIES);
	expect(runs.every((items) => items.length === 1)).toBe(true);

	const contents = runs.map((items) => items[0].json.messageContent as string);
	expect(new Set(contents).size).toBe(DELIVERIES);
	expect([...contents].sort()).toEqual(
		Array.from({ length: DELIVERIES }, (_, i) => `load #${i}`).sort(),
	);
	for (const items of runs) {
		const { json } = items[0];
		expect(json.convoId).toBe(`convo-${(json.messageContent as string).slice('load #'.length)}`);
		expect(json).not.toHaveProperty('workspaceSecret');
		expect(json).not.toHaveProperty('_validation');
	}
	// Bounded: the whole batch, executions included, inside Convocore's 60 s answer window with
	// room to spare even on a busy machine (a few seconds when idle).
	expect(elapsed).toBeLessThan(45_000);
}, 60_000);

it('a mixed burst: only the authenticated, subscribed half runs', async () => {
	const answers = await Promise.all(
		Array.from({ length: 200 }, (_, i) =>
			i % 2 === 0
				? sandbox.deliverEvent(server.url, 'webhook_test', { payload: { message: `ok #${i}` } })
				: i % 4 === 1
					? sandbox.deliverEvent(server.url, 'webhook_test', {
							workspaceSecret: sandbox.keys.euBusiness,
						})
					: sandbox.deliverEvent(server.url, 'agent_deleted'),
		),
	);
	expect(answers.map((a) => a.status)).toEqual(
		Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 200 : i % 4 === 1 ? 401 : 200)),
	);
	const runs = await server.settled();
	expect(server.handled).toHaveLength(200);
	expect(runs).toHaveLength(100);
	expect(runs.map((items) => items[0].json.message).sort()).toEqual(
		Array.from({ length: 100 }, (_, i) => `ok #${i * 2}`).sort(),
	);
}, 60_000);
