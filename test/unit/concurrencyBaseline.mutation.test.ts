import { AdaptiveLimit } from '../../nodes/Convocore/transport/concurrency';
import { type Outcome, type Permit } from '../../nodes/Convocore/transport/slotLimit';
const answered = (latencyMs: number): Outcome => ({ kind: 'answered', latencyMs });

/**
 * The window after each answer, one request at a time (never half the window in flight, so the
 * window does not grow: only the cuts move it).
 */
async function oneByOne(limit: AdaptiveLimit, latencies: number[]): Promise<number[]> {
	const seen: number[] = [];
	for (const latency of latencies) {
		limit.release(await limit.acquire(), answered(latency));
		seen.push(limit.current);
	}
	return seen;
}

const times = (n: number, latency: number) => Array.from({ length: n }, () => latency);

describe('the latency baseline', () => {
	it('judges from the tenth answer after the first window: a slow first window then prompt answers is cut there, not before nor after', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100 });
		// The first window (10 answers) at 1 s: the recent average still remembers it ten answers
		// later (34 ms against the baseline's 5 ms), so the tenth prompt answer cuts once, to 7.
		await oneByOne(limit, times(10, 1000));
		expect(await oneByOne(limit, times(12, 5))).toEqual([...times(9, 10), 7, 7, 7]);
	});

	it('is the plain mean of those ten answers, so one prompt answer among slower ones does not make them look like a queue', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100 });
		await oneByOne(limit, times(10, 60));
		// Baseline: one 5 ms answer, then nine at 60 ms: a mean near 47 ms, and 60 ms is no queue.
		// Starting from the 5 ms answer and moving slowly, it would stay near 6 ms and cut.
		expect(await oneByOne(limit, [5, ...times(14, 60)])).toEqual(times(15, 10));
	});

	it('weighs each of the ten alike: answers alternating 60 ms and 5 ms (a cache) and then settling at 60 ms are no queue', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100 });
		await oneByOne(limit, times(10, 60));
		const alternating = [60, 5, 60, 5, 60, 5, 60, 5, 60, 5];
		expect(await oneByOne(limit, [...alternating, ...times(10, 60)])).toEqual(times(20, 10));
	});

	it('learns nothing from outcomes that are not answers, and grows as before from the answers after them', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100 });
		const permits: Permit[] = [];
		for (let i = 0; i < 10; i++) permits.push(await limit.acquire());
		for (const permit of permits) limit.release(permit, { kind: 'ignored' });
		expect(limit.current).toBe(10);
		permits.length = 0;
		for (let i = 0; i < 10; i++) permits.push(await limit.acquire());
		for (const permit of permits) limit.release(permit, answered(50));
		expect(limit.current).toBe(20);
	});
});

describe('the probe after a first window, with outcomes that are not prompt answers', () => {
	async function firstWindow() {
		const limit = new AdaptiveLimit({ ceiling: 20, initial: 20, probeAfterFirstWindow: true });
		const permits: Permit[] = [];
		for (let i = 0; i < 20; i++) permits.push(await limit.acquire());
		return { limit, permits };
	}

	it('a failure first tells nothing: the first answer after it still decides, and a prompt one sends the probe', async () => {
		const { limit, permits } = await firstWindow();
		limit.release(permits[0], { kind: 'ignored' });
		limit.release(permits[1], answered(50));
		await limit.acquire();
		expect(limit.current).toBe(10);
	});

	it('a 429 first decides for good: a prompt answer after it sends no probe', async () => {
		const { limit, permits } = await firstWindow();
		limit.release(permits[0], { kind: 'rateLimited' });
		// 20 -> 10; nine more back (failures, teaching nothing), then a prompt answer.
		for (const permit of permits.slice(1, 10)) limit.release(permit, { kind: 'ignored' });
		limit.release(permits[10], answered(50));
		await limit.acquire();
		expect(limit.current).toBe(10);
	});
});
