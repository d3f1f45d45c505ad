import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { AdaptiveLimit } from '../transport/concurrency';
import {
	FixedLimit,
	type ConcurrencyLimit,
	type Outcome,
	type Permit,
} from '../transport/slotLimit';
import type { SendRecord } from '../transport/pacer';
import { RateLimitGate } from '../transport/retries';

/**
 * How many items of one execution are in flight at once. By default the number adapts
 * (nodes/Convocore/transport/concurrency.ts) up to Options > Max Concurrency; Options > Concurrency asks for
 * exactly N instead. n8n stores an option of a collection only once the user adds it, so a
 * workflow saved with 0.1.0 that set Concurrency still has it, and keeps its fixed number.
 */

/** Options > Concurrency when the user adds it (unchanged since 0.1.0, so stored values keep their meaning). */
export const FIXED_CONCURRENCY = { default: 5, max: 50 } as const;
/** Options > Max Concurrency: the adaptive mode's ceiling. */
export const MAX_CONCURRENCY = { default: 50, max: 100 } as const;

/**
 * The limit for one execution. `fixedDefault`: an operation that must not send in parallel
 * (buying numbers) names its fixed number; without one the adaptive mode applies.
 */
export function limitFor(
	ctx: IExecuteFunctions,
	fixedDefault: number | undefined,
	probeFirstWindow = true,
): ConcurrencyLimit {
	const fixed = ctx.getNodeParameter('options.concurrency', 0, null) as unknown;
	if (fixed !== null && fixed !== undefined && fixed !== '') {
		// As in 0.1.0: a number out of range is brought into it, anything else means 1.
		return new FixedLimit(
			Math.min(Math.max(Math.floor(Number(fixed)) || 1, 1), FIXED_CONCURRENCY.max),
		);
	}
	if (fixedDefault !== undefined) return new FixedLimit(fixedDefault);
	const ceiling = ctx.getNodeParameter(
		'options.maxConcurrency',
		0,
		MAX_CONCURRENCY.default,
	) as unknown;
	const value = typeof ceiling === 'string' && ceiling.trim() !== '' ? Number(ceiling) : ceiling;
	if (
		typeof value !== 'number' ||
		!Number.isInteger(value) ||
		value < 1 ||
		value > MAX_CONCURRENCY.max
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid options in item 0: options.maxConcurrency: must be a whole number between 1 and ${MAX_CONCURRENCY.max}`,
			{ itemIndex: 0 },
		);
	}
	// The first round goes out at the ceiling: a batch that fits is sent in one round trip, and a
	// larger one is as fast as the ceiling allows from the start (issue 17: from 10, 100 two-second
	// SMS took three round trips instead of two). A server that cannot take it says so with a 429
	// or with slower answers, and the window follows (and paces to a rate limit it learns); when
	// the first answers are prompt, one request alone checks for a rate limit before the next window.
	return new AdaptiveLimit({
		ceiling: value,
		initial: value,
		probeAfterFirstWindow: probeFirstWindow,
	});
}

/**
 * The execution's shared 429 gate as one item sees it: it tells the limit at once when this
 * item is answered 429 (new items then wait for a smaller window), and when the item's last
 * attempt left the gate, so that its latency counts neither a wait at the gate nor the node's
 * own work on the item before it (with a first window of 50 built one after the other, that
 * work alone made the first answers look several times slower than the server was).
 */
export class ItemGate extends RateLimitGate {
	rateLimited = false;
	/** When the last attempt was let through (Date.now()); undefined before the first. */
	attemptStartedAt: number | undefined;
	/** Set once the item's slot is free (early, by freeSlot(), or when the item ends). */
	slotFreed = false;
	/** The attempt in flight as the limit's pacer recorded it (a 429 hands it back). */
	private attempt: SendRecord | undefined;
	private readonly startedAt = Date.now();

	constructor(
		private readonly shared: RateLimitGate,
		private readonly limit: ConcurrencyLimit,
		private readonly permit: Permit,
	) {
		super();
	}

	override pauseFor(ms: number): void {
		this.rateLimited = true;
		this.limit.observe(this.permit, { kind: 'rateLimited', pauseMs: ms, send: this.attempt });
		this.shared.pauseFor(ms);
	}

	/**
	 * What this item tells the limit: how long its last attempt took from leaving the gate, or
	 * nothing when it was answered 429.
	 */
	outcomeSoFar(): Outcome {
		return this.rateLimited
			? { kind: 'ignored' }
			: { kind: 'answered', latencyMs: Date.now() - (this.attemptStartedAt ?? this.startedAt) };
	}

	/** Frees the item's slot with `outcome`, once: later calls (the item's end after freeSlot()) do nothing. */
	release(outcome: Outcome): void {
		if (this.slotFreed) return;
		this.slotFreed = true;
		this.limit.release(this.permit, outcome);
	}

	/**
	 * For an item that goes on waiting after its requests (Crawler Job > Create waiting for the
	 * job to finish): frees its slot now for the items behind it, reporting the latency so far,
	 * so that the wait is neither read as a slow server nor holds a slot.
	 */
	freeSlot(): void {
		this.release(this.outcomeSoFar());
	}

	override remainingMs(): number {
		return this.shared.remainingMs();
	}

	override async wait(signal?: AbortSignal): Promise<void> {
		for (;;) {
			await this.shared.wait();
			// The deadline or a cancel ended the request during the wait: it is never sent, so the
			// pacer must not count it (it would hold back the sends of other items for a period).
			if (signal?.aborted) return;
			// The transport calls this before every attempt: the limit's pacer, retries included.
			const attempt = await this.limit.beforeAttempt(signal);
			if (signal?.aborted) {
				if (attempt) attempt.refused = true;
				return;
			}
			if (this.shared.remainingMs() === 0) {
				this.attempt = attempt;
				this.attemptStartedAt = Date.now();
				return;
			}
			// A 429 closed the gate while this one waited for its turn: it is not sent yet.
			if (attempt) attempt.refused = true;
		}
	}
}
