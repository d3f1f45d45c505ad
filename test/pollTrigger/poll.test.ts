/**
 * The Convocore Conversation Trigger through n8n-core's PollContext against the sandbox's
 * `GET /workspace/sessions`: activation, one request when nothing is new, items, events, filters,
 * Fetch Test Event, and what it asks of its parameters before any request.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { addSessions, sessionFeed } from '../../sandbox/domain/sessionFeed';
import { sandboxCredential, useSandbox } from '../harness/convocore';
import { PollHarness } from './harness';

const sandbox = useSandbox();
const SESSIONS = { method: 'GET', path: '/workspace/sessions' };

function harness(extra: INodeParameters = {}): PollHarness {
	return new PollHarness({
		credential: sandboxCredential(sandbox.current),
		parameters: {
			workspaceId: { __rl: true, mode: 'list', value: SANDBOX_IDS.euWorkspace },
			...extra,
		},
	});
}

/** A fake clock for the feed: each new session starts one second after the previous one. */
function tickingClock(start = Date.UTC(2026, 10, 27, 8, 0, 0)) {
	let now = start;
	sessionFeed(sandbox.current.state).clock = () => (now += 1000);
}

beforeEach(() => tickingClock());

test('activation emits nothing, sends one request and starts from the newest session listed then', async () => {
	addSessions(sandbox.current.state, { count: 3 });
	const trigger = harness();
	const outcome = await trigger.activate();
	expect(outcome).toEqual({});
	expect(sandbox.current.count(SESSIONS)).toBe(1);
	const [request] = sandbox.current.requests(SESSIONS);
	expect(request.query).toEqual({
		workspaceId: SANDBOX_IDS.euWorkspace,
		region: 'eu',
		page: '0',
		limit: '100',
	});
	const newest = sessionFeed(sandbox.current.state).entries.at(-1)!;
	expect(trigger.persisted).toEqual({
		[`node:${trigger.node.name}`]: {
			watermark: {
				scope: `eu:${SANDBOX_IDS.euWorkspace}`,
				ts: newest.ts,
				keys: [`${newest.convoId}@${newest.ts}`],
			},
		},
	});
});

test('a poll with nothing new is one request and emits nothing', async () => {
	const trigger = harness();
	await trigger.activate();
	const before = sandbox.current.count(SESSIONS);
	expect(await trigger.tick()).toEqual({});
	expect(sandbox.current.count(SESSIONS) - before).toBe(1);
});

test('new sessions come once each, oldest first, flattened, without turns when simplified', async () => {
	const trigger = harness();
	await trigger.activate();
	const added = addSessions(sandbox.current.state, {
		count: 3,
		agentId: SANDBOX_IDS.ownAccountAgent,
		origin: 'web-chat',
	});
	const { emitted, run } = await trigger.tick({ execute: true });
	expect(emitted?.map((item) => item.json.convoId)).toEqual(
		added.map((session) => session.convoId),
	);
	const first = emitted![0].json;
	expect(first).toEqual({
		event: 'newConversation',
		convoId: added[0].convoId,
		agentId: SANDBOX_IDS.ownAccountAgent,
		agentName: expect.any(String),
		userName: added[0].userName,
		userEmail: added[0].userEmail,
		userPhone: added[0].userPhone,
		origin: 'web-chat',
		state: 'ai-chatting',
		isNewConversation: true,
		sessionTs: added[0].ts,
		sessionStartedAt: new Date(added[0].ts).toISOString(),
		sessionNumber: 1,
		sessionCount: 1,
		allSessionTimestamps: [added[0].ts],
	});
	// The workflow ran with them.
	expect(PollHarness.downstream(run!).map((item) => item.json.convoId)).toEqual(
		added.map((session) => session.convoId),
	);
	expect(await trigger.tick()).toEqual({});
});

test('Simplify off keeps the session turns', async () => {
	const trigger = harness({ simplify: false });
	await trigger.activate();
	const [added] = addSessions(sandbox.current.state);
	const { emitted } = await trigger.tick();
	expect(emitted?.[0].json.turns).toEqual(added.turns);
});

test("New Conversation emits a conversation's first session only; New Session every session", async () => {
	const conversations = harness({ event: 'newConversation' });
	const sessions = harness({ event: 'newSession' });
	await conversations.activate();
	await sessions.activate();
	const [fresh] = addSessions(sandbox.current.state);
	const [again] = addSessions(sandbox.current.state, { convoId: fresh.convoId });
	expect((await conversations.tick()).emitted?.map((item) => item.json.sessionTs)).toEqual([
		fresh.ts,
	]);
	const emitted = (await sessions.tick()).emitted!;
	expect(
		emitted.map((item) => [item.json.event, item.json.sessionTs, item.json.sessionNumber]),
	).toEqual([
		['newConversation', fresh.ts, 1],
		['newSession', again.ts, 2],
	]);
	// The filtered-out session moved the watermark all the same: nothing comes twice.
	const [later] = addSessions(sandbox.current.state, { convoId: fresh.convoId });
	expect((await conversations.tick()).emitted).toBeUndefined();
	expect((await sessions.tick()).emitted?.map((item) => item.json.sessionTs)).toEqual([later.ts]);
});

