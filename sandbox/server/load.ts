import type { RecordedRequest } from './recorded';

/**
 * Load shaping for concurrency tests and benchmarks: a latency per request (so items of one
 * batch can take different times), a fixed-window rate limit answered with 429 and Retry-After,
 * and the number of API requests the server was working on at once, measured here at the server.
 */

export interface WindowLimit {
	/** Requests allowed per window, e.g. 50. */
	limit: number;
	/** Window length; default 1000 ms. Windows are aligned to the server's clock, like most limiters. */
	windowMs?: number;
	method?: string;
	/** Exact path relative to /v3, e.g. '/sms'; any path when absent. */
	path?: string;
}

export interface LoadModel {
	/** Extra time before the answer, per request (ms). */
	latencyMs?: (request: RecordedRequest) => number;
	rateLimit?: WindowLimit;
	/** A status to fail this request with (after its latency), e.g. 400 for one chosen item. */
	failWith?: (request: RecordedRequest) => number | undefined;
	/**
	 * Holds the answer until the promise resolves, before its latency: tests that count instead of
	 * timing (e.g. answer nothing until N requests are in flight) use it.
	 */
	hold?: (request: RecordedRequest) => Promise<void> | undefined;
}

/**
 * A latency per request drawn from a log-normal distribution, the usual shape of an API's
 * latency (most answers near the median, a long tail): `medianMs` and `p99Ms` set it. Seeded,
 * so that every contender of a benchmark meets the same sequence of latencies.
 */
export function logNormalLatency({
	medianMs,
	p99Ms,
	seed = 1,
}: {
	medianMs: number;
	p99Ms: number;
	seed?: number;
}): () => number {
	// The 99th percentile of a standard normal is 2.326 standard deviations above the mean.
	const sigma = Math.log(p99Ms / medianMs) / 2.326;
	const random = mulberry32(seed);
	return () => {
		// Box-Muller: one standard normal from two uniforms in (0, 1].
		const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
		return medianMs * Math.exp(sigma * normal);
	};
}

/** A small seeded generator of uniforms in [0, 1) (mulberry32). */
function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export class LoadShaper {
	private model: LoadModel = {};
	private window = { start: 0, used: 0 };
	private readonly arrivals = new WeakMap<RecordedRequest, number>();
	inFlight = 0;
	peakInFlight = 0;

	set(model: LoadModel): void {
		this.model = model;
		this.window = { start: 0, used: 0 };
	}

	reset(): void {
		this.set({});
		this.peakInFlight = this.inFlight;
	}

	/** An API request arrived; returns the function to call once it is answered. */
	enter(request: RecordedRequest): () => void {
		this.inFlight++;
		this.arrivals.set(request, this.inFlight);
		this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
		let left = false;
		return () => {
			if (left) return;
			left = true;
			this.inFlight--;
		};
	}

	/** How many API requests the server was working on when this one arrived, itself included. */
	inFlightAt(request: RecordedRequest): number | undefined {
		return this.arrivals.get(request);
	}

	failureFor(request: RecordedRequest): number | undefined {
		return this.model.failWith?.(request);
	}

	holdFor(request: RecordedRequest): Promise<void> | undefined {
		return this.model.hold?.(request);
	}

	latencyFor(request: RecordedRequest): number {
		return Math.max(0, this.model.latencyMs?.(request) ?? 0);
	}

	/** Seconds to put in Retry-After when this request is over the window's limit; undefined when it may pass. */
	refuse(request: RecordedRequest, now = Date.now()): number | undefined {
		const rule = this.model.rateLimit;
		if (!rule) return undefined;
		if (rule.method && rule.method.toUpperCase() !== request.method) return undefined;
		if (rule.path && rule.path !== request.path) return undefined;
		const windowMs = rule.windowMs ?? 1000;
		const start = now - (now % windowMs);
		if (start !== this.window.start) this.window = { start, used: 0 };
		if (this.window.used < rule.limit) {
			this.window.used++;
			return undefined;
		}
		// Whole seconds, rounded up as HTTP asks: the client never comes back before the window turns.
		return Math.max(1, Math.ceil((start + windowMs - now) / 1000));
	}
}
