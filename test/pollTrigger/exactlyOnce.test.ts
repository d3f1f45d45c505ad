import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { addSessions, sessionFeed } from '../../sandbox/domain/sessionFeed';
import type { FeedSession } from '../../sandbox/domain/records';
import { sandboxCredential, useSandbox } from '../harness/convocore';
import { PollHarness } from './harness';
import { prng } from './monthFeed';

const sandbox = useSandbox();
const SESSIONS = { method: 'GET', path: '/workspace/sessions' };
const PAGE_SIZE = 10;
const POLLS = 50;
const TOTAL = 1000;
const DURING_PAGING = 40;
const RESTART_BEFORE_POLL = 25;
const FAILING_POLL = 35;

const key = (session: { convoId?: unknown; sessionTs?: unknown; ts?: unknown }) =>
	`${String(session.convoId)}@${String(session.sessionTs ?? session.ts)}`;

test('1,000 sessions over 50 polls, 40 while paging, a restart and a failed poll: each emitted exactly once, oldest first', async () => {
	const random = prng(20261127);
	let now = Date.UTC(2026, 10, 27, 8, 0, 0);
	const state = sandbox.current.state;
	const feed = sessionFeed(state);
	feed.clock = () => now;
	const agents = [SANDBOX_IDS.ownAccountAgent, SANDBOX_IDS.rentalAgent, SANDBOX_IDS.noSmsAgent];
	const arrived: FeedSession[] = [];

	/** One session at a random moment: the clock moves 0 ms (a tie), 1 ms or up to a second. */
	const arrive = () => {
		const step = random();
		now += step < 0.4 ? 0 : step < 0.6 ? 1 : Math.floor(random() * 1000);
		const known =
			arrived.length > 0 && random() < 0.3
				? arrived[Math.floor(random() * arrived.length)]
				: undefined;
		const [session] = known
			? addSessions(state, { convoId: known.convoId })
			: addSessions(state, { agentId: agents[Math.floor(random() * agents.length)] });
		arrived.push(session);
	};

	// How many arrive before each poll: 30 before the failing one (so that it pages), the rest at random.
	const gaps = new Array<number>(POLLS).fill(0);
	gaps[FAILING_POLL - 1] = 30;
	for (let i = 0; i < TOTAL - DURING_PAGING - 30; i++) gaps[Math.floor(random() * (POLLS - 1))]++;

	let poll = 0;
	let duringLeft = DURING_PAGING;
	let duringThisPoll = 0;
	let failedAt: number | undefined;
	feed.beforeRead = ({ page }) => {
		if (poll === FAILING_POLL && page === 1 && failedAt === undefined) {
			// The next page's request fails (400 is not retried): the poll dies half-way.
			sandbox.current.injectFault({
				kind: 'status',
				status: 400,
				method: 'GET',
				path: '/workspace/sessions',
				times: 1,
			});
			failedAt = poll;
			return;
		}
		if (page >= 1 && poll > 0 && poll < POLLS && duringLeft > 0 && random() < 0.6) {
			const count = Math.min(duringLeft, 1 + Math.floor(random() * 3));
			for (let i = 0; i < count; i++) arrive();
			duringLeft -= count;
			duringThisPoll += count;
		}
	};

	let trigger = new PollHarness({
		credential: sandboxCredential(sandbox.current),
		parameters: {
			workspaceId: { __rl: true, mode: 'id', value: SANDBOX_IDS.euWorkspace },
			options: { pageSize: PAGE_SIZE },
		},
	});
	expect(await trigger.activate()).toEqual({});

	const emitted: Array<Record<string, unknown>> = [];
	let failures = 0;
	for (poll = 1; poll <= POLLS; poll++) {
		for (let i = 0; i < gaps[poll - 1]; i++) arrive();
		// Often no time passes before the poll: sessions then share a millisecond with the watermark.
		if (random() < 0.5) now += 60_000;
		if (poll === RESTART_BEFORE_POLL) trigger = trigger.restart();
		const savedBefore = JSON.stringify(trigger.persisted);
		const liveBefore = JSON.stringify(trigger.nodeStaticData());
		const requestsBefore = sandbox.current.count(SESSIONS);
		const pending = arrived.length - emitted.length;
		duringThisPoll = 0;
		const outcome = await trigger.tick();
		const requests = sandbox.current.count(SESSIONS) - requestsBefore;
		if (outcome.error) {
			failures++;
			expect(poll).toBe(FAILING_POLL);
			expect(outcome.emitted).toBeUndefined();
			// Nothing moved: neither what n8n saved nor what the process holds.
			expect(JSON.stringify(trigger.persisted)).toBe(savedBefore);
			expect(JSON.stringify(trigger.nodeStaticData())).toBe(liveBefore);
			continue;
		}
		const items = (outcome.emitted ?? []).map((item) => item.json);
		// Oldest first within the poll.
		for (let i = 1; i < items.length; i++)
			expect(items[i].sessionTs as number).toBeGreaterThanOrEqual(items[i - 1].sessionTs as number);
		emitted.push(...items);
		// It stops once past the watermark: what was pending plus what arrived while it paged, and one more page at most.
		expect(requests).toBeLessThanOrEqual(
			Math.max(1, Math.ceil((pending + duringThisPoll) / PAGE_SIZE) + 1),
		);
	}

	expect(failures).toBe(1);
	expect(failedAt).toBe(FAILING_POLL);
	expect(duringLeft).toBe(0);
	expect(arrived).toHaveLength(TOTAL);
	const keys = emitted.map(key);
	expect(new Set(keys).size).toBe(keys.length);
	expect(keys.sort()).toEqual(arrived.map(key).sort());
	// Ties were common: the watermark had to remember keys, not only a time.
	expect(new Set(arrived.map((session) => session.ts)).size).toBeLessThan(TOTAL * 0.7);
	// Oldest first across the whole run, too.
	const times = emitted.map((item) => item.sessionTs as number);
	expect(times).toEqual([...times].sort((a, b) => a - b));
});
