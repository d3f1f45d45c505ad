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
import { errorBodySchema } from './contracts/common';
import { resolveBaseUrl, type ConvocoreCredentialData } from './regions';

/**
 * The one way every Convocore node talks to the V3 API: URL from the credential, JSON in and
 * out, `{ success, data }` envelopes unwrapped, failures turned into errors a no-code user can act
 * on, and retries only where they cannot duplicate anything.
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
}

export const RETRY_POLICY = {
	/** Attempts in all, the first one included. */
	maxAttempts: 5,
	/** Longest single wait, whatever Retry-After asks for. */
	maxDelayMs: 30_000,
	/** Longest total waiting across the retries of one request. */
	totalBudgetMs: 60_000,
	/** First back-off for GETs after a 5xx or a network error; doubles each time. */
	baseDelayMs: 250,
	/** Per-request timeout; a timed-out POST is never re-sent. */
	timeoutMs: 60_000,
} as const;

/** Requests that cannot change anything server-side may be repeated after an unclear failure. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const PLAN_FOR_READS = 'Business';
const PLAN_FOR_WRITES = 'White Label';

/**
 * When Convocore answers 429, every request of the execution waits until the moment the server
 * named, instead of each of them hammering on and failing on its own.
 */
export class RateLimitGate {
	private resumeAt = 0;

	pauseFor(ms: number): void {
		this.resumeAt = Math.max(this.resumeAt, Date.now() + ms);
	}

	async wait(): Promise<void> {
		const remaining = this.resumeAt - Date.now();
		if (remaining > 0) await sleep(remaining);
	}
}

interface FullResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export async function getBaseUrl(this: ConvocoreContext, itemIndex?: number): Promise<string> {
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as unknown as ConvocoreCredentialData;
	try {
		return resolveBaseUrl(credentials);
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, { itemIndex });
	}
}

/** Sends one request to the V3 API and returns its (unwrapped) JSON body. */
export async function convocoreApiRequest<T = unknown>(
	this: ConvocoreContext,
	request: ConvocoreRequest,
	scope: RequestScope = {},
): Promise<T> {
	const baseUrl = await getBaseUrl.call(this, scope.itemIndex);
	const url = `${baseUrl}${request.path}`;
	const options: IHttpRequestOptions = {
		method: request.method,
		url,
		qs: request.qs,
		body: request.body,
		headers: { Accept: 'application/json' },
		json: true,
		// The body is parsed here, so that a malformed answer becomes a clear error.
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: RETRY_POLICY.timeoutMs,
	};
	const response = await sendWithRetries(this, options, scope, (requestOptions) =>
		this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, requestOptions),
	);
	const body = parseJsonBody(this, response, request, scope);
	if (response.statusCode >= 200 && response.statusCode < 300) {
		return (request.raw ? body : unwrapEnvelope(this, body, request, scope)) as T;
	}
	throw apiError(this, response.statusCode, body, request, scope, response.headers);
}

/**
 * Downloads a file that the API pointed at (a voice preview on a CDN). The credential is NOT
 * sent: the URL may be on another host than the API.
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
		timeout: RETRY_POLICY.timeoutMs,
	};
	const response = await sendWithRetries(this, options, scope, (requestOptions) =>
		this.helpers.httpRequest(requestOptions),
	);
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw new NodeApiError(
			this.getNode(),
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

async function sendWithRetries(
	ctx: ConvocoreContext,
	options: IHttpRequestOptions,
	scope: RequestScope,
	send: (options: IHttpRequestOptions) => Promise<unknown>,
): Promise<FullResponse> {
	const method = (options.method ?? 'GET').toUpperCase();
	const idempotent = IDEMPOTENT_METHODS.has(method);
	let waitedMs = 0;

	for (let attempt = 1; ; attempt++) {
		await scope.gate?.wait();
		const isLastAttempt = attempt >= RETRY_POLICY.maxAttempts;
		let response: FullResponse;
		try {
			// A fresh copy each time: authentication adds headers to the object it is given.
			response = (await send({ ...options, headers: { ...options.headers } })) as FullResponse;
		} catch (error) {
			const delay = backoffDelay(attempt);
			if (idempotent && !isLastAttempt && waitedMs + delay <= RETRY_POLICY.totalBudgetMs) {
				waitedMs += delay;
				await sleep(delay);
				continue;
			}
			throw connectionError(ctx, error, options, scope, idempotent, attempt);
		}

		if (response.statusCode === 429) {
			// A 429 was not processed, so any method may be repeated.
			const delay = retryAfterDelay(response.headers, attempt);
			if (!isLastAttempt && waitedMs + delay <= RETRY_POLICY.totalBudgetMs) {
				waitedMs += delay;
				scope.gate?.pauseFor(delay);
				await (scope.gate ? scope.gate.wait() : sleep(delay));
				continue;
			}
			return response;
		}
		if (response.statusCode >= 500 && idempotent && !isLastAttempt) {
			const delay = backoffDelay(attempt);
			if (waitedMs + delay <= RETRY_POLICY.totalBudgetMs) {
				waitedMs += delay;
				await sleep(delay);
				continue;
			}
		}
		return response;
	}
}

function backoffDelay(attempt: number): number {
	return Math.min(RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1), RETRY_POLICY.maxDelayMs);
}

/** Retry-After in seconds or as an HTTP date, bounded; without it, the usual back-off. */
function retryAfterDelay(headers: FullResponse['headers'], attempt: number): number {
	const value = headerValue(headers, 'retry-after');
	let delay = backoffDelay(attempt);
	if (value !== undefined) {
		const seconds = Number(value);
		if (Number.isFinite(seconds)) delay = seconds * 1000;
		else {
			const date = Date.parse(value);
			if (!Number.isNaN(date)) delay = date - Date.now();
		}
	}
	return Math.min(Math.max(delay, 0), RETRY_POLICY.maxDelayMs);
}