test("Agent and Channel filters are sent as the route's agentId and origin and hold", async () => {
	const trigger = harness({
		filters: {
			agentId: { __rl: true, mode: 'list', value: SANDBOX_IDS.rentalAgent },
			origin: 'messenger',
		},
	});
	await trigger.activate();
	addSessions(sandbox.current.state, {
		count: 2,
		agentId: SANDBOX_IDS.ownAccountAgent,
		origin: 'messenger',
	});
	const wanted = addSessions(sandbox.current.state, {
		agentId: SANDBOX_IDS.rentalAgent,
		origin: 'messenger',
	});
	addSessions(sandbox.current.state, { agentId: SANDBOX_IDS.rentalAgent, origin: 'web-chat' });
	const { emitted } = await trigger.tick();
	expect(emitted?.map((item) => item.json.convoId)).toEqual(
		wanted.map((session) => session.convoId),
	);
	expect(sandbox.current.requests(SESSIONS).at(-1)?.query).toMatchObject({
		agentId: SANDBOX_IDS.rentalAgent,
		origin: 'messenger',
	});
});

test('Fetch Test Event emits the latest session and leaves the watermark alone', async () => {
	const trigger = harness();
	await trigger.activate();
	const saved = JSON.parse(JSON.stringify(trigger.nodeStaticData())) as unknown;
	const [, latest] = addSessions(sandbox.current.state, { count: 2 });
	const { emitted } = await trigger.manual();
	expect(emitted?.map((item) => item.json.convoId)).toEqual([latest.convoId]);
	expect(trigger.nodeStaticData()).toEqual(saved);
	expect((await trigger.tick()).emitted).toHaveLength(2);
});

test('Fetch Test Event on an empty feed says so', async () => {
	const trigger = harness({ filters: { origin: 'no-such-channel' } });
	const { error } = await trigger.manual();
	expect(error?.message).toBe('No session to show yet');
});

test('a bad Page Size or a missing Workspace is refused before any request', async () => {
	const bad = await harness({ options: { pageSize: 101 } }).tick();
	expect(bad.error?.message).toBe(
		'Options > Page Size must be a whole number from 1 to 100, got 101',
	);
	const none = await new PollHarness({
		credential: sandboxCredential(sandbox.current),
		parameters: {},
	}).tick();
	expect(none.error?.message).toMatch(/^Workspace is required/);
	expect(sandbox.current.count(SESSIONS)).toBe(0);
});

test('250 new sessions take at most ceil(250 / limit) + 1 requests, each emitted once', async () => {
	for (const limit of [100, 50, 7]) {
		sandbox.current.reset();
		tickingClock();
		const trigger = harness({ options: { pageSize: limit } });
		await trigger.activate();
		const added = addSessions(sandbox.current.state, { count: 250 });
		const before = sandbox.current.count(SESSIONS);
		const { emitted } = await trigger.tick();
		expect(sandbox.current.count(SESSIONS) - before).toBeLessThanOrEqual(
			Math.ceil(250 / limit) + 1,
		);
		expect(emitted?.map((item) => item.json.convoId)).toEqual(
			added.map((session) => session.convoId),
		);
	}
});

test("sessions that share the watermark's millisecond, arriving over several polls, come once each", async () => {
	const trigger = harness();
	await trigger.activate();
	const at = Date.UTC(2026, 10, 27, 9, 0, 0);
	const emittedIds = async () =>
		((await trigger.tick()).emitted ?? []).map((item) => item.json.convoId);
	const [a] = addSessions(sandbox.current.state, { at });
	expect(await emittedIds()).toEqual([a.convoId]);
	const [b] = addSessions(sandbox.current.state, { at });
	expect(await emittedIds()).toEqual([b.convoId]);
	const [c, d] = addSessions(sandbox.current.state, { at, count: 2 });
	expect(await emittedIds()).toEqual([c.convoId, d.convoId]);
	expect(await emittedIds()).toEqual([]);
	expect(trigger.nodeStaticData()?.watermark).toEqual({
		scope: `eu:${SANDBOX_IDS.euWorkspace}`,
		ts: at,
		keys: [a, b, c, d].map((s) => `${s.convoId}@${at}`),
	});
});
