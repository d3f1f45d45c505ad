import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import type { ZodTypeAny } from 'zod';
import {
	apiError,
	connectionError,
	deadlineError,
	headerValue,
	isIdempotent,
	rateLimitTooLongError,
	redirectError,
	unexpectedBodyError,
	type ErrorScope,
	type Headers,
	type RetryReport,
} from './apiErrors';
import { describeIssues } from './contracts/common';
import { resolveBaseUrl, type ConvocoreCredentialData } from './regions';
import { addSecret, redactDeep, redactedNode, secretsIn } from './secrets';

export { apiError } from './apiErrors';
export { collectCursorPages, collectOffsetPages } from './pagination';

/**
 * The one way every Convocore node talks to the V3 API: URL from the credential, JSON in and
 * out, `{ success, data }` envelopes unwrapped, every answer checked against its contract, one
 * overall deadline per request, no redirect followed (the credential never leaves for another
 * host), no secret in anything handed on, and retries only where they cannot duplicate anything.
 */

export const CREDENTIAL_TYPE = 'convocoreApi';

export type ConvocoreContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions;

export interface ConvocoreRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, starting with `/`. Path parameters must already be encoded. */
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	/** Return the body as it came instead of unwrapping a `{ success, data }` envelope. */
	raw?: boolean;
	/**
	 * The contract of the (unwrapped) success body, from `nodes/shared/contracts`. An answer that
	 * does not meet it becomes an error instead of an item.
	 */
	response?: ZodTypeAny;
}

export interface RequestScope {
	itemIndex?: number;
	/** Shared by the concurrent requests of one execution, so that a 429 slows all of them. */
	gate?: RateLimitGate;
	/** Overall deadline of this request, attempts and waits included (Options > Timeout). */
	timeoutMs?: number;
}

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

	async wait(): Promise<void> {
		const remaining = this.resumeAt - Date.now();
		if (remaining > 0) await sleep(remaining + Math.floor(this.random() * this.spreadMs));
	}
}

interface FullResponse {
	statusCode: number;
	headers: Headers;
	body: unknown;
}

export async function getBaseUrl(this: ConvocoreContext, itemIndex?: number): Promise<string> {
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as unknown as ConvocoreCredentialData;
	try {
		return resolveBaseUrl(credentials);
	} catch (error) {
		throw new NodeOperationError(redactedNode(this.getNode()), (error as Error).message, { itemIndex });
	}
}

/** Sends one request to the V3 API and returns its (unwrapped, checked) JSON body. */
export async function convocoreApiRequest<T = unknown>(
	this: ConvocoreContext,
	request: ConvocoreRequest,
	scope: RequestScope = {},
): Promise<T> {
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as unknown as ConvocoreCredentialData & { secretKey?: string };
	let baseUrl: string;
	try {
		baseUrl = resolveBaseUrl(credentials);
	} catch (error) {
		throw new NodeOperationError(redactedNode(this.getNode()), (error as Error).message, { itemIndex: scope.itemIndex });
	}
	const secrets = secretsIn(request.body);
	addSecret(secrets, credentials.secretKey);
	const errorScope: ErrorScope = { ctx: this, request, scope, secrets };
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		qs: request.qs,
		body: request.body,
		headers: { Accept: 'application/json' },
		json: true,
		// The body is parsed here, so that a malformed answer becomes a clear error.
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// A redirect is answered with an error instead: n8n would re-send the credential to any host.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
	const response = await sendWithRetries(this, options, errorScope, (ctx, requestOptions) =>
		ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, requestOptions),
	);
	const { statusCode } = response;
	if (statusCode >= 300 && statusCode < 400) {
		throw redirectError(errorScope, statusCode, headerValue(response.headers, 'location'), baseUrl);
	}
	const body = redactDeep(parseJsonBody(response, errorScope), secrets);
	if (statusCode < 200 || statusCode >= 300) {
		throw apiError(this, statusCode, body, request, scope, response.headers, errorScope);
	}
	return checkedBody(body, statusCode, errorScope, request) as T;
}