function headerValue(headers: FullResponse['headers'] | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	return Array.isArray(value) ? value[0] : value;
}

function parseJsonBody(
	ctx: ConvocoreContext,
	response: FullResponse,
	request: ConvocoreRequest,
	scope: RequestScope,
): unknown {
	const { body } = response;
	if (typeof body !== 'string') return body ?? {};
	if (body.trim() === '') return {};
	try {
		return JSON.parse(body);
	} catch {
		const ok = response.statusCode >= 200 && response.statusCode < 300;
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'The response was not valid JSON' } as JsonObject,
			{
				message: `Convocore answered ${request.method} ${request.path} with HTTP ${response.statusCode} and a body that is not valid JSON`,
				description: ok && !IDEMPOTENT_METHODS.has(request.method)
					? 'The request was probably processed. It was not sent again, to avoid doing it twice: check in Convocore before retrying.'
					: 'This is usually a temporary problem on the Convocore side or a proxy in between. Try again later.',
				httpCode: String(response.statusCode),
				itemIndex: scope.itemIndex,
			},
		);
	}
}

function unwrapEnvelope(
	ctx: ConvocoreContext,
	body: unknown,
	request: ConvocoreRequest,
	scope: RequestScope,
): unknown {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
	const envelope = body as IDataObject;
	if (envelope.success === false) {
		throw apiError(ctx, 200, body, request, scope);
	}
	if (typeof envelope.success === 'boolean' && 'data' in envelope && envelope.data !== undefined) {
		return envelope.data;
	}
	return body;
}

function describeRequest(request: ConvocoreRequest): string {
	return `${request.method} ${request.path}`;
}

/** Maps an HTTP failure to an error that says what happened and what to do about it. */
export function apiError(
	ctx: ConvocoreContext,
	statusCode: number,
	body: unknown,
	request: ConvocoreRequest,
	scope: RequestScope,
	headers?: FullResponse['headers'],
): NodeApiError {
	const parsed = errorBodySchema.partial().safeParse(body);
	const apiBody = parsed.success ? parsed.data : {};
	const apiMessage = apiBody.message?.trim() || undefined;
	const code = apiBody.code;
	const issues = (apiBody.issues ?? []).map((issue) => issue.message).filter(Boolean);
	const details: string[] = [];
	if (issues.length) details.push(`Problems: ${issues.join('; ')}`);
	if (code) details.push(`Convocore error code: ${code}`);

	let message: string;
	let hint: string | undefined;
	switch (true) {
		case statusCode === 400 || statusCode === 422:
			message = `Convocore rejected the request: ${apiMessage ?? 'invalid input'}`;
			break;
		case statusCode === 401:
			message = `Convocore did not accept the secret key${apiMessage ? `: ${apiMessage}` : ''}`;
			hint =
				'Check the Secret Key in the Convocore credential, and that its Region matches the region your workspace lives in (a key from EU is refused by NA and the other way round). Workspace operations need the workspace secret; an agent secret only works for that agent.';
			break;
		case statusCode === 403: {
			const billingLink = findUrl(body) ?? findUrl(headerValue(headers, 'location'));
			const planGate = /plan|upgrade|billing/i.test(`${apiMessage ?? ''} ${code ?? ''}`) || !!billingLink;
			if (planGate) {
				const write = !IDEMPOTENT_METHODS.has(request.method);
				message = `Your Convocore plan does not allow this request (${describeRequest(request)})`;
				hint = `${write ? `Changes (POST, PUT, PATCH, DELETE) need the ${PLAN_FOR_WRITES} plan or higher` : `Reading (GET) needs the ${PLAN_FOR_READS} plan or higher`}; Free, Starter and Pro plans have no API access.${billingLink ? ` Upgrade here: ${billingLink}` : ''}${apiMessage ? ` Convocore said: ${apiMessage}` : ''}`;
			} else {
				message = `Convocore refused this request: ${apiMessage ?? 'forbidden'}`;
				hint =
					'An agent secret only works for its own agent; workspace operations need the workspace secret.';
			}
			break;
		}
		case statusCode === 404:
			message = `Not found: ${apiMessage ?? describeRequest(request)}`;
			hint =
				'Check the ID. If it is right, check the Region in the credential: a workspace that lives in NA is not found on the EU host, and the other way round.';
			break;
		case statusCode === 429:
			message = 'Convocore is rate limiting these requests, and retrying did not help';
			hint = `The request was retried ${RETRY_POLICY.maxAttempts - 1} times, honouring Retry-After. Send fewer items at once (lower Concurrency) or try again later.`;
			break;
		case statusCode >= 500:
			message = `Convocore had an internal problem (HTTP ${statusCode})${apiMessage ? `: ${apiMessage}` : ''}`;
			hint = IDEMPOTENT_METHODS.has(request.method)
				? 'The request was retried and kept failing. Try again later.'
				: 'The request may have been processed. It was not sent again, to avoid doing it twice: check in Convocore before retrying.';
			break;
		case statusCode >= 200 && statusCode < 300:
			message = `Convocore reported a failure: ${apiMessage ?? 'success was false'}`;
			break;
		default:
			message = `Convocore answered HTTP ${statusCode}${apiMessage ? `: ${apiMessage}` : ''}`;
	}
	if (hint) details.push(hint);

	return new NodeApiError(
		ctx.getNode(),
		{ message: apiMessage ?? message, ...(code ? { code } : {}) } as JsonObject,
		{
			message,
			description: details.join('\n'),
			httpCode: String(statusCode),
			itemIndex: scope.itemIndex,
		},
	);
}

