/**
 * The Convocore Conversation Trigger against a feed that misbehaves (issue 40), each one made by
 * the sandbox's control routes over HTTP, as anyone can make it: a feed that ignores `page`, a
 * malformed session, a session from the future, pages that overlap, sessions arriving while the
 * trigger pages, and a feed not in newest-first order.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { sessionFeed } from '../../sandbox/domain/sessionFeed';
import { sandboxCredential, useSandbox } from '../harness/convocore';
import { PollHarness } from './harness';

const sandbox = useSandbox();
const SESSIONS = { method: 'GET', path: '/workspace/sessions' };

async function control(method: string, path: string, body?: unknown) {
	const response = await fetch(`${sandbox.current.url}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const answer = (await response.json()) as Record<string, unknown>;
	expect(response.status).toBe(200);
	return answer;
}

interface Added {
	convoId: string;
	ts: number;
}

async function addSessions(body: Record<string, unknown> = {}): Promise<Added[]> {
	return (await control('POST', '/__sandbox/sessions', body)).added as Added[];
}

const quirks = async (body: Record<string, unknown>) =>
	await control('POST', '/__sandbox/sessions/quirks', body);

function harness(extra: INodeParameters = {}): PollHarness {
	return new PollHarness({
		credential: sandboxCredential(sandbox.current),
		parameters: {
			workspaceId: { __rl: true, mode: 'id', value: SANDBOX_IDS.euWorkspace },
			...extra,
		},
	});
}

const keyOf = (item: { json: Record<string, unknown> }) =>
	`${String(item.json.convoId)}@${String(item.json.sessionTs)}`;
const keysOf = (added: Added[]) => added.map((session) => `${session.convoId}@${session.ts}`);

/** A fake clock for the feed: each new session starts one second after the previous one, from now. */
beforeEach(() => {
	let now = Date.now() - 3_600_000;
	sessionFeed(sandbox.current.state).clock = () => (now += 1000);
});

test('a feed that ignores `page` and always says hasMore fails the poll at its second page, clearly, and moves nothing', async () => {
	const trigger = harness();
	await trigger.activate();
	const added = await addSessions({ count: 250 });
	await quirks({ ignorePage: true });
	// A brake for the code before the fix, which pages for ever: after 50 requests the feed behaves.
	let requests = 0;
	sessionFeed(sandbox.current.state).beforeRead = () => {
		if (++requests === 50) sessionFeed(sandbox.current.state).quirks = {};
	};
	const saved = JSON.stringify(trigger.persisted);
	const live = JSON.stringify(trigger.nodeStaticData());
	const before = sandbox.current.count(SESSIONS);

	const outcome = await trigger.tick();
	expect(sandbox.current.count(SESSIONS) - before).toBe(2);
	expect(outcome.emitted).toBeUndefined();
	expect(outcome.error?.message).toBe(
		'The sessions feed answered page 1 with nothing new while saying it has more: it repeats pages',
	);
	expect(JSON.stringify(trigger.persisted)).toBe(saved);
	expect(JSON.stringify(trigger.nodeStaticData())).toBe(live);

	// Once the feed behaves, every session comes, once.
	await quirks({});
	const emitted = (await trigger.tick()).emitted ?? [];
	expect(emitted.map(keyOf)).toEqual(keysOf(added));
	expect((await trigger.tick()).emitted).toBeUndefined();
});

