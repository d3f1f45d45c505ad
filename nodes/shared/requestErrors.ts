import type { NodeApiError } from 'n8n-workflow';
import {
	convocoreError,
	describeRequest,
	isRead,
	MAY_HAVE_ARRIVED,
	MAY_HAVE_BEEN_PROCESSED,
	MAY_HAVE_REACHED,
	retriesSentence,
	seconds,
	type ErrorScope,
} from './apiErrors';

/**
 * The errors of a request that got no usable answer from Convocore: the network failed, the
 * deadline passed, n8n cancelled it, a 429's wait would outlast the deadline, a redirect was not
 * followed, or a success came with a body the API does not specify. Built, like apiError's, by
 * convocoreError: redacted texts, and for a write the warning not to retry blindly.
 */

/** The network failed: refused, reset, unresolvable, dropped. Built from scratch: the underlying error carries the request headers, secret included. */
export function connectionError(
	errorScope: ErrorScope,
	error: unknown,
	url: string | undefined,
): NodeApiError {
	const host = safeHost(url);
	const reason = networkCode(error);
	const causes: Record<string, string> = {
		ECONNREFUSED: 'the connection was refused',
		ENOTFOUND: 'the host name could not be resolved',
		EAI_AGAIN: 'the host name could not be resolved',
		ECONNRESET: 'the connection was closed before an answer arrived',
		EPIPE: 'the connection was closed before an answer arrived',
	};
	const what = (reason && causes[reason]) ?? 'no answer arrived';
	const attempts = errorScope.retries?.attempts ?? 1;
	const advice = isRead(errorScope.request)
		? `Tried ${attempts} time${attempts > 1 ? 's' : ''}. Check the credential's Region or Base URL and your network.`
		: MAY_HAVE_REACHED;
	// The system code stays out of the message, where n8n would swap the whole message for a
	// generic text of its own.
	return convocoreError(errorScope, {
		message: `Could not reach Convocore at ${host}: ${what}`,
		description: reason ? `${advice}\nNetwork error code: ${reason}` : advice,
		response: { message: `Could not reach ${host}: ${what}` },
	});
}

/** The overall deadline (Options > Timeout) passed, attempts and waits included. */
export function deadlineError(errorScope: ErrorScope, timeoutMs: number): NodeApiError {
	const { request, retries } = errorScope;
	const attempts = retries?.attempts ?? 1;
	return convocoreError(errorScope, {
		message: `Convocore did not answer ${describeRequest(request)} within ${seconds(timeoutMs)} (Options > Timeout)`,
		description: isRead(request)
			? `Tried ${attempts} time${attempts > 1 ? 's' : ''} within that time. Raise Options > Timeout if Convocore is slow, or try again later.`
			: MAY_HAVE_ARRIVED,
	});
}

/** n8n's cancel (Stop, or the workflow's own timeout) ended the request: not a slow Convocore. */
export function cancelledError(errorScope: ErrorScope): NodeApiError {
	const { request } = errorScope;
	return convocoreError(errorScope, {
		message: `The execution was cancelled during ${describeRequest(request)}`,
		description: isRead(request)
			? 'The request was stopped before Convocore answered; it changes nothing.'
			: MAY_HAVE_ARRIVED,
	});
}

/** A 429 asked for a wait that does not fit in what is left of the deadline: fail now, naming the time. */
export function rateLimitTooLongError(
	errorScope: ErrorScope,
	resumeAt: number,
	timeoutMs: number,
): NodeApiError {
	const until = new Date(resumeAt).toISOString().slice(11, 19);
	return convocoreError(errorScope, {
		message: `Convocore is rate limiting this request and asks to wait until ${until} UTC (HTTP 429)`,
		description: `That is later than this request's timeout of ${seconds(timeoutMs)} allows, so it was not sent again early. Nothing was processed (a 429 is refused before processing). ${retriesSentence(errorScope.retries)} Try again after ${until} UTC, send fewer items at once (lower Options > Concurrency), or raise Options > Timeout.`,
		httpCode: 429,
	});
}

/** API calls never follow redirects: the credential must not travel to another host. */
export function redirectError(
	errorScope: ErrorScope,
	statusCode: number,
	location: string | undefined,
	baseUrl: string,
): NodeApiError {
	const target = location ? safeHost(new URL(location, baseUrl).toString()) : 'an unnamed location';
	const write = !isRead(errorScope.request);
	return convocoreError(errorScope, {
		message: `Convocore answered ${describeRequest(errorScope.request)} with a redirect (HTTP ${statusCode}) to ${target}, which was not followed`,
		description: `API requests never follow redirects, so that the secret key is never sent to another host. Check the credential's Region or Base URL: it must be the API's own address, ending in /v3.${write ? ` ${MAY_HAVE_BEEN_PROCESSED}` : ''}`,
		httpCode: statusCode,
	});
}

/** A success status whose body is not what the API specifies. */
export function unexpectedBodyError(
	errorScope: ErrorScope,
	statusCode: number,
	what: string,
): NodeApiError {
	const { request } = errorScope;
	return convocoreError(errorScope, {
		message: `Convocore answered ${describeRequest(request)} with HTTP ${statusCode} but ${what}`,
		description: isRead(request)
			? 'The answer is not what the Convocore API specifies, so it was not turned into items. A proxy may have answered in its place, or the API changed. Try again later; if it persists, report it.'
			: `The answer is not what the Convocore API specifies. ${MAY_HAVE_BEEN_PROCESSED}`,
		httpCode: statusCode,
	});
}

/**
 * The system code (ECONNREFUSED…) of a network failure. n8n 2.x keeps the original error as the
 * `cause` of the NodeApiError its helper throws; n8n-core 1.x loses the cause and leaves the code
 * only in that NodeApiError's `httpCode`.
 */
function networkCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const { code, httpCode } = current as { code?: unknown; httpCode?: unknown };
		for (const candidate of [code, httpCode]) {
			if (typeof candidate === 'string' && /^E[A-Z_]+$/.test(candidate)) return candidate;
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

export function safeHost(url: string | undefined): string {
	try {
		return new URL(url ?? '').host || 'the Convocore API';
	} catch {
		return 'the Convocore API';
	}
}
