/**
 * How many requests one execution keeps in flight at once.
 *
 * AdaptiveLimit finds the number by itself, the way TCP finds its congestion window and Netflix's
 * concurrency-limits find a server's capacity:
 *   - slow start: it starts at a small window (10, TCP's initial window) and adds one per prompt
 *     answer while the window is in use, so the window doubles every round trip up to 20; above
 *     that it adds at most 10 per round trip (RFC 3742's limited slow start), so that a limit the
 *     server enforces by rate rather than by latency (a 429 at the end of each window) is
 *     overshot by fewer requests;
 *     when answers are slow but steady, slow start may go at once to the window that sends
 *     STEADY_RATE_PER_SECOND requests per second (40 in flight for 2 s answers), since a
 *     round trip of seconds makes growth by round trips alone cost several of them;
 *   - congestion avoidance: after the first sign of trouble it adds only 1/limit per answer (one
 *     per round trip);
 *   - a 429 halves the window once per episode (answers to requests sent before the cut belong
 *     to the same episode), and every further 429 of that episode takes one more off: each of
 *     them was a request the server had no room for. After a 429 the window does not grow again
 *     until the server has been quiet for a while, since a rate limit refills by time, not by
 *     answers, and growing per answer would knock again at the next window;
 *   - rising latency (Gradient2: a short-term average of the latency against a long-term one)
 *     cuts it to three quarters, also once per episode, and ends slow start. The long-term
 *     average follows a server that became slower for good, so the cuts stop there instead of
 *     driving the window down to 1 (Vegas' fixed no-load latency would).
 * It never goes above the ceiling nor below 1. FixedLimit keeps exactly N in flight.
 *
 * Waiting for a free slot uses promises only: no timer, so shipped code stays within n8n's rules.
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
	/** Answered 429; `pauseMs`: the wait the server asked for, when known. */
	| { kind: 'rateLimited'; pauseMs?: number }
	/** Failed for another reason, or its latency is not a clean sample (it waited out a pause). */
	| { kind: 'ignored' };

export interface ConcurrencyLimit {
	/** The number of requests allowed in flight now. */
	readonly current: number;
	readonly inFlight: number;
	/** Resolves once one more request may be sent. */
	acquire(): Promise<Permit>;
	/** A signal about a request still in flight (a 429 it is about to wait out). */
	observe(permit: Permit, outcome: Outcome): void;
	/** The request is done; its slot is free. */
	release(permit: Permit, outcome: Outcome): void;
}

/** Slot bookkeeping shared by both limits: who is in flight and who waits, in arrival order. */
abstract class SlotLimit implements ConcurrencyLimit {
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

