import { RatePacer, type SendRecord } from '../../nodes/Convocore/transport/pacer';

/**
 * The pacer against a simulated fixed-window rate limit (windows aligned to the clock, 429 with
 * Retry-After beyond the limit), on a simulated clock: counts at the server, no real time.
 */
function fixedWindowServer(limit: number, clock: () => number) {
	let windowStart = -1;
	let used = 0;
	const refusals: number[] = [];
	return {
		refusals,
		/** undefined when accepted; else the pause in ms the server asks for (whole seconds). */
		answer(): number | undefined {
			const now = clock();
			const start = now - (now % 1000);
			if (start !== windowStart) {
				windowStart = start;
				used = 0;
			}
			if (used < limit) {
				used++;
				return undefined;
			}
			refusals.push(now);
			return Math.max(1, Math.ceil((start + 1000 - now) / 1000)) * 1000;
		},
	};
}

async function sendAll(
	items: number,
	limit: number,
	firstBurst: number,
	startAt = 0,
	burstSpacingMs = 0,
) {
	let clock = startAt;
	const pacer = new RatePacer(
		() => clock,
		async (ms) => {
			clock += ms;
		},
	);
	const server = fixedWindowServer(limit, () => clock);
	let attempts = 0;
	let resumeAt = 0;
	const retries: number[] = [];
	// The first window goes out at once, before any answer.
	const burst: SendRecord[] = [];
	for (let i = 0; i < Math.min(firstBurst, items); i++) {
		// Spread over burstSpacingMs each, as the burst reaches the server.
		clock += burstSpacingMs;
		burst.push(pacer.take() as SendRecord);
	}
	clock -= burstSpacingMs * burst.length;
	for (const send of burst) {
		attempts++;
		clock += burstSpacingMs;
		const pause = server.answer();
		if (pause !== undefined) {
			pacer.refused(send, pause);
			resumeAt = Math.max(resumeAt, clock + pause);
			retries.push(1);
		}
	}
	// Then one attempt at a time (retries first), each after the 429 gate and the pacer.
	let left = items - burst.length + retries.length;
	while (left > 0) {
		if (clock < resumeAt) clock = resumeAt;
		const send = await pacer.take();
		attempts++;
		clock += 1;
		const pause = server.answer();
		if (pause !== undefined) {
			pacer.refused(send, pause);
			resumeAt = Math.max(resumeAt, clock + pause);
		} else left--;
	}
	return {
		attempts,
		refusals: server.refusals.length,
		elapsedMs: clock - startAt,
		allowance: pacer.limit,
	};
}

describe('RatePacer', () => {
	it.each([0, 300, 999])(
		'a first window of 50 against 10 req/s: refused once, then paced (window edge at +%i ms)',
		async (offset) => {
			const { attempts, refusals, elapsedMs, allowance } = await sendAll(300, 10, 50, offset);
			// 40 of the first 50 refused, then at most a few tries one above the rate.
			expect(refusals).toBeGreaterThanOrEqual(40);
			expect(refusals).toBeLessThanOrEqual(40 + 4);
			expect(refusals / attempts).toBeLessThanOrEqual(0.15);
			expect(allowance).toBeGreaterThanOrEqual(9);
			expect(allowance).toBeLessThanOrEqual(11);
			// Simulated time: 300 at 10 per second is 30 s at best.
			expect(elapsedMs).toBeLessThanOrEqual(1.1 * 30_000);
		},
	);

	it('does not pace before any 429, nor after a burst refused whole (a pause, not a rate)', async () => {
		const clock = 0;
		const pacer = new RatePacer(
			() => clock,
			async () => undefined,
		);
		for (let i = 0; i < 100; i++) expect(pacer.take()).not.toBeInstanceOf(Promise);
		expect(pacer.limit).toBeUndefined();
		const refusedWhole = new RatePacer(
			() => clock,
			async () => undefined,
		);
		const sends = Array.from({ length: 20 }, () => refusedWhole.take() as SendRecord);
		for (const send of sends) refusedWhole.refused(send, 1000);
		expect(refusedWhole.limit).toBeUndefined();
	});

	it('a first burst that straddles two server windows is counted too high once, then read right from the paced bursts', async () => {
		// 50 sent 2 ms apart from 950 ms: 25 in one window of 30, 25 in the next.
		const { refusals, attempts, allowance } = await sendAll(300, 30, 50, 950, 2);
		expect(allowance).toBeGreaterThanOrEqual(29);
		expect(allowance).toBeLessThanOrEqual(31);
		expect(refusals / attempts).toBeLessThanOrEqual(0.15);
	});

	it('learns the rate from the first refusal when the first window fits the limit', async () => {
		const { refusals, attempts, allowance } = await sendAll(200, 25, 25, 500);
		// The first window fits: the first request over the limit is refused, then none but the
		// tries one above the rate.
		expect(allowance).toBeGreaterThanOrEqual(24);
		expect(refusals).toBeLessThanOrEqual(3);
		expect(attempts - refusals).toBe(200);
	});

	/** A pacer that learnt an allowance of `allowance` per second at 0 ms, on a clock its waits move. */
	function pacerAllowing(allowance: number) {
		const state = { clock: 0, pauses: [] as number[] };
		const pacer = new RatePacer(
			() => state.clock,
			async (ms) => {
				state.pauses.push(ms);
				state.clock += ms;
			},
		);
		const burst = Array.from({ length: allowance + 1 }, () => pacer.take() as SendRecord);
		pacer.refused(burst[allowance], 1000);
		expect(pacer.limit).toBe(allowance);
		return { pacer, state };
	}

	it('lets exactly the allowance through per period, and makes the next one wait until the oldest is a period old', async () => {
		const { pacer, state } = pacerAllowing(5);
		state.clock = 2000; // the learning burst is out of the period; no probe for more before 4 s
		const sends: SendRecord[] = [];
		for (let i = 0; i < 5; i++) sends.push(await pacer.take());
		expect(state.pauses).toEqual([]);
		expect(sends.map((send) => send.at)).toEqual([2000, 2000, 2000, 2000, 2000]);
		const sixth = await pacer.take();
		// One period and its 3 % margin after the first of the five.
		expect(state.pauses).toEqual([1030]);
		expect(sixth.at).toBe(3030);
	});

	it('an attempt whose deadline passed before its turn is recorded as not sent and holds up no one', async () => {
		const { pacer, state } = pacerAllowing(2);
		state.clock = 2000;
		const ended = new AbortController();
		ended.abort();
		const abandoned = await pacer.take(ended.signal);
		expect(abandoned.refused).toBe(true);
		await pacer.take();
		await pacer.take();
		expect(state.pauses).toEqual([]);
	});
});
