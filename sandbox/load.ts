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
