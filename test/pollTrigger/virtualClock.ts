/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: a fake clock in place of Node's timers, never ships (package.json "files" is dist/ only) */
/**
 * A fake clock for a month of polls in seconds: `Date.now`, `setTimeout` and `clearTimeout` are
 * replaced while it is installed, and `run` lets a poll's promises settle, then moves the clock
 * straight to the next timer whenever the poll waits on one (a back-off, a 429's pause, a socket
 * timeout). Used by the soak test under jest and by `npm run bench -- month` in plain Node, so it
 * needs neither jest's fake timers nor a library. (The transport's deadline also arms
 * `AbortSignal.timeout`, a real timer this clock cannot move; the soak's timeouts are socket
 * timeouts, which end the request on this clock's time.)
 */

interface Timer {
	at: number;
	order: number;
	callback: () => void;
}

export class VirtualClock {
	private readonly timers = new Map<number, Timer>();
	private nextId = 1;
	private restore?: () => void;

	constructor(public now: number) {}

	install(): void {
		const saved = { setTimeout, clearTimeout, now: Date.now };
		const handle = (id: number) => ({
			id,
			ref: () => handle(id),
			unref: () => handle(id),
			hasRef: () => false,
			[Symbol.toPrimitive]: () => id,
		});
		globalThis.setTimeout = ((
			callback: (...args: unknown[]) => void,
			ms = 0,
			...args: unknown[]
		) => {
			const id = this.nextId++;
			this.timers.set(id, {
				at: this.now + Math.max(Number(ms) || 0, 0),
				order: id,
				callback: () => callback(...args),
			});
			return handle(id);
		}) as unknown as typeof setTimeout;
		globalThis.clearTimeout = ((timer?: unknown) => {
			if (timer !== undefined && timer !== null) this.timers.delete(Number(timer));
		}) as typeof clearTimeout;
		Date.now = () => this.now;
		this.restore = () => {
			globalThis.setTimeout = saved.setTimeout;
			globalThis.clearTimeout = saved.clearTimeout;
			Date.now = saved.now;
		};
	}

	uninstall(): void {
		this.restore?.();
		this.restore = undefined;
		this.timers.clear();
	}

	/** Moves the clock to `time` (never back), firing nothing: the time between two polls. */
	advanceTo(time: number): void {
		this.now = Math.max(this.now, time);
	}

	/** The outcome of `work`, the clock moved from timer to timer while it waits on one. */
	async run<T>(work: Promise<T>): Promise<T> {
		let settled = false;
		const watched = work.finally(() => {
			settled = true;
		});
		for (;;) {
			// A turn of the event loop: every promise that can settle now has settled.
			await new Promise((resolve) => setImmediate(resolve));
			if (settled) return await watched;
			let next: [number, Timer] | undefined;
			for (const entry of this.timers)
				if (
					!next ||
					entry[1].at < next[1].at ||
					(entry[1].at === next[1].at && entry[1].order < next[1].order)
				)
					next = entry;
			if (!next)
				throw new Error('The poll waits on something that is not a timer of the virtual clock');
			this.timers.delete(next[0]);
			this.now = Math.max(this.now, next[1].at);
			next[1].callback();
		}
	}
}
