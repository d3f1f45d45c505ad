import { AdaptiveLimit } from '../../nodes/Convocore/transport/concurrency';
import {
	FixedLimit,
	type ConcurrencyLimit,
	type Outcome,
	type Permit,
} from '../../nodes/Convocore/transport/slotLimit';
/** Lets every promise that can settle now settle (the limits and the retry loop wait on promises only). */
async function settle(): Promise<void> {
	for (let i = 0; i < 50; i++) await Promise.resolve();
}

const answered = (latencyMs: number): Outcome => ({ kind: 'answered', latencyMs });
const prompt = answered(50);

/** Holds a full window of permits at once, then answers them all alike. */
async function wave(limit: ConcurrencyLimit, outcome: Outcome): Promise<void> {
	const permits: Permit[] = [];
	const n = limit.current;
	for (let i = 0; i < n; i++) permits.push(await limit.acquire());
	for (const permit of permits) limit.release(permit, outcome);
}

/** The window after each of `rounds` full waves answered with `outcome`. */
async function windows(
	limit: ConcurrencyLimit,
	rounds: number,
	outcome: Outcome,
): Promise<number[]> {
	const seen: number[] = [];
	for (let i = 0; i < rounds; i++) {
		await wave(limit, outcome);
		seen.push(limit.current);
	}
	return seen;
}

describe('window sizes', () => {
	it('slow start doubles 10 to 20 in one round trip, then adds 10 per round trip (RFC 3742)', async () => {
		expect(await windows(new AdaptiveLimit({ ceiling: 100 }), 6, prompt)).toEqual([
			20, 30, 40, 50, 60, 70,
		]);
	});

	it('slow but steady answers (2 s) jump to 20 per second × 2 s = 40 after the first answer', async () => {
		// 40 after the first answer, then +1/4 for each of the nine others of the first window.
		expect(await windows(new AdaptiveLimit({ ceiling: 100 }), 4, answered(2000))).toEqual([
			42, 52, 62, 72,
		]);
		// 1 s answers: 20 per second × 1 s = 20 after the first answer, then limited slow start.
		expect(await windows(new AdaptiveLimit({ ceiling: 100 }), 1, answered(1000))).toEqual([24]);
	});

	it('the start: 10 by default, the initial window when given, never above the ceiling nor below 1', () => {
		expect(new AdaptiveLimit({ ceiling: 100 }).current).toBe(10);
		expect(new AdaptiveLimit({ ceiling: 100, initial: 37.9 }).current).toBe(37);
		expect(new AdaptiveLimit({ ceiling: 12.8, initial: 50 }).current).toBe(12);
		expect(new AdaptiveLimit({ ceiling: 100, initial: 0 }).current).toBe(1);
		expect(new AdaptiveLimit({ ceiling: 0 }).current).toBe(1);
		expect(new FixedLimit(2.9).current).toBe(2);
	});

	it('a window that starts at its ceiling stays there', async () => {
		expect(await windows(new AdaptiveLimit({ ceiling: 25, initial: 25 }), 2, prompt)).toEqual([
			25, 25,
		]);
	});
});

describe('429s', () => {
	it('halve once per episode and take one more off per further 429, then grow by one per round trip after a quiet second', async () => {
		let clock = 0;
		const limit = new AdaptiveLimit({ ceiling: 100, now: () => clock });
		await wave(limit, { kind: 'rateLimited' });
		// 10 -> 5 for the first, then 5 - 9 is below 1: 1.
		expect(limit.current).toBe(1);
		clock += 1000;
		// Congestion avoidance from 1: +1/window per answer.
		expect(await windows(limit, 6, prompt)).toEqual([2, 2, 3, 4, 5, 6]);
	});

	/** The window after a 429 (with the pause the server named, if any), `quietMs` without one, and two prompt waves. */
	async function windowAfterQuiet(pauseMs: number | undefined, quietMs: number): Promise<number> {
		let clock = 0;
		const limit = new AdaptiveLimit({ ceiling: 100, now: () => clock });
		await wave(limit, { kind: 'rateLimited', pauseMs });
		clock += quietMs;
		await windows(limit, 2, prompt);
		return limit.current;
	}

	it('no growth until a full second after the last 429', async () => {
		expect(await windowAfterQuiet(undefined, 999)).toBe(1);
		expect(await windowAfterQuiet(undefined, 1000)).toBe(2);
		// A short pause does not shorten the second.
		expect(await windowAfterQuiet(100, 999)).toBe(1);
	});

	it('no growth until twice the pause the server asked for, when that is longer than a second', async () => {
		expect(await windowAfterQuiet(5000, 9999)).toBe(1);
		expect(await windowAfterQuiet(5000, 10_000)).toBe(2);
	});

	it('a 429 reported while the request is still in flight (observe) cuts the window without freeing its slot', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100 });
		const permit = await limit.acquire();
		limit.observe(permit, { kind: 'rateLimited' });
		expect(limit.current).toBe(5);
		expect(limit.inFlight).toBe(1);
		limit.release(permit, { kind: 'ignored' });
		expect(limit.inFlight).toBe(0);
		expect(limit.current).toBe(5);
	});

	it('learns the allowance from the attempt records a 429 hands back', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100, now: () => 0, sleep: async () => undefined });
		expect(limit.rateAllowance).toBeUndefined();
		const permits: Permit[] = [];
		const sends = [];
		for (let i = 0; i < 8; i++) {
			permits.push(await limit.acquire());
			sends.push(await limit.beforeAttempt());
		}
		for (let i = 0; i < 5; i++) limit.release(permits[i], prompt);
		limit.release(permits[5], { kind: 'rateLimited', pauseMs: 1000, send: sends[5] });
		expect(limit.rateAllowance).toBe(5);
		expect(sends[5].refused).toBe(true);
		expect(new FixedLimit(3).beforeAttempt()).toBeUndefined();
	});
});

