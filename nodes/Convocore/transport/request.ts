import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ZodError, ZodTypeAny } from 'zod';
import { apiError, headerValue } from '../../shared/apiErrors';
import { redirectError, unexpectedBodyError } from '../../shared/requestErrors';
import { describeIssues } from '../../shared/contracts/common';
import { compilePredicate, type Predicate } from '../../shared/contracts/predicate';
import { resolveBaseUrl, type ConvocoreCredentialData } from '../../shared/regions';
import {
	sendWithRetries,
	type ConvocoreContext,
	type FullResponse,
	type RequestScope,
	type RetryScope,
} from './retries';
import {
	addSecret,
	mentionsSecret,
	redactDeep,
	redactedNode,
	secretsIn,
} from '../../shared/secrets';
/**
 * The one way every Convocore node talks to the V3 API: URL from the credential, JSON in and
 * out, `{ success, data }` envelopes unwrapped, every answer checked against its contract, one
 * overall deadline per request, no redirect followed (the credential never leaves for another
 * host), no secret in anything handed on, and retries only where they cannot duplicate anything.
 */

export const CREDENTIAL_TYPE = 'convocoreApi';

export interface ConvocoreRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, starting with `/`. Path parameters must already be encoded. */
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	/** Return the body as it came instead of unwrapping a `{ success, data }` envelope. */
	raw?: boolean;
	/**
	 * This request only reads although it is not a GET (Convocore takes the filters of some reads
	 * as a POST body: usage, filtered export). Set by the operation; a read is retried after a 5xx
	 * or a network failure like a GET, and its errors never say it may have been processed.
	 */
	read?: boolean;
	/**
	 * The contract of the (unwrapped) success body, from `nodes/shared/contracts`. An answer that
	 * does not meet it becomes an error instead of an item.
	 */
	response?: ZodTypeAny;
	/**
	 * Values to keep out of the answer and of every error, beyond the credential's key and the
	 * body's secret-named fields: an Is Env variable's value, a tool's header value.
	 */
	secrets?: Iterable<unknown>;
}

export async function getBaseUrl(this: ConvocoreContext, itemIndex?: number): Promise<string> {
	const credentials = (await this.getCredentials(
		CREDENTIAL_TYPE,
	)) as unknown as ConvocoreCredentialData;
	try {
		return resolveBaseUrl(credentials);
	} catch (error) {
		throw new NodeOperationError(redactedNode(this.getNode()), (error as Error).message, {
			itemIndex,
		});
	}
}

type CredentialData = ConvocoreCredentialData & { secretKey?: string };

/**
 * The credential, read once per execution context rather than once per request: n8n decrypts it
 * (and its server loads it) on every read, and it cannot change while a node runs. A failed read
 * is not kept: the request reads again, so each item fails on its own read as before.
 */
const credentialReads = new WeakMap<ConvocoreContext, Promise<CredentialData>>();

async function credentialOf(ctx: ConvocoreContext): Promise<CredentialData> {
	const read = (): Promise<CredentialData> =>
		ctx.getCredentials(CREDENTIAL_TYPE) as Promise<unknown> as Promise<CredentialData>;
	let shared = credentialReads.get(ctx);
	if (!shared) {
		shared = read();
		credentialReads.set(ctx, shared);
	}
	try {
		return await shared;
	} catch {
		credentialReads.delete(ctx);
		return await read();
	}
}

/** Sends one request to the V3 API and returns its (unwrapped, checked) JSON body. */
export async function convocoreApiRequest<T = unknown>(
	this: ConvocoreContext,
	request: ConvocoreRequest,
	scope: RequestScope = {},
): Promise<T> {
	const credentials = await credentialOf(this);
	let baseUrl: string;
	try {
		baseUrl = resolveBaseUrl(credentials);
	} catch (error) {
		throw new NodeOperationError(redactedNode(this.getNode()), (error as Error).message, {
			itemIndex: scope.itemIndex,
		});
	}
	const secrets = secretsIn(request.body);
	addSecret(secrets, credentials.secretKey);
	for (const secret of request.secrets ?? [])
		addSecret(secrets, typeof secret === 'number' ? String(secret) : secret);
	const errorScope: RetryScope = { ctx: this, request, scope, secrets };
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
	// Freshly parsed, so it is copied only when it holds a secret to take out.
	const parsed = parseJsonBody(response, errorScope, request.response);
	const body = mentionsSecret(parsed, secrets) ? redactDeep(parsed, secrets) : parsed;
	if (statusCode < 200 || statusCode >= 300) {
		throw apiError(this, statusCode, body, request, scope, response.headers, errorScope);
	}
	return checkedBody(body, statusCode, errorScope, request) as T;
}

