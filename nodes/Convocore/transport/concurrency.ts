/**
 * How many requests one execution keeps in flight at once.
 *
 * AdaptiveLimit finds the number by itself, the way TCP finds its congestion window and Netflix's
 * concurrency-limits find a server's capacity:
 *   - the start: the runner knows how many items there are before the first request, and starts
 *     at the ceiling (`initial`), so a batch that fits goes out in one round trip; without it the
 *     window starts at 10 (TCP's initial window);
 *   - slow start: from a smaller start it adds one per prompt
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
 *   - a rate limit: a large first window against a small limit is refused in bulk once, and then
 *     must not be again. The first 429s tell how many requests the server took in the period
 *     before them (the observed allowance); from then on every attempt, retries included, waits
 *     until fewer than that many were sent in the last period (RatePacer). A sliding count of
 *     sends can never put more than the allowance into one fixed window of the server's;
 *   - rising latency (Gradient2: a short-term average of the latency against a long-term one)
 *     cuts it to three quarters, also once per episode, and ends slow start. The long-term
 *     average follows a server that became slower for good, so the cuts stop there instead of
 *     driving the window down to 1 (Vegas' fixed no-load latency would).
 * It never goes above the ceiling nor below 1. FixedLimit keeps exactly N in flight.
 *
 * Waiting for a free slot uses promises only; the pacer waits with n8n's sleep (no timer of its
 * own, so shipped code stays within n8n's rules).
 */
import { RatePacer, type SendRecord } from './pacer';
import { SlotLimit, type Outcome, type Permit } from './slotLimit';

export interface AdaptiveSettings {
	/** Never more in flight than this (Options > Max Concurrency). */
	ceiling: number;
	/** Window at the start; default 10, TCP's initial window (RFC 6928). The runner starts at the ceiling. */
	initial?: number;
	/** Clock in ms; Date.now by default, replaceable in unit tests. */
	now?: () => number;
	/** Waits ms; n8n's sleep by default, replaceable in unit tests (the pacer waits with it). */
	sleep?: (ms: number) => Promise<void>;
	/**
	 * After a first window as large as the ceiling, when its first answers are prompt, keep half
	 * of it in flight until a request sent after it is answered (see FIRST_WINDOW_PROBE_MS).
	 */
	probeAfterFirstWindow?: boolean;
}

/**
 * Recent latency above this multiple of the long-term latency means a queue is building up. Not
 * 2 (Gradient2's default): measured in the node, latency includes the node's own wait for the
 * CPU, which doubles on a busy machine (a workflow's other nodes, n8n's other executions) when
 * the server is no slower; a queue at the server multiplies it more.
 */
const LATENCY_TOLERANCE = 3;
/** ...and above it by at least this much: on loopback 1 ms against 3 ms is noise, not a queue. */
const LATENCY_NOISE_MS = 20;
/**
 * Weight of the newest answer in the recent latency (an exponential moving average of its
 * logarithm, so that the long tail of an API's latency, p99 eight times the median, moves it by
 * a factor, not by hundreds of ms; a queue that builds up moves every answer, and it with them)...
 */
const RECENT_WEIGHT = 0.1;
/** ...and in the long-term one, which moves slowly: about the last hundred answers. */
const LONG_TERM_WEIGHT = 0.01;
/** Answers after the first window whose plain mean is the first long-term latency. */
const BASELINE_ANSWERS = 10;
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

/**
 * A first window at the ceiling is answered in one go by a server that takes it. A server with a
 * rate limit answers it in one go as well, the refused part with 429s, and by then the answers it
 * did accept have let as many new requests out, all refused again before the first 429 is read
 * (with prompt answers the 429s and the 200s come back together): a second window of 429s. So
 * after a first window whose first answer came within this many ms, the next request (the probe)
 * goes out at once in the slot that answer freed, and only half the window is kept in flight
 * until the probe is answered: at most half a window of 429s, for a smaller window during one
 * round trip (while most of the first window is still out anyway). Slower answers (seconds, as in agent
 * mode) make that round trip cost seconds; there the next window goes out in full at once.
 */
