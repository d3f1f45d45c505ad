import type { SendRecord } from './pacer';

/**
 * The slots of a concurrency limit (./concurrency.ts): who is in flight and who waits, and the
 * fixed limit of Options > Concurrency.
 */

export interface Permit {
	/** Decreases made before this request was sent; a signal from an older episode is not new. */
	readonly episode: number;
	/** Busy moments counted when this request was sent (see SlotLimit.busy). */
	readonly busyAtSend: number;
	/** Whether the window was at least half full when this request was sent. */
	readonly sentBusy: boolean;
}

/** What came of one request, as far as the window is concerned. */
export type Outcome =
	| { kind: 'answered'; latencyMs: number }
	/** Answered 429; `pauseMs`: the wait the server asked for, when known; `send`: the attempt refused. */
	| { kind: 'rateLimited'; pauseMs?: number; send?: SendRecord }
	/** Failed for another reason, or its latency is not a clean sample (it waited out a pause). */
	| { kind: 'ignored' };

export interface ConcurrencyLimit {
	/** The number of requests allowed in flight now. */
	readonly current: number;
	readonly inFlight: number;
	/** Resolves once one more request may be sent. */
	acquire(): Promise<Permit>;
	/**
	 * Called before each attempt of a request, retries included: resolves once a rate limit the
	 * server showed lets it go (see ./pacer.ts), with the record a 429 hands back; undefined when
	 * this limit does not pace. `signal`: the request's deadline; once it is aborted the attempt
	 * is not sent, and its turn ends at once without counting.
	 */
	beforeAttempt(signal?: AbortSignal): SendRecord | Promise<SendRecord> | undefined;
	/** A signal about a request still in flight (a 429 it is about to wait out). */
	observe(permit: Permit, outcome: Outcome): void;
	/** The request is done; its slot is free. */
	release(permit: Permit, outcome: Outcome): void;
}

/** Slot bookkeeping shared by both limits: who is in flight and who waits, in arrival order. */
export abstract class SlotLimit implements ConcurrencyLimit {
	inFlight = 0;
	protected episode = 0;
	/**
	 * How many requests were sent while the window was at least half full. A request whose
	 * window was in use at any time while it was out may grow it; an idle window (a few items,
	 * or the node waiting on something else) must not, as TCP's window validation says.
	 */
	private busy = 0;
	private readonly waiting: Array<() => void> = [];

	abstract get current(): number;

	abstract beforeAttempt(signal?: AbortSignal): SendRecord | Promise<SendRecord> | undefined;

	async acquire(): Promise<Permit> {
		while (this.inFlight >= this.current) {
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
		this.inFlight++;
		const sentBusy = this.inFlight * 2 >= this.current;
		if (sentBusy) this.busy++;
		const permit = { episode: this.episode, busyAtSend: this.busy, sentBusy };
		this.sent?.(permit);
		return permit;
	}

	observe(permit: Permit, outcome: Outcome): void {
		this.learn(permit, outcome, permit.sentBusy || this.busy > permit.busyAtSend);
	}

	release(permit: Permit, outcome: Outcome): void {
		this.inFlight--;
		this.observe(permit, outcome);
		this.wake();
	}

	/** Wakes as many waiters as now fit; each re-checks the window when it runs. */
	protected wake(): void {
		let free = this.current - this.inFlight;
		while (free-- > 0 && this.waiting.length > 0) (this.waiting.shift() as () => void)();
	}

	/** A request was let through with this permit. */
	protected sent?(permit: Permit): void;

	protected abstract learn(permit: Permit, outcome: Outcome, windowInUse: boolean): void;
}

/** Exactly `size` in flight (Options > Concurrency). */
export class FixedLimit extends SlotLimit {
	private readonly size: number;

	constructor(size: number) {
		super();
		this.size = Math.max(1, Math.floor(size));
	}

	get current(): number {
		return this.size;
	}

	beforeAttempt(): undefined {
		// As in 0.1.0: exactly N in flight, the 429 gate alone between attempts.
		return undefined;
	}

	protected learn(): void {
		// A fixed number learns nothing.
	}
}