function connectionError(
	ctx: ConvocoreContext,
	error: unknown,
	options: IHttpRequestOptions,
	scope: RequestScope,
	idempotent: boolean,
	attempts: number,
): NodeApiError {
	const host = safeHost(options.url);
	const reason = networkCode(error);
	const causes: Record<string, string> = {
		ECONNREFUSED: 'the connection was refused',
		ENOTFOUND: 'the host name could not be resolved',
		EAI_AGAIN: 'the host name could not be resolved',
		ETIMEDOUT: 'the request timed out',
		ECONNABORTED: 'the request timed out',
		ECONNRESET: 'the connection was closed before an answer arrived',
		EPIPE: 'the connection was closed before an answer arrived',
	};
	const what = (reason && causes[reason]) ?? 'no answer arrived';
	const advice = idempotent
		? `Tried ${attempts} time${attempts > 1 ? 's' : ''}. Check the credential's Region or Base URL and your network.`
		: 'The request may or may not have reached Convocore. It was not sent again, to avoid doing it twice: check in Convocore before retrying.';
	// Built from scratch: the underlying error carries the request headers, secret included.
	// The system code stays out of the message, where n8n would swap the whole message for a
	// generic text of its own.
	return new NodeApiError(
		ctx.getNode(),
		{ message: `Could not reach ${host}: ${what}` } as JsonObject,
		{
			message: `Could not reach Convocore at ${host}: ${what}`,
			description: reason ? `${advice}\nNetwork error code: ${reason}` : advice,
			itemIndex: scope.itemIndex,
		},
	);
}

function networkCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function safeHost(url: string | undefined): string {
	try {
		return new URL(url ?? '').host || 'the Convocore API';
	} catch {
		return 'the Convocore API';
	}
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

function findUrl(value: unknown): string | undefined {
	const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
	return /https?:\/\/[^\s"'<>)\\]+/.exec(text)?.[0];
}

/**
 * Collects results page by page with limit/offset (voices) and stops as soon as `max` results
 * are in or the server says there is no more.
 */
export async function collectOffsetPages<T>(
	fetchPage: (offset: number, limit: number) => Promise<{ items: T[]; total?: number; hasMore?: boolean }>,
	{ max, pageSize }: { max: number; pageSize: number },
): Promise<T[]> {
	const results: T[] = [];
	let offset = 0;
	while (results.length < max) {
		const limit = Math.min(pageSize, max - results.length);
		const page = await fetchPage(offset, limit);
		results.push(...page.items.slice(0, max - results.length));
		offset += page.items.length;
		// The server's own word wins: a server may cap pages below what was asked, so a short
		// page only ends the listing when neither hasMore nor total says otherwise.
		const exhausted =
			page.hasMore !== undefined
				? !page.hasMore
				: typeof page.total === 'number'
					? offset >= page.total
					: page.items.length < limit;
		if (exhausted || page.items.length === 0) break;
	}
	return results;
}

/**
 * Collects results page by page with a cursor (custom metrics: `startAfterId` = id of the last
 * item of the previous page) and stops as soon as `max` results are in or a page comes back short.
 */
export async function collectCursorPages<T extends { id: string }>(
	fetchPage: (startAfterId: string | undefined, limit: number) => Promise<{ items: T[]; total?: number }>,
	{ max, pageSize }: { max: number; pageSize: number },
): Promise<T[]> {
	const results: T[] = [];
	let cursor: string | undefined;
	while (results.length < max) {
		const limit = Math.min(pageSize, max - results.length);
		const page = await fetchPage(cursor, limit);
		results.push(...page.items.slice(0, max - results.length));
		const last = page.items[page.items.length - 1];
		const exhausted =
			page.items.length < limit || (typeof page.total === 'number' && results.length >= page.total);
		if (exhausted || !last || last.id === cursor) break;
		cursor = last.id;
	}
	return results;
}
