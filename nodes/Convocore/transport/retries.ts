import type {
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import {
	headerValue,
	isRead,
	type ErrorScope,
	type Headers,
	type RetryReport,
} from '../../shared/apiErrors';
import {
	cancelledError,
	connectionError,
	deadlineError,
	rateLimitTooLongError,
} from '../../shared/requestErrors';
import { Deadline, TIMED_OUT } from '../../shared/deadline';

/**
 * How one request is sent: within one overall deadline (attempts and waits included), repeated
 * only where that cannot duplicate anything (reads after an unclear failure, anything after a 429),
 * and slowed down for the whole execution when Convocore answers 429.
 */

/** Every context a request is sent from: an operation, a dropdown, a trigger's webhook set-up, a poll. */
export type ConvocoreContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions;

export interface RequestScope {
	itemIndex?: number;
	/** Shared by the concurrent requests of one execution, so that a 429 slows all of them. */
	gate?: RateLimitGate;
	/** Overall deadline of this request, attempts and waits included (Options > Timeout). */
	timeoutMs?: number;
}

/** The error scope of a request being sent: its request scope is the whole one. */
export type RetryScope = ErrorScope & { scope: RequestScope };

export const RETRY_POLICY = {
	/** Attempts in all, the first one included. */
	maxAttempts: 5,
	/** First back-off for GETs after a 5xx or a network error; doubles each time. */
	baseDelayMs: 250,
	/** Longest back-off between two attempts when the server names no time. */
	maxDelayMs: 30_000,
	/** Overall deadline of one request unless Options > Timeout says otherwise. */
	timeoutMs: 60_000,
} as const;

/**
 * When Convocore answers 429, every request of the execution waits until the moment the server
 * named, instead of each of them hammering on and failing on its own. The waiting requests are
 * released spread over a short window (jitter), so that a strict limiter does not see them all
 * in the same instant and refuse the whole burst again.
 */
export class RateLimitGate {
	private resumeAt = 0;
	private spreadMs = 0;

	constructor(private readonly random: () => number = Math.random) {}

	pauseFor(ms: number): void {
		const resumeAt = Date.now() + ms;
		if (resumeAt > this.resumeAt) {
			this.resumeAt = resumeAt;
			// A quarter of the pause, between 50 ms and 1 s: enough to spread a burst, short enough not to matter.
			this.spreadMs = Math.min(Math.max(ms / 4, 50), 1000);
		}
	}

	/** How long a request arriving now would be held. */
	remainingMs(): number {
		return Math.max(this.resumeAt - Date.now(), 0);
	}

	/**
	 * `signal`: the request's deadline; once it is aborted nothing waits (the request is over), and
	 * a subclass that records the attempt leaves it unrecorded.
	 */
	async wait(signal?: AbortSignal): Promise<void> {
		const remaining = this.resumeAt - Date.now();
		if (remaining > 0 && !signal?.aborted)
			await sleep(remaining + Math.floor(this.random() * this.spreadMs));
	}
}

export interface FullResponse {
	statusCode: number;
	headers: Headers;
	body: unknown;
}

/** n8n hands its own cancel signal to authenticated requests; this context hands on the deadline's, which includes it. */
function withSignal(ctx: ConvocoreContext, signal: AbortSignal): ConvocoreContext {
	return Object.create(ctx, {
		getExecutionCancelSignal: { value: () => signal },
	}) as ConvocoreContext;
}

/** The execution's cancel signal, when the context has one (not every n8n version and context does). */
export function executionCancelSignal(ctx: ConvocoreContext): AbortSignal | undefined {
	const getter = (ctx as Partial<IExecuteFunctions>).getExecutionCancelSignal;
	return typeof getter === 'function' ? getter.call(ctx) : undefined;
}

export async function sendWithRetries(
	ctx: ConvocoreContext,
	options: IHttpRequestOptions,
	errorScope: RetryScope,
	send: (ctx: ConvocoreContext, options: IHttpRequestOptions) => Promise<unknown>,
): Promise<FullResponse> {
	const { scope } = errorScope;
	// The request as its operation described it: a POST declared a read is repeated like a GET.
	const idempotent = isRead(errorScope.request);
	const deadline = new Deadline(
		scope.timeoutMs ?? RETRY_POLICY.timeoutMs,
		executionCancelSignal(ctx),
	);
	const sendContext = withSignal(ctx, deadline.signal);
	const report: RetryReport = { attempts: 0, waitedMs: 0, retryAfterWaits: 0 };
	errorScope.retries = report;
	const expired = () =>
		deadline.cancelled ? cancelledError(errorScope) : deadlineError(errorScope, deadline.timeoutMs);
	const pause = async (ms: number) => {
		report.waitedMs += ms;
		if (!(await deadline.sleep(ms))) throw expired();
	};
	try {
		return await attemptUntilDone();
	} finally {
		deadline.dispose();
	}

	async function attemptUntilDone(): Promise<FullResponse> {
		for (;;) {
			if (scope.gate) {
				const held = scope.gate.remainingMs();
				// A gate that holds the request until its deadline (or past it) would only let it out too late to be answered.
				if (held > 0 && held >= deadline.remainingMs())
					throw rateLimitTooLongError(errorScope, Date.now() + held, deadline.timeoutMs);
				if ((await deadline.race(scope.gate.wait(deadline.signal))) === TIMED_OUT) throw expired();
			}
			// An execution cancelled before this attempt (or a deadline already over) sends nothing more.
			if (deadline.signal.aborted) throw expired();
			report.attempts++;
			const isLastAttempt = report.attempts >= RETRY_POLICY.maxAttempts;
			let answer: unknown;
			try {
				// A fresh copy each time: authentication adds headers to the object it is given.
				const attempt = {
					...options,
					headers: { ...options.headers },
					abortSignal: deadline.signal,
					timeout: deadline.remainingMs() || 1,
				};
				answer = await deadline.race(send(sendContext, attempt));
			} catch (error) {
				// The attempt's own socket timeout can fire a moment before the deadline's signal: it is
				// still the deadline that ended the request, and the error must say so.
				if (deadline.signal.aborted || deadline.remainingMs() === 0) throw expired();
				const delay = backoffDelay(report.attempts);
				if (idempotent && !isLastAttempt && delay < deadline.remainingMs()) {
					await pause(delay);
					continue;
				}
				throw connectionError(errorScope, error, options.url);
			}
			if (answer === TIMED_OUT) throw expired();
			const response = answer as FullResponse;

			if (response.statusCode === 429 && !isLastAttempt) {
				// A 429 was not processed, so any method may be repeated, after the wait the server named.
				const retryAfter = retryAfterMs(response.headers);
				if (retryAfter !== undefined && retryAfter > deadline.remainingMs()) {
					throw rateLimitTooLongError(errorScope, Date.now() + retryAfter, deadline.timeoutMs);
				}
				const delay = retryAfter ?? backoffDelay(report.attempts);
				if (delay >= deadline.remainingMs()) return response;
				if (retryAfter !== undefined) report.retryAfterWaits++;
				if (scope.gate) {
					report.waitedMs += delay;
					scope.gate.pauseFor(delay);
				} else await pause(delay);
				continue;
			}
			if (response.statusCode >= 500 && idempotent && !isLastAttempt) {
				const delay = backoffDelay(report.attempts);
				if (delay < deadline.remainingMs()) {
					await pause(delay);
					continue;
				}
			}
			return response;
		}
	}
}

function backoffDelay(attempt: number): number {
	return Math.min(RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1), RETRY_POLICY.maxDelayMs);
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(headers: Headers): number | undefined {
	const value = headerValue(headers, 'retry-after')?.trim();
	if (!value) return undefined;
	const secondsValue = Number(value);
	if (Number.isFinite(secondsValue)) return Math.max(secondsValue * 1000, 0);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(date - Date.now(), 0);
}
