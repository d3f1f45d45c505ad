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
