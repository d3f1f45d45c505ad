import type { IDataObject, IHttpRequestMethods, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { errorBodySchema } from './contracts/common';
import { redactDeep, redactedNode, redactText } from './secrets';

/**
 * Every error the transport throws is built here: a message that says what happened (with
 * Convocore's error code, which AI-agent tools see in the message alone), a description that
 * says what to do, no secret anywhere (texts from the network are redacted, and the error
 * carries a copy of the node whose secret-bearing parameters are redacted), and for a write
 * whose fate is unknown, the warning not to retry blindly.
 */

export type Headers = Record<string, string | string[] | undefined>;

const PLAN_FOR_READS = 'Business';
const PLAN_FOR_WRITES = 'White Label';
/** Longest piece of a server's message quoted in an error message. */
const MAX_QUOTED_LENGTH = 200;

const NOT_SENT_AGAIN =
	'It was not sent again, to avoid doing it twice: check in Convocore before retrying.';
export const MAY_HAVE_BEEN_PROCESSED = `The request may have been processed. ${NOT_SENT_AGAIN}`;
export const MAY_HAVE_REACHED = `The request may or may not have reached Convocore. ${NOT_SENT_AGAIN}`;
export const MAY_HAVE_ARRIVED = `The request may have reached Convocore and been processed. ${NOT_SENT_AGAIN}`;

/** Requests that cannot change anything server-side may be repeated after an unclear failure. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isIdempotent(method: IHttpRequestMethods | string): boolean {
	return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/**
 * Whether a request only reads: a GET (HEAD, OPTIONS), or a request its operation declares a read
 * (`read: true`), such as Convocore's usage and filtered-export routes, which take their filters
 * as a POST body. A read is repeated after an unclear failure, and its errors never warn that it
 * "may have been processed".
 */
export function isRead(request: RequestSummary): boolean {
	return request.read === true || isIdempotent(request.method);
}

/** What the retries of one request actually did, so that the error can say it truthfully. */
export interface RetryReport {
	attempts: number;
	waitedMs: number;
	/** How many of the waits followed a Retry-After header. */
	retryAfterWaits: number;
}

/**
 * The errors are the bottom layer (the transport sends through the retries, and both build their
 * errors here), so they name only what they need of the transport's types: the request's method
 * and path, the item index, and a context that knows its node.
 */
export interface RequestSummary {
	method: IHttpRequestMethods;
	path: string;
	/** Declared by the operation: this request (a POST) only reads. See isRead. */
	read?: boolean;
}

export interface NodeContext {
	getNode(): INode;
}

/** Everything an error needs to know about the request it is about. */
export interface ErrorScope {
	ctx: NodeContext;
	request: RequestSummary;
	scope: { itemIndex?: number };
	secrets: ReadonlySet<string>;
	retries?: RetryReport;
}

export function describeRequest(request: RequestSummary): string {
	return `${request.method} ${request.path}`;
}

export function seconds(ms: number): string {
	const value = ms / 1000;
	return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}

/** The one constructor of the transport's errors: redacted texts, redacted node copy. */
export function convocoreError(
	{ ctx, scope, secrets }: ErrorScope,
	parts: { message: string; description?: string; httpCode?: number; response?: JsonObject },
): NodeApiError {
	const message = redactText(parts.message, secrets);
	const error = new NodeApiError(
		// The node's copy loses every secret of the request too: an Is Env value typed into a field.
		redactedNode(ctx.getNode(), secrets),
		redactDeep(parts.response ?? { message }, secrets),
		{
			message,
			description: parts.description ? redactText(parts.description, secrets) : undefined,
			httpCode: parts.httpCode === undefined ? undefined : String(parts.httpCode),
			itemIndex: scope.itemIndex,
		},
	);
	return error;
}

function quoted(text: string | undefined): string | undefined {
	const trimmed = text?.trim();
	if (!trimmed) return undefined;
	return trimmed.length > MAX_QUOTED_LENGTH ? `${trimmed.slice(0, MAX_QUOTED_LENGTH)}…` : trimmed;
}

export function headerValue(headers: Headers | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	return Array.isArray(value) ? value[0] : value;
}

function findUrl(value: unknown): string | undefined {
	const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
	return /https?:\/\/[^\s"'<>)\\]+/.exec(text)?.[0];
}

export function retriesSentence(retries: RetryReport | undefined): string {
	if (!retries || retries.attempts <= 1) return 'It was sent once.';
	const followed =
		retries.retryAfterWaits === 0
			? 'with growing pauses'
			: retries.retryAfterWaits === retries.attempts - 1
				? 'each time after the wait Convocore asked for (Retry-After)'
				: `${retries.retryAfterWaits} time${retries.retryAfterWaits > 1 ? 's' : ''} after the wait Convocore asked for (Retry-After)`;
	return `It was sent ${retries.attempts} times, ${followed}, waiting ${seconds(retries.waitedMs)} in all.`;
}

/**
 * Maps an HTTP failure (or `success: false`) to an error that says what happened and what to do.
 * `body` is the parsed answer, or undefined when it was not Convocore's JSON (an HTML page).
 */
export function apiError(
	ctx: NodeContext,
	statusCode: number,
	body: unknown,
	request: RequestSummary,
	scope: ErrorScope['scope'],
	headers?: Headers,
	extra: Pick<ErrorScope, 'retries'> & { secrets?: ReadonlySet<string> } = {},
): NodeApiError {
	const errorScope: ErrorScope = {
		ctx,
		request,
		scope,
		secrets: extra.secrets ?? new Set(),
		retries: extra.retries,
	};
	const errorBody = nestedErrorBody(body) ?? body;
	const fromConvocore = errorBodySchema.partial().safeParse(errorBody);
	const isConvocoreJson =
		fromConvocore.success &&
		errorBody !== null &&
		typeof errorBody === 'object' &&
		!Array.isArray(errorBody);
	const apiBody = fromConvocore.success ? fromConvocore.data : {};
	const apiMessage = quoted(apiBody.message);
	const code = typeof apiBody.code === 'string' && apiBody.code ? apiBody.code : undefined;
	const issues = (apiBody.issues ?? []).map((issue) => issue.message).filter(Boolean);
	const write = !isRead(request);
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
			const planGate =
				/plan|upgrade|billing/i.test(`${apiMessage ?? ''} ${code ?? ''}`) || !!billingLink;
			if (!isConvocoreJson && !billingLink) {
				message = `Something between n8n and Convocore refused ${describeRequest(request)} (HTTP 403)`;
				hint =
					"The answer was not Convocore's: a firewall, proxy or CDN (for example a bot challenge page) blocked the request. Check network rules or proxies between n8n and Convocore, or try again later.";
			} else if (planGate) {
				message = `Your Convocore plan does not allow this request (${describeRequest(request)})`;
				hint = `${write ? `Changes (POST, PUT, PATCH, DELETE) need the ${PLAN_FOR_WRITES} plan or higher` : `Reading (GET) needs the ${PLAN_FOR_READS} plan or higher`} (by the plan table this package was built on; the undated Billing page on docs.convocore.ai lists API access on other plans too, so check your plan there).${billingLink ? ` Upgrade here: ${billingLink}` : ''}${apiMessage ? ` Convocore said: ${apiMessage}` : ''}`;
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
			message = 'Convocore kept rate limiting this request (HTTP 429)';
			hint = `${retriesSentence(extra.retries)} Send fewer items at once (lower Options > Concurrency) or try again later.`;
			break;
		case statusCode >= 500:
			message = `Convocore had an internal problem (HTTP ${statusCode})${apiMessage ? `: ${apiMessage}` : ''}`;
			if (!isConvocoreJson) message += ', answered by a proxy or load balancer in between';
			hint = write ? MAY_HAVE_BEEN_PROCESSED : `${retriesSentence(extra.retries)} Try again later.`;
			break;
		case statusCode >= 200 && statusCode < 300:
			message = `Convocore reported a failure: ${apiMessage ?? 'success was false'}`;
			if (write)
				hint = 'Convocore said it did not do this. Check the message and the code before retrying.';
			break;
		default:
			message = `Convocore answered HTTP ${statusCode}${apiMessage ? `: ${apiMessage}` : ''}`;
			if (write) hint = MAY_HAVE_BEEN_PROCESSED;
	}
	// AI-agent tools only see the message: Convocore's code is what they can act on.
	if (code) message += ` (${code})`;
	if (hint) details.push(hint);

	const response: IDataObject = { message: apiMessage ?? message, ...(code ? { code } : {}) };
	return convocoreError(errorScope, {
		message,
		description: details.join('\n'),
		httpCode: statusCode,
		response: response as JsonObject,
	});
}

/**
 * Convocore answers errors in two forms: `{ message, code, issues? }` (trpc-openapi, most routes)
 * and `{ error: { code, message } }` (the custom-metric delete page). The nested one is read as
 * the flat one; a top-level message or code, when present too, wins.
 */
function nestedErrorBody(body: unknown): Record<string, unknown> | undefined {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const { error, ...rest } = body as Record<string, unknown>;
	if (error === null || typeof error !== 'object' || Array.isArray(error)) return undefined;
	const nested = error as Record<string, unknown>;
	const pick = (key: string) =>
		typeof rest[key] === 'string' && rest[key] !== ''
			? rest[key]
			: typeof nested[key] === 'string'
				? nested[key]
				: rest[key];
	return {
		...rest,
		message: pick('message'),
		code: pick('code'),
		...(rest.issues === undefined && Array.isArray(nested.issues) ? { issues: nested.issues } : {}),
	};
}