	async acquire(): Promise<Permit> {
		while (this.inFlight >= this.current) {
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
		this.inFlight++;
		const sentBusy = this.inFlight * 2 >= this.current;
		if (sentBusy) this.busy++;
		return { episode: this.episode, busyAtSend: this.busy, sentBusy };
	}

	observe(permit: Permit, outcome: Outcome): void {
		this.learn(permit, outcome, permit.sentBusy || this.busy > permit.busyAtSend);
	}

	release(permit: Permit, outcome: Outcome): void {
		this.inFlight--;
		this.observe(permit, outcome);
		// Wake as many as now fit; each re-checks the window when it runs.
		let free = this.current - this.inFlight;
		while (free-- > 0 && this.waiting.length > 0) (this.waiting.shift() as () => void)();
	}

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

	protected learn(): void {
		// A fixed number learns nothing.
	}
}

export interface AdaptiveSettings {
	/** Never more in flight than this (Options > Max Concurrency). */
	ceiling: number;
	/** Window at the start; default 10, TCP's initial window (RFC 6928). */
	initial?: number;
	/** Clock in ms; Date.now by default, replaceable in unit tests. */
	now?: () => number;
}

/** Recent latency above this multiple of the long-term latency means a queue is building up. */
const LATENCY_TOLERANCE = 2;
/** ...and above it by at least this much: on loopback 1 ms against 3 ms is noise, not a queue. */
const LATENCY_NOISE_MS = 20;
/** Weight of the newest answer in the recent latency (an exponential moving average)... */
const RECENT_WEIGHT = 0.2;
/** ...and in the long-term one, which moves slowly: about the last hundred answers. */
const LONG_TERM_WEIGHT = 0.01;
/** The cut on rising latency; gentler than on a 429, which is an explicit refusal. */
const LATENCY_BACKOFF = 0.75;
/** After a 429, no growth until this long without one (a second, or twice the last pause if longer). */
const QUIET_AFTER_429_MS = 1000;

/**
 * Requests per second that slow start may reach at once when answers are slow but steady: a
 * window of `rate × latency` sends no more than this per second, however large it is. With
 * answers that take seconds (agent-mode SMS) one round trip is seconds long, and growing by
 * round trips alone costs several of them before the ceiling (10, 20, 30, 40 with 2 s answers:
 * 8 s for 100 SMS); at this rate a 2 s answer lets the window go to 40 after the first one.
 * On a fast server (50 ms) it is a window of 1, so it changes nothing there: growth stays the
 * round-trip-paced slow start that keeps a per-window rate limit from being overshot.
 */
const STEADY_RATE_PER_SECOND = 20;

/** Above this window, slow start adds at most half of it per round trip (RFC 3742). */
const LIMITED_SLOW_START = 20;

/** What one prompt answer adds in slow start: 1 up to LIMITED_SLOW_START, then 1/K with K = window / (LIMITED_SLOW_START / 2). */
function slowStartStep(window: number): number {
	if (window <= LIMITED_SLOW_START) return 1;
	return 1 / Math.floor(window / (LIMITED_SLOW_START / 2));
}

export class AdaptiveLimit extends SlotLimit {
	private window: number;
	private readonly ceiling: number;
	private slowStartUntil: number;
	private longTerm: number | undefined;
	private recent: number | undefined;
	private lastRateLimitAt = -Infinity;
	private quietMs = QUIET_AFTER_429_MS;
	private readonly now: () => number;

	constructor({ ceiling, initial = 10, now = Date.now }: AdaptiveSettings) {
		super();
		this.ceiling = Math.max(1, Math.floor(ceiling));
		this.window = Math.min(this.ceiling, Math.max(1, Math.floor(initial)));
		this.slowStartUntil = this.ceiling;
		this.now = now;
	}

	get current(): number {
		return Math.floor(this.window);
	}

	protected learn(permit: Permit, outcome: Outcome, windowInUse: boolean): void {
		if (outcome.kind === 'rateLimited') {
			// Growth waits twice as long as the server asked to pause: a fixed-window limit refuses
			// again each window, and a window that grows between refusals adds a 429 per step.
			if (outcome.pauseMs !== undefined) this.quietMs = Math.max(this.quietMs, 2 * outcome.pauseMs);
			return this.onRateLimited(permit);
		}
		if (outcome.kind !== 'answered') return;

		const latency = Math.max(0, outcome.latencyMs);
		this.longTerm = this.longTerm === undefined ? latency : this.longTerm + LONG_TERM_WEIGHT * (latency - this.longTerm);
		this.recent = this.recent === undefined ? latency : this.recent + RECENT_WEIGHT * (latency - this.recent);
		if (this.recent > this.longTerm * LATENCY_TOLERANCE && this.recent - this.longTerm > LATENCY_NOISE_MS) {
			this.decrease(permit, LATENCY_BACKOFF);
			return;
		}
		if (!windowInUse || this.now() - this.lastRateLimitAt < this.quietMs) return;
		if (this.window < this.slowStartUntil) {
			const steadyWindow = Math.floor((STEADY_RATE_PER_SECOND * this.longTerm) / 1000);
			this.window = Math.max(this.window + slowStartStep(this.window), Math.min(steadyWindow, this.slowStartUntil));
		} else {
			this.window += 1 / this.window;
		}
		this.window = Math.min(this.window, this.ceiling);
	}

	private onRateLimited(permit: Permit): void {
		this.lastRateLimitAt = this.now();
		if (this.decrease(permit, 0.5)) return;
		this.window = Math.max(1, this.window - 1);
		this.slowStartUntil = this.window;
	}

	/** Cuts the window once per episode; false when this signal belongs to an episode already answered. */
	private decrease(permit: Permit, factor: number): boolean {
		if (permit.episode < this.episode) return false;
		this.window = Math.max(1, Math.floor(this.window * factor));
		this.slowStartUntil = this.window;
		this.episode++;
		// Latency measured before the cut describes the old window, not the new one.
		this.recent = undefined;
		return true;
	}
}
