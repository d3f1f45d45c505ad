import { RateLimitGate } from '../../nodes/Convocore/transport/retries';
beforeEach(() => {
	jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});
afterEach(() => {
	jest.useRealTimers();
});

/** Starts the waiters and records, for each, the fake time after the start when it was released. */
function waiters(gate: RateLimitGate, count: number, started: number): Array<number | undefined> {
	const released: Array<number | undefined> = new Array(count).fill(undefined);
	for (let waiter = 0; waiter < count; waiter++) {
		void gate.wait().then(() => (released[waiter] = Date.now() - started));
	}
	return released;
}

describe('RateLimitGate', () => {
	it('releases waiting requests staggered, none before the time the server named', async () => {
		const draws = [0, 0.5, 0.99];
		const gate = new RateLimitGate(() => draws.shift() ?? 0);
		const started = Date.now();
		gate.pauseFor(200);
		const released = waiters(gate, 3, started);

		await jest.advanceTimersByTimeAsync(199);
		expect(released).toEqual([undefined, undefined, undefined]);
		// The spread is a quarter of the pause (at least 50 ms): here 50 ms, drawn as 0, 25 and 49 ms.
		await jest.advanceTimersByTimeAsync(1);
		expect(released).toEqual([200, undefined, undefined]);
		await jest.advanceTimersByTimeAsync(25);
		expect(released).toEqual([200, 225, undefined]);
		await jest.advanceTimersByTimeAsync(24);
		expect(released).toEqual([200, 225, 249]);
	});

	it('does not hold anyone when no pause is set, and reports what is left of a pause', async () => {
		const gate = new RateLimitGate();
		const released = waiters(gate, 1, Date.now());
		// Released without any time passing: no timer was needed.
		await Promise.resolve();
		await Promise.resolve();
		expect(released).toEqual([0]);
		expect(jest.getTimerCount()).toBe(0);

		gate.pauseFor(1000);
		expect(gate.remainingMs()).toBe(1000);
		jest.advanceTimersByTime(400);
		expect(gate.remainingMs()).toBe(600);
		jest.advanceTimersByTime(700);
		expect(gate.remainingMs()).toBe(0);
	});
});