/**
 * Downloads a file that the API pointed at (a voice preview on a CDN). The credential is NOT
 * sent: the URL may be on another host than the API, so following its redirects is harmless.
 */
export async function downloadFile(
	this: IExecuteFunctions,
	url: string,
	scope: RequestScope = {},
): Promise<{ data: Buffer; contentType?: string }> {
	const options: IHttpRequestOptions = {
		method: 'GET',
		url,
		encoding: 'arraybuffer',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	const errorScope: ErrorScope = { ctx: this, request: { method: 'GET', path: safeUrl(url) }, scope, secrets: new Set() };
	const response = await sendWithRetries(this, options, errorScope, (ctx, requestOptions) =>
		ctx.helpers.httpRequest(requestOptions),
	);
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw new NodeApiError(
			redactedNode(this.getNode()),
			{ message: `Download failed with HTTP ${response.statusCode}` } as JsonObject,
			{
				message: `Could not download ${safeUrl(url)} (HTTP ${response.statusCode})`,
				httpCode: String(response.statusCode),
				itemIndex: scope.itemIndex,
			},
		);
	}
	const contentType = headerValue(response.headers, 'content-type');
	return { data: Buffer.from(response.body as ArrayBuffer), contentType };
}

/** What Deadline.race resolves to when the deadline passed first. */
const TIMED_OUT = Symbol('timed out');

/**
 * One overall deadline for a request, attempts and waits included. The abort signal cancels the
 * request in flight (a server trickling one byte at a time resets any idle timeout), and the race
 * returns at the deadline even if a request ignored the signal.
 */
class Deadline {
	readonly signal: AbortSignal;
	private readonly endsAt: number;

	constructor(readonly timeoutMs: number, cancel?: AbortSignal) {
		this.endsAt = Date.now() + timeoutMs;
		const timer = AbortSignal.timeout(timeoutMs);
		this.signal = cancel ? AbortSignal.any([timer, cancel]) : timer;
	}

	remainingMs(): number {
		return Math.max(this.endsAt - Date.now(), 0);
	}

	/** `work`'s result, or TIMED_OUT as soon as the deadline passes; `work`'s own failure otherwise. */
	async race<T>(work: Promise<T>): Promise<T | typeof TIMED_OUT> {
		if (this.signal.aborted) return TIMED_OUT;
		return await new Promise<T | typeof TIMED_OUT>((resolve, reject) => {
			const onAbort = () => resolve(TIMED_OUT);
			this.signal.addEventListener('abort', onAbort, { once: true });
			work.then(
				(value) => {
					this.signal.removeEventListener('abort', onAbort);
					resolve(value);
				},
				(error) => {
					this.signal.removeEventListener('abort', onAbort);
					if (this.signal.aborted) resolve(TIMED_OUT);
					else reject(error);
				},
			);
		});
	}

	/** Waits `ms`, or less if the deadline comes first; false when it did. */
	async sleep(ms: number): Promise<boolean> {
		return (await this.race(sleep(Math.min(ms, this.remainingMs())))) !== TIMED_OUT && this.remainingMs() > 0;
	}
}

/** n8n hands its own cancel signal to authenticated requests; this context hands on the deadline's, which includes it. */
function withSignal(ctx: ConvocoreContext, signal: AbortSignal): ConvocoreContext {
	return Object.create(ctx, { getExecutionCancelSignal: { value: () => signal } }) as ConvocoreContext;
}

function executionCancelSignal(ctx: ConvocoreContext): AbortSignal | undefined {
	const getter = (ctx as Partial<IExecuteFunctions>).getExecutionCancelSignal;
	return typeof getter === 'function' ? getter.call(ctx) : undefined;
}

