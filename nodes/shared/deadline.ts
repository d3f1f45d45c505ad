import { sleep } from 'n8n-workflow';

/**
 * The one deadline of a request (./retries.ts) and how an execution's cancel reaches it; an
 * interact turn (./interactSocket.ts) ends on the same cancel.
 */

/** What Deadline.race resolves to when the deadline passed first. */
export const TIMED_OUT = Symbol('timed out');

/**
 * One overall deadline for a request, attempts and waits included. The abort signal cancels the
 * request in flight (a server trickling one byte at a time resets the socket's own idle timeout,
 * so only this can end it), and the race returns at the deadline even if a request ignored the
 * signal.
 *
 * The signal is this deadline's own controller's, not `AbortSignal.any([timer, cancel])`: on
 * Node 20 the signal `any` makes is held only weakly by its sources, so a garbage collection
 * before the deadline discards it, listeners and all, and it never fires. A short Timeout passed
 * before any collection; at the default 60 s a trickling answer hung the execution. Here the
 * timer (which Node keeps alive while it has a listener) holds the controller through its
 * listener, and the execution's cancel signal through the set of live deadlines its one listener
 * reads (watchCancel), until `dispose`.
 *
 * Per request that is one controller, one timer and one listener on it: the cancel signal gets one
 * listener per execution, and a race waits in a plain set rather than on the signal, since a
 * listener on an AbortSignal costs more CPU than the rest of the deadline together.
 */
export class Deadline {
	readonly signal: AbortSignal;
	private readonly endsAt: number;
	private readonly controller = new AbortController();
	private readonly timer: AbortSignal;
	/** The races under way, each ended with TIMED_OUT when the deadline passes. */
	private readonly racing = new Set<() => void>();
	/** Whether n8n's cancel (not the timer) ended the request: its error must say "cancelled", not "timed out". */
	cancelled = false;
	/** Aborts the request in flight and ends the races; the timer's listener, and called by watchCancel. */
	readonly expire = () => {
		this.controller.abort();
		for (const timedOut of this.racing) timedOut();
		this.racing.clear();
	};

	constructor(
		readonly timeoutMs: number,
		private readonly cancel?: AbortSignal,
	) {
		this.endsAt = Date.now() + timeoutMs;
		this.signal = this.controller.signal;
		this.timer = AbortSignal.timeout(timeoutMs);
		this.timer.addEventListener('abort', this.expire, ONCE);
		if (cancel?.aborted) this.cancelExecution();
		else if (cancel) watchCancel(cancel, this);
	}

	/** The execution was cancelled: ends the request like the timer, remembering why (unless the timer was first). */
	cancelExecution(): void {
		if (!this.signal.aborted) this.cancelled = true;
		this.expire();
	}

	/** Lets go of the timer and of the execution's cancel signal once the request is over. */
	dispose(): void {
		this.timer.removeEventListener('abort', this.expire);
		if (this.cancel) unwatchCancel(this.cancel, this);
	}

	remainingMs(): number {
		return Math.max(this.endsAt - Date.now(), 0);
	}

	/** `work`'s result, or TIMED_OUT as soon as the deadline passes; `work`'s own failure otherwise. */
	async race<T>(work: Promise<T>): Promise<T | typeof TIMED_OUT> {
		if (this.signal.aborted) return TIMED_OUT;
		return await new Promise<T | typeof TIMED_OUT>((resolve, reject) => {
			const timedOut = () => resolve(TIMED_OUT);
			this.racing.add(timedOut);
			work.then(
				(value) => {
					this.racing.delete(timedOut);
					resolve(value);
				},
				(error) => {
					this.racing.delete(timedOut);
					if (this.signal.aborted) resolve(TIMED_OUT);
					else reject(error);
				},
			);
		});
	}

	/** Waits `ms`, or less if the deadline comes first; false when it did. */
	async sleep(ms: number): Promise<boolean> {
		return (
			(await this.race(sleep(Math.min(ms, this.remainingMs())))) !== TIMED_OUT &&
			this.remainingMs() > 0
		);
	}
}

const ONCE = { once: true } as const;

/** Anything that ends itself when the execution is cancelled: a request's deadline, an interact turn (./interactSocket.ts). */
export interface Expirable {
	/** Called when n8n cancels the execution: what ends this way says "cancelled", not "timed out". */
	cancelExecution(): void;
}

/** The deadlines not yet disposed, per execution cancel signal (strongly held while the signal lives). */
const liveDeadlines = new WeakMap<AbortSignal, Set<Expirable>>();

/** Cancelling the execution expires its live deadlines: one listener per cancel signal, added with its first deadline. */
export function watchCancel(cancel: AbortSignal, deadline: Expirable): void {
	let live = liveDeadlines.get(cancel);
	if (!live) {
		const deadlines = new Set<Expirable>();
		live = deadlines;
		liveDeadlines.set(cancel, deadlines);
		cancel.addEventListener(
			'abort',
			() => {
				for (const each of [...deadlines]) each.cancelExecution();
				deadlines.clear();
			},
			ONCE,
		);
	}
	live.add(deadline);
}

/** Lets go of a deadline watched by watchCancel once its work is over. */
export function unwatchCancel(cancel: AbortSignal, deadline: Expirable): void {
	liveDeadlines.get(cancel)?.delete(deadline);
}