describe('rising latency', () => {
	it('cuts to three quarters per episode until the long-term average has followed', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100 });
		await windows(limit, 2, prompt);
		expect(await windows(limit, 5, answered(400))).toEqual([25, 18, 13, 14, 15]);
	});

	it('a climb of 20 ms or less is noise, however large the ratio; more is a queue', async () => {
		const climb = async (from: number, to: number) => {
			const limit = new AdaptiveLimit({ ceiling: 1000 });
			await windows(limit, 2, answered(from));
			return await windows(limit, 3, answered(to));
		};
		expect(await climb(5, 24)).toEqual([40, 50, 60]);
		expect(await climb(5, 40)).toEqual([26, 19, 15]);
		// Within three times the long-term latency: not a queue either.
		expect(await climb(100, 280)).toEqual([40, 50, 60]);
	});

	it('judges nothing before ten answers after the first window', async () => {
		const limit = new AdaptiveLimit({ ceiling: 100, initial: 10 });
		await wave(limit, prompt);
		// Nine answers after the first window, all slow: no baseline yet, so no cut.
		const permits: Permit[] = [];
		for (let i = 0; i < 9; i++) permits.push(await limit.acquire());
		for (const permit of permits) limit.release(permit, answered(5000));
		expect(limit.current).toBeGreaterThanOrEqual(20);
	});
});

describe('windows in use', () => {
	it('grows only from requests sent while at least half the window was in flight', async () => {
		const grown = async (held: number) => {
			const limit = new AdaptiveLimit({ ceiling: 100 });
			const permits: Permit[] = [];
			for (let i = 0; i < held; i++) permits.push(await limit.acquire());
			for (const permit of permits) limit.release(permit, prompt);
			return limit.current;
		};
		expect(await grown(4)).toBe(10);
		expect(await grown(5)).toBe(15);
	});

	it('a waiter is let through when a slot frees, in arrival order, one per free slot', async () => {
		const limit = new FixedLimit(2);
		const a = await limit.acquire();
		const b = await limit.acquire();
		const order: string[] = [];
		const waiters = ['c', 'd', 'e'].map((name) =>
			limit.acquire().then((permit) => (order.push(name), permit)),
		);
		await Promise.resolve();
		expect(order).toEqual([]);
		limit.release(a, prompt);
		await settle();
		expect(order).toEqual(['c']);
		expect(limit.inFlight).toBe(2);
		limit.release(b, prompt);
		await settle();
		expect(order).toEqual(['c', 'd']);
		for (const permit of await Promise.all(waiters.slice(0, 2))) limit.release(permit, prompt);
		limit.release(await waiters[2], prompt);
		expect(limit.inFlight).toBe(0);
	});
});

describe('the probe after a first window at the ceiling', () => {
	async function firstWindow(latencyMs: number | 'rateLimited') {
		const limit = new AdaptiveLimit({ ceiling: 20, initial: 20, probeAfterFirstWindow: true });
		const permits: Permit[] = [];
		for (let i = 0; i < 20; i++) permits.push(await limit.acquire());
		limit.release(
			permits[0],
			latencyMs === 'rateLimited' ? { kind: 'rateLimited' } : answered(latencyMs),
		);
		return { limit, rest: permits.slice(1) };
	}

	it('after a prompt first answer, sends one probe and keeps half the window until it is back', async () => {
		const { limit, rest } = await firstWindow(999);
		expect(limit.current).toBe(20);
		const probe = await limit.acquire();
		expect(limit.current).toBe(10);
		for (const permit of rest) limit.release(permit, prompt);
		expect(limit.inFlight).toBe(1);
		const more: Permit[] = [];
		for (let i = 0; i < 9; i++) more.push(await limit.acquire());
		let eleventh = false;
		const waiting = limit.acquire().then((permit) => ((eleventh = true), permit));
		await settle();
		expect(eleventh).toBe(false);
		// The probe is back: the whole window again, and the waiter goes.
		limit.release(probe, prompt);
		await settle();
		expect(eleventh).toBe(true);
		expect(limit.current).toBe(20);
		for (const permit of [...more, await waiting]) limit.release(permit, prompt);
		// Later requests are no probes.
		await limit.acquire();
		expect(limit.current).toBe(20);
	});

	it('no probe after a first answer of a second or more, nor after a 429', async () => {
		const slow = await firstWindow(1000);
		await slow.limit.acquire();
		expect(slow.limit.current).toBe(20);
		// A 429 halves the window (20 -> 10, 19 still out); once 9 are back, the next request is no probe.
		const refused = await firstWindow('rateLimited');
		expect(refused.limit.current).toBe(10);
		for (const permit of refused.rest.slice(0, 10))
			refused.limit.release(permit, { kind: 'ignored' });
		await refused.limit.acquire();
		expect(refused.limit.current).toBe(10);
	});

	it('no probe unless asked for', async () => {
		const limit = new AdaptiveLimit({ ceiling: 20, initial: 20 });
		const permits: Permit[] = [];
		for (let i = 0; i < 20; i++) permits.push(await limit.acquire());
		limit.release(permits[0], prompt);
		await limit.acquire();
		expect(limit.current).toBe(20);
	});
});
