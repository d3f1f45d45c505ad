import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { type SandboxMode } from '../../sandbox/server/mode';
import { sessionFeed } from '../../sandbox/domain/sessionFeed';
import { sandboxCredential } from '../harness/convocore';
import { api, useSandbox } from '../sandbox/helpers';
import { PollHarness } from './harness';

const query = (extra: Record<string, string | number> = {}) => ({
	workspaceId: SANDBOX_IDS.euWorkspace,
	region: 'eu',
	...extra,
});

async function control(url: string, method: string, path: string, body?: unknown) {
	const response = await fetch(`${url}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each<SandboxMode>(['strict', 'published'])('%s mode', (mode) => {
	const sandbox = useSandbox({ mode });

	it("answers the published shape, newest first, paged from 0, with the conversation's sessions", async () => {
		const added = await control(sandbox().url, 'POST', '/__sandbox/sessions', {
			count: 3,
			agentId: SANDBOX_IDS.ownAccountAgent,
			origin: 'web-chat',
		});
		expect(added.status).toBe(200);
		const [first] = added.body.added as Array<{ convoId: string; ts: number }>;
		await control(sandbox().url, 'POST', '/__sandbox/sessions', { convoId: first.convoId });
		const answer = await api(sandbox(), 'GET', '/workspace/sessions', {
			key: sandbox().keys.euWhiteLabel,
			query: query({ limit: 2 }),
		});
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual(['pagination', 'sessions', 'timestampRange']);
		expect(answer.body.pagination).toEqual({ page: 0, limit: 2, hasMore: true, totalFetched: 2 });
		const [newest] = answer.body.sessions;
		expect(newest.convoId).toBe(first.convoId);
		expect(newest.sessionData.allSessionTimestamps).toHaveLength(2);
		expect(newest.sessionData.currentSessionTs).toBe(newest.sessionData.allSessionTimestamps[1]);
		expect(answer.body.timestampRange.newest).toBe(newest.sessionData.currentSessionTs);
		const starts = answer.body.sessions.map(
			(session: { sessionData: { currentSessionTs: number } }) =>
				session.sessionData.currentSessionTs,
		);
		expect(starts).toEqual([...starts].sort((a: number, b: number) => b - a));
	});

	it('filters by agentId and origin, and refuses a missing region', async () => {
		await control(sandbox().url, 'POST', '/__sandbox/sessions', {
			count: 2,
			agentId: SANDBOX_IDS.rentalAgent,
			origin: 'messenger',
		});
		const filtered = await api(sandbox(), 'GET', '/workspace/sessions', {
			key: sandbox().keys.euWhiteLabel,
			query: query({ agentId: SANDBOX_IDS.rentalAgent, origin: 'messenger' }),
		});
		expect(
			filtered.body.sessions.map(
				(session: { agentId: string; origin: string }) => `${session.agentId}/${session.origin}`,
			),
		).toEqual([`${SANDBOX_IDS.rentalAgent}/messenger`, `${SANDBOX_IDS.rentalAgent}/messenger`]);
		const missing = await api(sandbox(), 'GET', '/workspace/sessions', {
			key: sandbox().keys.euWhiteLabel,
			query: { workspaceId: SANDBOX_IDS.euWorkspace },
		});
		expect(missing.status).toBe(400);
		if (mode === 'published')
			expect(missing.body).toMatchObject({
				message: 'Input validation failed',
				code: 'BAD_REQUEST',
			});
	});

	it(
		mode === 'strict' ? 'refuses an unknown query key' : 'drops an unknown query key',
		async () => {
			const answer = await api(sandbox(), 'GET', '/workspace/sessions', {
				key: sandbox().keys.euWhiteLabel,
				query: query({ cursor: 'x' }),
			});
			expect(answer.status).toBe(mode === 'strict' ? 400 : 200);
		},
	);

	it('another workspace is not found', async () => {
		const answer = await api(sandbox(), 'GET', '/workspace/sessions', {
			key: sandbox().keys.euWhiteLabel,
			query: query({ workspaceId: SANDBOX_IDS.euBusinessWorkspace }),
		});
		expect(answer.status).toBe(404);
	});

	it('the trigger emits what the feed gains, once (the outcome the user gets)', async () => {
		const trigger = new PollHarness({
			credential: sandboxCredential(sandbox()),
			parameters: { workspaceId: { __rl: true, mode: 'id', value: SANDBOX_IDS.euWorkspace } },
		});
		await trigger.activate();
		const added = await control(sandbox().url, 'POST', '/__sandbox/sessions', { count: 2 });
		const ids = (added.body.added as Array<{ convoId: string }>).map((session) => session.convoId);
		expect((await trigger.tick()).emitted?.map((item) => item.json.convoId)).toEqual(ids);
		expect((await trigger.tick()).emitted).toBeUndefined();
	});
});

describe('the feed timer', () => {
	const sandbox = useSandbox();

	beforeEach(() =>
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }),
	);
	afterEach(() => jest.useRealTimers());

	it('grows the feed on its own only once started, and stops on reset', async () => {
		const before = sessionFeed(sandbox().state).entries.length;
		jest.advanceTimersByTime(10_000);
		expect(sessionFeed(sandbox().state).entries.length).toBe(before);
		const started = await control(sandbox().url, 'POST', '/__sandbox/sessions', {
			everyMs: 1000,
			count: 2,
		});
		expect(started.status).toBe(200);
		jest.advanceTimersByTime(3_000);
		expect(sessionFeed(sandbox().state).entries.length).toBe(before + 6);
		const old = sandbox().state;
		sandbox().reset();
		jest.advanceTimersByTime(3_000);
		expect(old.sessionFeed?.timer).toBeUndefined();
	});
});

describe('the hostile feed controls', () => {
	const sandbox = useSandbox();

	it('set, show and end the quirks; refuse unknown ones; a reset makes the feed well-behaved', async () => {
		const set = await control(sandbox().url, 'POST', '/__sandbox/sessions/quirks', {
			ignorePage: true,
			overlap: 2,
		});
		expect(set).toEqual({
			status: 200,
			body: { success: true, quirks: { ignorePage: true, overlap: 2 } },
		});
		expect((await control(sandbox().url, 'GET', '/__sandbox/sessions')).body.quirks).toEqual({
			ignorePage: true,
			overlap: 2,
		});
		const page3 = await api(sandbox(), 'GET', '/workspace/sessions', {
			key: sandbox().keys.euWhiteLabel,
			query: query({ page: 3, limit: 1 }),
		});
		expect(page3.body.pagination).toEqual({ page: 3, limit: 1, hasMore: true, totalFetched: 1 });
		const refused = await control(sandbox().url, 'POST', '/__sandbox/sessions/quirks', {
			ignorePages: true,
		});
		expect(refused.status).toBe(400);
		sandbox().reset();
		expect((await control(sandbox().url, 'GET', '/__sandbox/sessions')).body.quirks).toEqual({});
	});

	it('adds a malformed session and one stamped by a wrong clock, as asked', async () => {
		const year2100 = Date.UTC(2100, 0, 1);
		const future = await control(sandbox().url, 'POST', '/__sandbox/sessions', {
			at: year2100,
			offClock: true,
		});
		const bad = await control(sandbox().url, 'POST', '/__sandbox/sessions', {
			malformed: ['noAgentId', 'textStart'],
		});
		const [badSession] = bad.body.added as Array<{ convoId: string; ts: number }>;
		// The wrong clock is not followed: the next session starts at the feed's clock again.
		expect(badSession.ts).toBeLessThan(year2100);
		const answer = await api(sandbox(), 'GET', '/workspace/sessions', {
			key: sandbox().keys.euWhiteLabel,
			query: query({ limit: 2 }),
		});
		expect(answer.status).toBe(200);
		const [first, second] = answer.body.sessions;
		expect(first.sessionData.currentSessionTs).toBe(
			(future.body.added as Array<{ ts: number }>)[0].ts,
		);
		expect(second.convoId).toBe(badSession.convoId);
		expect(second.agentId).toBeUndefined();
		expect(second.sessionData.currentSessionTs).toBe(new Date(badSession.ts).toString());
	});
});
