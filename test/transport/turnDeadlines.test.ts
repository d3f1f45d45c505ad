/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
/**
 * The interact turns' deadlines on one timer (nodes/Convocore/transport/turnDeadlines.ts), on the
 * real clock with short deadlines. Each test waits for what it asserts instead of timing it: on a
 * busy machine the timers fire later, never in another order, so the outcome is the same.
 */
import { startTurnDeadline } from '../../nodes/Convocore/transport/turnDeadlines';

/** A deadline that records when it expired, and a promise for that. */
function recorded(ms: number, log: string[], name: string) {
	let expired!: () => void;
	const whenExpired = new Promise<void>((resolve) => (expired = resolve));
	const stop = startTurnDeadline(ms, () => {
		log.push(name);
		expired();
	});
	return { stop, whenExpired };
}

function refTimers(): number {
	return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

describe('turn deadlines on one timer', () => {
	it('each deadline expires once, in the order of when it ends, whatever order they started in', async () => {
		const log: string[] = [];
		const slow = recorded(120, log, 'slow');
		const middle = recorded(60, log, 'middle');
		// Started last and ending first: the timer, armed for the others, is armed again for it.
		const fast = recorded(20, log, 'fast');
		await Promise.all([slow.whenExpired, middle.whenExpired, fast.whenExpired]);
		// A later deadline on the same timer finds nothing more to expire.
		await recorded(30, log, 'after').whenExpired;
		expect(log).toEqual(['fast', 'middle', 'slow', 'after']);
	});

	it('deadlines found due together (the timer fired late on a busy machine) expire in the order they end', async () => {
		const log: string[] = [];
		const slow = recorded(30, log, 'slow');
		const middle = recorded(20, log, 'middle');
		const fast = recorded(10, log, 'fast');
		// Hold the event loop past all three: when the timer fires, every one of them is due at once.
		const until = performance.now() + 60;
		while (performance.now() < until);
		await Promise.all([slow.whenExpired, middle.whenExpired, fast.whenExpired]);
		expect(log).toEqual(['fast', 'middle', 'slow']);
	});

	it('a stopped deadline never expires, and the others still do', async () => {
		const log: string[] = [];
		const stopped = recorded(20, log, 'stopped');
		const kept = recorded(60, log, 'kept');
		stopped.stop();
		await kept.whenExpired;
		await recorded(40, log, 'later').whenExpired;
		expect(log).toEqual(['kept', 'later']);
	});

	it('a deadline stopped by its own expiry (as a turn does when it settles) is harmless', async () => {
		const log: string[] = [];
		let stop: () => void = () => undefined;
		const expired = new Promise<void>((resolve) => {
			stop = startTurnDeadline(10, () => {
				log.push('expired');
				stop();
				resolve();
			});
		});
		await expired;
		stop();
		await recorded(20, log, 'next').whenExpired;
		expect(log).toEqual(['expired', 'next']);
	});

	it('a deadline started while the due ones expire is kept, and expires in its turn', async () => {
		const log: string[] = [];
		let started: Promise<void> | undefined;
		await new Promise<void>((resolve) =>
			startTurnDeadline(10, () => {
				log.push('first');
				started = recorded(30, log, 'started inside').whenExpired;
				resolve();
			}),
		);
		await started;
		expect(log).toEqual(['first', 'started inside']);
	});

	it('keeps no process alive: the default 120 s deadline, started and stopped, leaves no referenced timer', () => {
		const before = refTimers();
		const stops = Array.from({ length: 100 }, () => startTurnDeadline(120_000, () => undefined));
		expect(refTimers()).toBe(before);
		for (const stop of stops) stop();
		expect(refTimers()).toBe(before);
	});
});