test('a malformed session is reported once, and the good sessions around it come, now and later', async () => {
	const trigger = harness({ options: { pageSize: 4 } });
	const warnings = () => trigger.warnings;
	await trigger.activate();
	const before = await addSessions({ count: 2 });
	const [bad] = await addSessions({ malformed: ['noAgentId', 'textStart'] });
	const after = await addSessions({ count: 3 });

	const first = await trigger.tick();
	expect(first.error).toBeUndefined();
	expect((first.emitted ?? []).map(keyOf)).toEqual(keysOf([...before, ...after]));
	expect(warnings()).toEqual([
		expect.stringMatching(
			new RegExp(
				`^Convocore Conversation Trigger: skipped a malformed session \\(conversation ${bad.convoId}\\): agentId: is required; sessionData\\.currentSessionTs: must be a number\\. It is not emitted`,
			),
		),
	]);

	// Later polls: the malformed session is not reported again and blocks nothing.
	const later = await addSessions({ count: 2 });
	expect(((await trigger.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf(later));
	expect((await trigger.tick()).emitted).toBeUndefined();
	expect(warnings()).toHaveLength(1);

	// The newest entry malformed: every later poll reads it again, first on page 0, and keeps quiet.
	const [good] = await addSessions();
	const [top] = await addSessions({ malformed: ['noAgentId'] });
	expect(((await trigger.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf([good]));
	expect(warnings()).toHaveLength(2);
	expect(warnings()[1]).toContain(`(conversation ${top.convoId}): agentId: is required.`);
	expect((await trigger.tick()).emitted).toBeUndefined();
	// Restarted from what n8n saved with that poll's items: still quiet, and the next good session comes.
	const restarted = trigger.restart();
	const [next] = await addSessions();
	expect(((await restarted.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf([next]));
	expect(restarted.warnings).toEqual([]);
	expect(warnings()).toHaveLength(2);
});

test('a session stamped in the year 2100 comes once and does not silence the sessions after it', async () => {
	const trigger = harness();
	await trigger.activate();
	const year2100 = Date.UTC(2100, 0, 1);
	const [future] = await addSessions({ at: year2100, offClock: true });
	expect((await trigger.tick()).emitted?.map(keyOf)).toEqual(keysOf([future]));
	const later = await addSessions({ count: 2 });
	expect(((await trigger.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf(later));
	// The watermark stayed within the tolerance of the clock.
	const watermark = trigger.nodeStaticData()?.watermark as { ts: number };
	expect(watermark.ts).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
	expect((await trigger.tick()).emitted).toBeUndefined();
	// And after a restart, from what n8n saved.
	const restarted = trigger.restart();
	const more = await addSessions();
	expect(((await restarted.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf(more));
});

test('pages that overlap and sessions arriving while the trigger pages: each session once', async () => {
	const trigger = harness({ options: { pageSize: 10 } });
	await trigger.activate();
	await quirks({ overlap: 3, arrivalsPerPage: 2 });
	const added = await addSessions({ count: 45 });
	const feed = sessionFeed(sandbox.current.state);
	const listedBefore = feed.entries.length;
	expect(((await trigger.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf(added));
	// The sessions that arrived on pages already read come with the next poll.
	const arrived = feed.entries.slice(listedBefore);
	await quirks({});
	const next = ((await trigger.tick()).emitted ?? []).map(keyOf);
	expect(arrived.length).toBeGreaterThan(4);
	expect(next).toEqual(keysOf(arrived));
	expect((await trigger.tick()).emitted).toBeUndefined();
});

test('after a page not in newest-first order, the scan reads on past a page that is (the early stop stays off)', async () => {
	const trigger = harness({ options: { pageSize: 2 } });
	const [a, , , d] = await addSessions({ count: 4 });
	await trigger.activate();
	await quirks({ order: 'byConversation' });
	// Listed by conversation, newest conversation first: [N, D'] [D, C] [B, A'] [A, …].
	const [n] = await addSessions();
	const [dAgain] = await addSessions({ convoId: d.convoId });
	const [aAgain] = await addSessions({ convoId: a.convoId });
	const emitted = ((await trigger.tick()).emitted ?? []).map(keyOf);
	// Page 0 is not newest first; page 1 is, and passes the watermark; A's new session is on page 2.
	expect(emitted).toEqual(keysOf([n, dAgain, aAgain]));
});

test('a poll reads at most 200 pages, then fails clearly, moves nothing, and loses nothing', async () => {
	const trigger = harness();
	await trigger.activate();
	const withPages = (pageSize: number, from: PollHarness) =>
		new PollHarness({
			...from.setup,
			parameters: { ...from.setup.parameters, options: { pageSize } },
			persisted: from.persisted,
		});
	const small = withPages(1, trigger);
	const added = await addSessions({ count: 250 });
	const saved = JSON.stringify(small.persisted);
	const before = sandbox.current.count(SESSIONS);
	const outcome = await small.tick();
	expect(sandbox.current.count(SESSIONS) - before).toBe(200);
	expect(outcome.error?.message).toBe(
		'The sessions feed still had more after 200 pages in one poll: the poll stops there',
	);
	expect(JSON.stringify(small.persisted)).toBe(saved);
	// With larger pages, from the same saved position, every session comes once.
	const larger = withPages(100, small);
	expect(((await larger.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf(added));
});

test('at activation a session from the future and a malformed one are passed over: neither silences nor comes later', async () => {
	await addSessions({ at: Date.UTC(2100, 0, 1), offClock: true });
	await addSessions({ malformed: ['textStart'] });
	const trigger = harness();
	const warnings = () => trigger.warnings;
	await trigger.activate();
	const later = await addSessions({ count: 2 });
	expect(((await trigger.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf(later));
	expect((await trigger.tick()).emitted).toBeUndefined();
	expect(warnings()).toEqual([]);
});

test('a watermark that an earlier release let run to the year 2100 is brought back: the trigger hears again, nothing twice', async () => {
	const year2100 = Date.UTC(2100, 0, 1);
	const [future] = await addSessions({ at: year2100, offClock: true });
	const scope = `eu:${SANDBOX_IDS.euWorkspace}`;
	const trigger = new PollHarness({
		credential: sandboxCredential(sandbox.current),
		parameters: { workspaceId: { __rl: true, mode: 'id', value: SANDBOX_IDS.euWorkspace } },
		persisted: {
			'node:Convocore Conversation Trigger': {
				watermark: { scope, ts: year2100, keys: [`${future.convoId}@${year2100}`] },
			},
		},
	});
	// The first poll notes where the feed stands, as an activation does.
	expect(await trigger.tick()).toEqual({});
	const later = await addSessions({ count: 2 });
	expect(((await trigger.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf(later));
	expect((await trigger.tick()).emitted).toBeUndefined();
});

test('a malformed session older than the watermark, on the page where a poll stops, is not reported', async () => {
	await addSessions();
	await addSessions({ malformed: ['noAgentId'] });
	await addSessions({ count: 2 });
	// Listed [G3, G2] [M, G1]: activation reads the first page only.
	const trigger = harness({ options: { pageSize: 2 } });
	await trigger.activate();
	const [fresh] = await addSessions();
	// [N, G3] [G2, M]: the poll stops on the second page, which passes the watermark before M.
	expect(((await trigger.tick()).emitted ?? []).map(keyOf)).toEqual(keysOf([fresh]));
	expect(sandbox.current.requests(SESSIONS).at(-1)?.query.page).toBe('1');
	expect(trigger.warnings).toEqual([]);
});
