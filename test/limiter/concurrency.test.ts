import { AdaptiveLimit } from '../../nodes/Convocore/transport/concurrency';
import {
	FixedLimit,
	type ConcurrencyLimit,
	type Outcome,
	type Permit,
} from '../../nodes/Convocore/transport/slotLimit';
/** Sends `count` requests through the limit, answering each with `answer(n)`; returns the peak in flight. */
async function drive(
	limit: ConcurrencyLimit,
	count: number,
	answer: (n: number) => Outcome,
): Promise<number> {
	let peak = 0;
	const sends = Array.from({ length: count }, async (_, n) => {
		const permit = await limit.acquire();
		peak = Math.max(peak, limit.inFlight);
		await Promise.resolve();
		limit.release(permit, answer(n));
	});
	await Promise.all(sends);
	return peak;
}

/** One request through the limit right now. */
async function once(limit: ConcurrencyLimit, outcome: Outcome): Promise<void> {
	const permit = await limit.acquire();
	limit.release(permit, outcome);
}

/** Holds `n` permits at once (a full window), then answers them all alike. */
async function wave(limit: ConcurrencyLimit, outcome: Outcome): Promise<void> {
	const permits: Permit[] = [];
	const n = limit.current;
	for (let i = 0; i < n; i++) permits.push(await limit.acquire());
	for (const permit of permits) limit.release(permit, outcome);
}

const prompt: Outcome = { kind: 'answered', latencyMs: 50 };

describe('FixedLimit', () => {
	it('keeps exactly N in flight whatever the answers', async () => {
		const limit = new FixedLimit(7);
		const peak = await drive(limit, 100, (n) => (n % 3 ? prompt : { kind: 'rateLimited' }));
		expect(peak).toBe(7);
		expect(limit.current).toBe(7);
		expect(limit.inFlight).toBe(0);
	});

	it('never goes below 1', () => {
		expect(new FixedLimit(0).current).toBe(1);
		expect(new FixedLimit(-3).current).toBe(1);
	});
});

