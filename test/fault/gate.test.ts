/**
 * After a 429 the shared gate releases the waiting requests spread over a short window, so a
 * strict limiter does not see the whole burst again in the same instant.
 */
import { RateLimitGate } from '../../nodes/shared/transport';

describe('RateLimitGate', () => {
	it('releases waiting requests staggered, none before the time the server named', async () => {
		const draws = [0, 0.5, 0.99];
		const gate = new RateLimitGate(() => draws.shift() ?? 0);
		const started = Date.now();
		gate.pauseFor(200);
		const released = await Promise.all([1, 2, 3].map(async () => {
			await gate.wait();
			return Date.now() - started;
		}));
		// The spread is a quarter of the pause (at least 50 ms): here 50 ms.
		expect(Math.min(...released)).toBeGreaterThanOrEqual(195);
		expect(Math.max(...released) - Math.min(...released)).toBeGreaterThanOrEqual(30);
		expect(Math.max(...released)).toBeLessThan(600);
	});

	it('does not hold anyone when no pause is set, and reports what is left of a pause', async () => {
		const gate = new RateLimitGate();
		const started = Date.now();
		await gate.wait();
		expect(Date.now() - started).toBeLessThan(20);
		gate.pauseFor(1000);
		expect(gate.remainingMs()).toBeGreaterThan(900);
	});
});
