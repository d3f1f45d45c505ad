import { sleep } from 'n8n-workflow';

/**
 * Pacing by a rate limit the server showed: how many requests it takes per period, learnt from
 * its first 429s, so that a large first window against a small limit is refused in bulk once and
 * not again (a concurrency window alone cannot do that: with prompt answers even one request in
 * flight can send hundreds per second).
 *
 * The allowance is what the server took in the period before a refused request: the requests
 * sent in that period, before it, that were not refused themselves. Every refusal of a burst
 * gives such a count; the smallest is the server's, since a later refusal also counts requests
 * still in flight that will be refused too. From then on an attempt is sent only while fewer than
 * the allowance were sent in the last period (a sliding count): then no fixed window of the
 * server's, wherever its edges fall, holds more than the allowance.
 *
 * The period is the longest pause the server asked for, at least a second (a Retry-After is
 * whole seconds, so a 1 s window says 1). The count is never below the server's limit (the
 * server's window holding the refused request began within the period, and took its limit before
 * it) but can be above it, when the burst that was counted straddled two of the server's windows.
 * A refusal of a paced request therefore counts again (paced sends go out in bursts a period
 * apart: one window's worth) and takes one off, at most once per period, doubling the time to the
 * next probe. After PROBE_AFTER_PERIODS periods without a 429 while pacing held requests back, the
 * allowance goes up by one (the limit may have been misread, or raised): a limit that was read
 * right costs only a few 429s per run.
 * A burst refused whole (nothing taken before it) is a pause, not a rate: it sets no allowance.
 */

export interface SendRecord {
	readonly at: number;
	/** The allowance this attempt was paced by; undefined when none was known yet. */
	readonly pacedBy: number | undefined;
	/** Did not use the server's allowance: answered 429, or not sent after all. */
	refused: boolean;
}

/** On top of the period: a request's way to the server varies by a few ms. */
const PERIOD_MARGIN = 1.03;
const MIN_PERIOD_MS = 1000;
/** How many periods without a 429 before the allowance is tried one higher. */
const PROBE_AFTER_PERIODS = 4;
/** How many periods of sends are kept to count from when a 429 comes back. */
const KEPT_PERIODS = 3;

export class RatePacer {
	private allowance: number | undefined;
	private periodMs = MIN_PERIOD_MS;
	/** Sends of the last KEPT_PERIODS periods, in the order they went out, from `head` on. */
	private sends: SendRecord[] = [];
	private head = 0;
	/** Paced attempts take turns in arrival order. */
	private queue: Promise<unknown> = Promise.resolve();
	private lastCutAt = -Infinity;
	private lastProbeAt = -Infinity;
	private probeAfterMs = 0;

	constructor(
		private readonly now: () => number,
		private readonly wait: (ms: number) => Promise<void> = sleep,
	) {}

	/** Requests allowed per period once a limit was seen; undefined before. */
	get limit(): number | undefined {
		return this.allowance;
	}

	/**
	 * Records an attempt about to be sent, once the learnt allowance lets it go. `signal`: the
	 * request's deadline; an attempt whose deadline passed (or whose execution was cancelled)
	 * before it went is recorded as not sent, and stops holding up the turns behind it.
	 */
	take(signal?: AbortSignal): SendRecord | Promise<SendRecord> {
		if (this.allowance === undefined) return this.record(signal?.aborted === true);
		const turn = this.queue.then(async () => await this.whenAllowed(signal));
		this.queue = turn;
		return turn;
	}

	/** A request recorded by take() was answered 429 (`pauseMs`: the wait the server named). */
	refused(send: SendRecord, pauseMs: number | undefined): void {
		const now = this.now();
		send.refused = true;
		if (pauseMs !== undefined) this.periodMs = Math.max(this.periodMs, pauseMs);
		let taken = 0;
		let found = false;
		for (let i = this.head; i < this.sends.length; i++) {
			const other = this.sends[i];
			if (other === send) {
				found = true;
				break;
			}
			if (!other.refused && other.at > send.at - this.periodMs) taken++;
		}
		const estimate = found && taken > 0 ? taken : undefined;
		if (send.pacedBy === undefined) {
			if (estimate === undefined) return;
			if (this.allowance === undefined) {
				this.probeAfterMs = PROBE_AFTER_PERIODS * this.periodMs;
				this.lastProbeAt = now;
			}
			this.allowance = Math.min(this.allowance ?? estimate, estimate);
			return;
		}
		// Paced and still refused: the allowance is too high (a probe, or a misread limit: a first
		// burst whose server window turned half-way counts two windows). Paced sends go out in
		// bursts a period apart, so the count before this refusal is one window's: a new estimate.
		let next = Math.min(this.allowance ?? send.pacedBy, estimate ?? Infinity);
		if (now - this.lastCutAt >= this.periodMs) {
			this.lastCutAt = now;
			next = Math.min(next, send.pacedBy - 1);
			this.probeAfterMs *= 2;
			this.lastProbeAt = now;
		}
		this.allowance = Math.max(1, next);
	}

	private async whenAllowed(signal: AbortSignal | undefined): Promise<SendRecord> {
		for (;;) {
			if (signal?.aborted) return this.record(true);
			const allowance = this.allowance as number;
			const now = this.now();
			const span = this.periodMs * PERIOD_MARGIN;
			const recent = this.sentSince(now - span);
			if (recent.length < allowance) break;
			if (now - this.lastProbeAt >= this.probeAfterMs) {
				this.allowance = allowance + 1;
				this.lastProbeAt = now;
				continue;
			}
			// Until the oldest sends that fill the allowance are a period old.
			await this.wait(Math.max(1, Math.ceil(recent[recent.length - allowance].at + span - now)));
		}
		return this.record();
	}

	private record(notSent = false): SendRecord {
		const now = this.now();
		const send: SendRecord = { at: now, pacedBy: this.allowance, refused: notSent };
		const keepAfter = now - KEPT_PERIODS * this.periodMs;
		while (this.head < this.sends.length && this.sends[this.head].at <= keepAfter) this.head++;
		if (this.head > 1024) {
			this.sends = this.sends.slice(this.head);
			this.head = 0;
		}
		this.sends.push(send);
		return send;
	}

	/** The sends after `since` that count against the allowance, oldest first. */
	private sentSince(since: number): SendRecord[] {
		const recent: SendRecord[] = [];
		for (let i = this.sends.length - 1; i >= this.head && this.sends[i].at > since; i--) {
			if (!this.sends[i].refused) recent.push(this.sends[i]);
		}
		return recent.reverse();
	}
}