async function sendWithRetries(
	ctx: ConvocoreContext,
	options: IHttpRequestOptions,
	errorScope: ErrorScope,
	send: (ctx: ConvocoreContext, options: IHttpRequestOptions) => Promise<unknown>,
): Promise<FullResponse> {
	const { scope } = errorScope;
	const idempotent = isIdempotent(options.method ?? 'GET');
	const deadline = new Deadline(scope.timeoutMs ?? RETRY_POLICY.timeoutMs, executionCancelSignal(ctx));
	const sendContext = withSignal(ctx, deadline.signal);
	const report: RetryReport = { attempts: 0, waitedMs: 0, retryAfterWaits: 0 };
	errorScope.retries = report;
	const expired = () => deadlineError(errorScope, deadline.timeoutMs);
	const pause = async (ms: number) => {
		report.waitedMs += ms;
		if (!(await deadline.sleep(ms))) throw expired();
	};

	for (;;) {
		if (scope.gate) {
			const held = scope.gate.remainingMs();
			if (held > deadline.remainingMs()) throw rateLimitTooLongError(errorScope, Date.now() + held, deadline.timeoutMs);
			if ((await deadline.race(scope.gate.wait())) === TIMED_OUT) throw expired();
		}
		report.attempts++;
		const isLastAttempt = report.attempts >= RETRY_POLICY.maxAttempts;
		let answer: unknown;
		try {
			// A fresh copy each time: authentication adds headers to the object it is given.
			const attempt = { ...options, headers: { ...options.headers }, abortSignal: deadline.signal, timeout: deadline.remainingMs() || 1 };
			answer = await deadline.race(send(sendContext, attempt));
		} catch (error) {
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

/**
 * The parsed body. A success must be valid JSON; a failure's body that is not JSON (a proxy's
 * HTML page) is left undefined, so the error is built from the status alone.
 */
function parseJsonBody(response: FullResponse, errorScope: ErrorScope): unknown {
	const { body, statusCode } = response;
	const ok = statusCode >= 200 && statusCode < 300;
	if (typeof body !== 'string') return body;
	if (body.trim() === '') return undefined;
	try {
		return JSON.parse(body);
	} catch {
		if (!ok) return undefined;
		throw unexpectedBodyError(errorScope, statusCode, 'a body that is not valid JSON');
	}
}

function describeBody(body: unknown, listAllowed: boolean): string | undefined {
	if (body === undefined) return 'an empty body';
	if (body === null) return 'the body null';
	if (Array.isArray(body)) return listAllowed ? undefined : 'a list where an object was expected';
	if (typeof body !== 'object') return `a ${typeof body} where an object was expected`;
	return undefined;
}

/**
 * The success body, checked: an object (never empty, null or a bare value; a list only where the
 * request's contract accepts one), not `success: false`, unwrapped from `{ success, data }` unless
 * raw, and meeting the request's contract when it names one.
 */
function checkedBody(body: unknown, statusCode: number, errorScope: ErrorScope, request: ConvocoreRequest): unknown {
	const notAnObject = describeBody(body, request.response !== undefined);
	if (notAnObject) throw unexpectedBodyError(errorScope, statusCode, notAnObject);
	const envelope = body as IDataObject;
	if (envelope.success === false) {
		const { ctx, scope, secrets } = errorScope;
		throw apiError(ctx, statusCode, body, request, scope, undefined, { secrets });
	}
	let result: unknown = body;
	if (!request.raw && typeof envelope.success === 'boolean' && 'data' in envelope && envelope.data !== undefined) {
		result = envelope.data;
	}
	if (!request.response) return result;
	const checked = request.response.safeParse(result);
	// The answer as it came: unknown fields are kept, and nothing is rewritten by the schema.
	if (checked.success) return result;
	const problems = describeIssues(checked.error);
	throw unexpectedBodyError(
		errorScope,
		statusCode,
		`an answer that does not match the API specification: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`,
	);
}

/** A URL without query string or credentials, safe to show. */
function safeUrl(url: string): string {
	try {
		const parsed = new URL(url);
		return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
	} catch {
		return 'the file';
	}
}