describe('AdaptiveLimit', () => {
	it('starts at 10 and grows to its ceiling while answers come back promptly, never above it', async () => {
		const limit = new AdaptiveLimit({ ceiling: 40 });
		expect(limit.current).toBe(10);
		const seen: number[] = [];
		for (let round = 0; round < 6; round++) {
			await wave(limit, prompt);
			seen.push(limit.current);
		}
		// Slow start: the window doubles per round trip up to 20, then grows by at most 10 per
		// round trip (limited slow start), capped at the ceiling.
		expect(seen[0]).toBe(20);
		for (let i = 1; i < seen.length; i++) expect(seen[i] - seen[i - 1]).toBeLessThanOrEqual(10);
		expect(seen[1]).toBeGreaterThanOrEqual(28);
		expect(seen.at(-1)).toBe(40);
		const peak = await drive(limit, 500, () => prompt);
		expect(peak).toBe(40);
	});

	it('with slow but steady answers, goes in one round trip to a window that sends 20 per second, never above its ceiling', async () => {
		const slow: Outcome = { kind: 'answered', latencyMs: 2000 };
		const limit = new AdaptiveLimit({ ceiling: 50 });
		await wave(limit, slow);
		// 20 per second × 2 s = 40 in flight after the first answer (instead of 20 after the round
		// trip), then the limited slow start's +1/4 per answer.
		expect(limit.current).toBeGreaterThanOrEqual(40);
		expect(limit.current).toBeLessThanOrEqual(45);
		await wave(limit, slow);
		expect(limit.current).toBe(50);
		const capped = new AdaptiveLimit({ ceiling: 30 });
		await wave(capped, slow);
		expect(capped.current).toBe(30);
		// On a fast server the same rate is a window of 1: the round-trip-paced slow start is unchanged.
		const fast = new AdaptiveLimit({ ceiling: 50 });
		await wave(fast, prompt);
		expect(fast.current).toBe(20);
	});

	it('does not grow a window that is not in use', async () => {
		const limit = new AdaptiveLimit({ ceiling: 50 });
		for (let i = 0; i < 100; i++) await once(limit, prompt);
		expect(limit.current).toBe(10);
	});

	it('starts no higher than a ceiling below 10', async () => {
		const limit = new AdaptiveLimit({ ceiling: 3 });
		expect(limit.current).toBe(3);
		expect(await drive(limit, 50, () => prompt)).toBe(3);
	});

	it('halves once on a burst of 429s from one window, then takes one off for each further 429', async () => {
		let clock = 0;
		const limit = new AdaptiveLimit({ ceiling: 50, now: () => clock });
		await wave(limit, prompt); // 20
		const permits: Permit[] = [];
		expect(limit.current).toBe(20);
		for (let i = 0; i < 20; i++) permits.push(await limit.acquire());
		limit.release(permits[0], { kind: 'rateLimited' });
		expect(limit.current).toBe(10);
		for (let i = 1; i < 5; i++) limit.release(permits[i], { kind: 'rateLimited' });
		expect(limit.current).toBe(6);
		for (let i = 5; i < 20; i++) limit.release(permits[i], { kind: 'rateLimited' });
		expect(limit.current).toBe(1);
		clock += 10;
		// Never below 1, and no growth while the server keeps refusing.
		await wave(limit, { kind: 'rateLimited' });
		expect(limit.current).toBe(1);
		await wave(limit, prompt);
		expect(limit.current).toBe(1);
	});

	it('grows again, one per round trip, once the server has been quiet for a while after a 429', async () => {
		let clock = 0;
		const limit = new AdaptiveLimit({ ceiling: 50, now: () => clock });
		await wave(limit, { kind: 'rateLimited' }); // 10 -> 5 -> ... -> 1
		expect(limit.current).toBe(1);
		clock += 500;
		await wave(limit, prompt);
		expect(limit.current).toBe(1);
		clock += 600;
		for (let i = 0; i < 6; i++) await wave(limit, prompt);
		// Congestion avoidance: about +1 per full window answered (1 -> 7), not a doubling (64).
		expect(limit.current).toBeGreaterThanOrEqual(5);
		expect(limit.current).toBeLessThanOrEqual(8);
	});

	it('waits twice as long as the last pause the server asked for before growing again', async () => {
		let clock = 0;
		const limit = new AdaptiveLimit({ ceiling: 50, now: () => clock });
		await wave(limit, { kind: 'rateLimited', pauseMs: 5000 });
		const after = limit.current;
		clock += 9000;
		for (let i = 0; i < 5; i++) await wave(limit, prompt);
		expect(limit.current).toBe(after);
		clock += 1500;
		for (let i = 0; i < 5; i++) await wave(limit, prompt);
		expect(limit.current).toBeGreaterThan(after);
	});

	it('shrinks when latency climbs well above the fastest answer, and ends slow start', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100 });
		await wave(limit, prompt); // 20
		await wave(limit, prompt); // 30
		const before = limit.current;
		for (let i = 0; i < 5; i++) await wave(limit, { kind: 'answered', latencyMs: 400 });
		expect(limit.current).toBeLessThan(before);
		const shrunk = limit.current;
		// Back to prompt answers: growth is additive now, not a doubling.
		await wave(limit, prompt);
		expect(limit.current).toBeLessThanOrEqual(shrunk + 1);
	});

	it('takes small latency jitter on a fast server for noise, not a queue', async () => {
		const limit = new AdaptiveLimit({ ceiling: 50 });
		for (let i = 0; i < 5; i++) await wave(limit, { kind: 'answered', latencyMs: 1 + (i % 2) * 8 });
		expect(limit.current).toBe(50);
	});

	it('learns nothing from ignored outcomes, and wakes waiters in arrival order', async () => {
		const limit = new AdaptiveLimit({ ceiling: 1 });
		const order: number[] = [];
		const first = await limit.acquire();
		const queued = [1, 2, 3].map(async (n) => {
			const permit = await limit.acquire();
			order.push(n);
			limit.release(permit, { kind: 'ignored' });
		});
		limit.release(first, { kind: 'ignored' });
		await Promise.all(queued);
		expect(order).toEqual([1, 2, 3]);
		expect(limit.current).toBe(1);
		expect(limit.inFlight).toBe(0);
	});
});