/**
 * The parsed body. A success must be valid JSON, except that text the server labelled
 * `text/plain` is handed on as a string when the request's contract accepts one (an untyped
 * endpoint answering a bare phone number). An HTML page or malformed JSON stays an error even
 * then: a proxy's page must not become an item. A failure's body that is not JSON (a proxy's
 * HTML page) is left undefined, so the error is built from the status alone.
 */
function parseJsonBody(
	response: FullResponse,
	errorScope: RetryScope,
	contract: ZodTypeAny | undefined,
): unknown {
	const { body, statusCode } = response;
	const ok = statusCode >= 200 && statusCode < 300;
	if (typeof body !== 'string') return body;
	if (body.trim() === '') return undefined;
	try {
		return JSON.parse(body);
	} catch {
		if (!ok) return undefined;
		if (contract && isPlainText(response) && contract.safeParse(body).success) return body;
		throw unexpectedBodyError(errorScope, statusCode, 'a body that is not valid JSON');
	}
}

function isPlainText(response: FullResponse): boolean {
	return /^text\/plain\b/i.test(headerValue(response.headers, 'content-type')?.trim() ?? '');
}

/** What a success body is when it is not an object; undefined for an object. */
function describeNonObject(body: unknown): string | undefined {
	if (body === undefined) return 'an empty body';
	if (body === null) return 'the body null';
	if (Array.isArray(body)) return 'a list where an object was expected';
	if (typeof body !== 'object') return `a ${typeof body} where an object was expected`;
	return undefined;
}

/**
 * The success body, checked: not `success: false`, unwrapped from `{ success, data }` unless
 * raw, and meeting the request's contract when it names one. Without a contract only an object
 * is accepted. With one, the contract decides which shapes are fine: a bare value, a list, even
 * nothing or null are accepted where it accepts them, and are errors naming what came where it
 * does not.
 */
function checkedBody(
	body: unknown,
	statusCode: number,
	errorScope: RetryScope,
	request: ConvocoreRequest,
): unknown {
	const notAnObject = describeNonObject(body);
	if (notAnObject) {
		const checked = request.response?.safeParse(body);
		if (checked?.success) return body;
		if (Array.isArray(body) && checked)
			throwIfListingRefused(checked.error, statusCode, errorScope);
		throw unexpectedBodyError(errorScope, statusCode, notAnObject);
	}
	const envelope = body as IDataObject;
	if (envelope.success === false) {
		const { ctx, scope, secrets } = errorScope;
		throw apiError(ctx, statusCode, body, request, scope, undefined, { secrets });
	}
	let result: unknown = body;
	if (
		!request.raw &&
		typeof envelope.success === 'boolean' &&
		'data' in envelope &&
		envelope.data !== undefined
	) {
		result = envelope.data;
	}
	if (!request.response) return result;
	if (contractPredicate(request.response)?.(result)) return result;
	const checked = request.response.safeParse(result);
	// The answer as it came: unknown fields are kept, and nothing is rewritten by the schema.
	if (checked.success) return result;
	if (Array.isArray(result)) {
		throwIfListingRefused(checked.error, statusCode, errorScope);
		throw unexpectedBodyError(errorScope, statusCode, 'a list where an object was expected');
	}
	throw mismatchError(checked.error, statusCode, errorScope);
}

/**
 * Each contract's plain yes/no (contracts/predicate.ts), compiled once: every answer of a batch is
 * checked, and zod's safeParse builds a parsed copy, a context and a path per field to say yes.
 * Zod still runs on a no, for the messages; null where the contract has kinds the predicate leaves to zod.
 */
const contractPredicates = new WeakMap<ZodTypeAny, Predicate | null>();

function contractPredicate(contract: ZodTypeAny): Predicate | null {
	let predicate = contractPredicates.get(contract);
	if (predicate === undefined) {
		predicate = compilePredicate(contract) ?? null;
		contractPredicates.set(contract, predicate);
	}
	return predicate;
}

function mismatchError(error: ZodError, statusCode: number, errorScope: RetryScope) {
	const problems = describeIssues(error);
	return unexpectedBodyError(
		errorScope,
		statusCode,
		`an answer that does not match the API specification: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`,
	);
}

/** A list refused by a listing contract (contracts/common.ts) is an error saying which entry is wrong, not "a list where an object was expected". */
function throwIfListingRefused(error: ZodError, statusCode: number, errorScope: RetryScope): void {
	if (error.issues.every((issue) => issue.code === 'custom'))
		throw mismatchError(error, statusCode, errorScope);
}
