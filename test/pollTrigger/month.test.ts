/**
 * A month unattended (issue 40), the fast version: ./month.ts runs the trigger through n8n-core's
 * PollContext and the real transport against an in-process feed that misbehaves, on a fake clock.
 * The long version, with its figures, is `npm run bench -- month` (docs/performance.md).
 */
import { simulateMonth } from './month';

/** The static data's bound (docs/conversationTrigger.md): scope, start, the keys of one millisecond, 100 keys ahead, 100 fingerprints. */
const STATIC_BYTES_BOUND = 8 * 1024;

test('a month of polls every minute with faults, restarts, duplicates, late pages, malformed and future sessions: every good session exactly once', async () => {
	// 30 days of a poll a minute.
	const month = await simulateMonth({ polls: 43_200 });
	expect(month.missing).toEqual([]);
	expect(month.duplicated).toEqual([]);
	expect(month.unexpected).toEqual([]);
	expect(month.misreported).toEqual({});
	expect(month.maxStaticBytes).toBeLessThan(STATIC_BYTES_BOUND);
	// The month had what it is meant to have.
	expect(month.sessions).toBeGreaterThan(40_000);
	expect(month.malformed).toBeGreaterThan(5);
	expect(month.future).toBeGreaterThan(5);
	expect(month.restarts).toBeGreaterThan(10);
	expect(month.failedPolls).toBeGreaterThan(10);
}, 300_000);