const FIRST_WINDOW_PROBE_MS = 1000;

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
	private readonly pacer: RatePacer;
	/** The probe after the first window: not yet (first window out), to be sent next, out, or over. */
	private probeState: 'first window' | 'next' | 'out' | 'done';
	private probe: Permit | undefined;
	private readonly firstWindow: number;
	private samples = 0;

	constructor({
		ceiling,
		initial = 10,
		now = Date.now,
		sleep,
		probeAfterFirstWindow = false,
	}: AdaptiveSettings) {
		super();
		this.probeState = probeAfterFirstWindow ? 'first window' : 'done';
		this.ceiling = Math.max(1, Math.floor(ceiling));
		this.window = Math.min(this.ceiling, Math.max(1, Math.floor(initial)));
		this.slowStartUntil = this.ceiling;
		this.firstWindow = Math.floor(this.window);
		this.now = now;
		this.pacer = new RatePacer(now, sleep);
	}

	get current(): number {
		// Half the window while the probe (sent at once in the slot the first answer freed) is out.
		if (this.probeState === 'out') return Math.max(1, Math.floor(this.window / 2));
		return Math.floor(this.window);
	}

	/** Requests per period the server showed it takes; undefined until a 429 showed one. */
	get rateAllowance(): number | undefined {
		return this.pacer.limit;
	}

	beforeAttempt(signal?: AbortSignal): SendRecord | Promise<SendRecord> {
		return this.pacer.take(signal);
	}

	protected override sent(permit: Permit): void {
		if (this.probeState !== 'next') return;
		this.probeState = 'out';
		this.probe = permit;
	}

	/** The probe after the first window (FIRST_WINDOW_PROBE_MS): when to send it, and when it is back. */
	private followProbe(permit: Permit, outcome: Outcome): void {
		if (this.probeState === 'first window') {
			if (outcome.kind === 'answered')
				this.probeState = outcome.latencyMs < FIRST_WINDOW_PROBE_MS ? 'next' : 'done';
			// A 429 in the first window already told what a probe would.
			else if (outcome.kind === 'rateLimited') this.probeState = 'done';
		} else if (this.probeState === 'out' && permit === this.probe) {
			this.probeState = 'done';
			this.probe = undefined;
			this.wake();
		}
	}

	protected learn(permit: Permit, outcome: Outcome, windowInUse: boolean): void {
		if (this.probeState !== 'done') this.followProbe(permit, outcome);
		if (outcome.kind === 'rateLimited') {
			// Growth waits twice as long as the server asked to pause: a fixed-window limit refuses
			// again each window, and a window that grows between refusals adds a 429 per step.
			if (outcome.pauseMs !== undefined) this.quietMs = Math.max(this.quietMs, 2 * outcome.pauseMs);
			if (outcome.send) this.pacer.refused(outcome.send, outcome.pauseMs);
			return this.onRateLimited(permit);
		}
		if (outcome.kind !== 'answered') return;

		const latency = Math.max(0, outcome.latencyMs);
		// Logarithms of (1 + ms): averages of ratios, not of milliseconds; 0 ms is not minus infinity.
		const logLatency = Math.log1p(latency);
		this.samples++;
		this.recent =
			this.recent === undefined
				? logLatency
				: this.recent + RECENT_WEIGHT * (logLatency - this.recent);
		const recentMs = Math.expm1(this.recent);
		// The baseline leaves out the first window: its answers carry the cost of starting (new
		// connections, a whole window built and then read one after another in this process), which
		// made a server at 20 ms look like 150 ms and hid a climb to 300 ms. Then it is the plain
		// mean of the next BASELINE_ANSWERS answers, then a slow moving average.
		const afterFirstWindow = this.samples - this.firstWindow;
		if (afterFirstWindow > 0) {
			const weight = afterFirstWindow <= BASELINE_ANSWERS ? 1 / afterFirstWindow : LONG_TERM_WEIGHT;
			this.longTerm =
				this.longTerm === undefined
					? logLatency
					: this.longTerm + weight * (logLatency - this.longTerm);
		}
		const longTermMs = this.longTerm === undefined ? recentMs : Math.expm1(this.longTerm);
		const known = afterFirstWindow >= BASELINE_ANSWERS;
		if (
			known &&
			recentMs > longTermMs * LATENCY_TOLERANCE &&
			recentMs - longTermMs > LATENCY_NOISE_MS
		) {
			this.decrease(permit, LATENCY_BACKOFF);
			return;
		}
		if (!windowInUse || this.now() - this.lastRateLimitAt < this.quietMs) return;
		if (this.window < this.slowStartUntil) {
			const steadyWindow = Math.floor((STEADY_RATE_PER_SECOND * longTermMs) / 1000);
			this.window = Math.max(
				this.window + slowStartStep(this.window),
				Math.min(steadyWindow, this.slowStartUntil),
			);
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
