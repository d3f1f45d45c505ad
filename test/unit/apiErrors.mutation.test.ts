/**
 * nodes/shared/apiErrors.ts message by message, written against the survivors of a mutation run
 * (npm run mutation:core): the exact text of every error the transport throws, which of them
 * warn that a write may have happened, and that none of them keeps a secret.
 */
import type { IHttpRequestMethods, INode } from 'n8n-workflow';
import {
	MAY_HAVE_BEEN_PROCESSED,
	apiError,
	describeRequest,
	headerValue,
	isIdempotent,
	seconds,
	type ErrorScope,
	type RetryReport,
} from '../../nodes/shared/apiErrors';
import {
	connectionError,
	deadlineError,
	rateLimitTooLongError,
	redirectError,
	safeHost,
	unexpectedBodyError,
} from '../../nodes/shared/requestErrors';

const node: INode = {
	id: 'n1',
	name: 'Convocore',
	type: 'n8n-nodes-convocore.convocore',
	typeVersion: 3,
	position: [0, 0],
	parameters: { authToken: 'param-token-1' },
};
const ctx = { getNode: () => node };
const get = { method: 'GET' as const, path: '/agents/a1' };
const post = { method: 'POST' as const, path: '/sms' };
const NOT_SENT =
	'It was not sent again, to avoid doing it twice: check in Convocore before retrying.';

type Described = Error & {
	description?: string;
	httpCode?: string;
	errorResponse?: unknown;
	context: { itemIndex?: number };
	node: INode;
};
const fail = (
	status: number,
	body: unknown,
	request: { method: IHttpRequestMethods; path: string } = get,
	headers?: Record<string, string>,
	retries?: RetryReport,
) =>
	apiError(ctx, status, body, request, { itemIndex: 3 }, headers, {
		retries,
	}) as unknown as Described;

function scopeOf(
	method: IHttpRequestMethods,
	retries?: RetryReport,
	secrets: string[] = [],
): ErrorScope {
	return {
		ctx,
		request: { method, path: '/things' },
		scope: { itemIndex: 1 },
		secrets: new Set(secrets),
		retries,
	};
}

describe('small helpers', () => {
	it('only GET, HEAD and OPTIONS are idempotent, in any case', () => {
		expect(['GET', 'get', 'HEAD', 'OPTIONS'].map(isIdempotent)).toEqual([true, true, true, true]);
		expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(isIdempotent)).toEqual([
			false,
			false,
			false,
			false,
		]);
	});

	it('seconds: whole seconds plain, others to one decimal', () => {
		expect([seconds(60_000), seconds(1500), seconds(250), seconds(0)]).toEqual([
			'60 s',
			'1.5 s',
			'0.3 s',
			'0 s',
		]);
	});

	it('headerValue: any case of the name, the first of a list, undefined without headers', () => {
		expect(headerValue({ 'Content-Type': 'text/plain' }, 'content-type')).toBe('text/plain');
		expect(headerValue({ 'set-cookie': ['a', 'b'] }, 'set-cookie')).toBe('a');
		expect(headerValue({ other: 'x' }, 'location')).toBeUndefined();
		expect(headerValue(undefined, 'location')).toBeUndefined();
	});

	it('describeRequest and safeHost', () => {
		expect(describeRequest(post)).toBe('POST /sms');
		expect(safeHost('https://user:pw@eu.example.test:8443/v3?key=1')).toBe('eu.example.test:8443');
		expect(safeHost('not a url')).toBe('the Convocore API');
		expect(safeHost(undefined)).toBe('the Convocore API');
		expect(safeHost('file:///etc/hosts')).toBe('the Convocore API');
	});
});

describe('apiError', () => {
	it('400 and 422: rejected, with the server message, the issues and the code', () => {
		const error = fail(400, {
			message: 'phone is invalid',
			code: 'INVALID_INPUT',
			issues: [{ message: 'to: not E.164' }, { message: '' }, { message: 'body: empty' }],
		});
		expect(error.message).toBe('Convocore rejected the request: phone is invalid (INVALID_INPUT)');
		expect(error.description).toBe(
			'Problems: to: not E.164; body: empty\nConvocore error code: INVALID_INPUT',
		);
		expect(error.httpCode).toBe('400');
		expect(error.context.itemIndex).toBe(3);
		expect(error.errorResponse).toEqual({ message: 'phone is invalid', code: 'INVALID_INPUT' });
		expect(fail(422, undefined).message).toBe('Convocore rejected the request: invalid input');
		expect(fail(422, undefined).description).toBeUndefined();
		expect(fail(422, undefined).errorResponse).toEqual({
			message: 'Convocore rejected the request: invalid input',
		});
	});

	it('quotes at most 200 characters of the server message, trimmed', () => {
		const long = 'x'.repeat(250);
		expect(fail(400, { message: `  ${long}  ` }).message).toBe(
			`Convocore rejected the request: ${'x'.repeat(200)}…`,
		);
		expect(fail(400, { message: 'y'.repeat(200) }).message).toBe(
			`Convocore rejected the request: ${'y'.repeat(200)}`,
		);
		expect(fail(400, { message: '   ' }).message).toBe(
			'Convocore rejected the request: invalid input',
		);
		expect(fail(400, { message: 'm', code: '' }).message).toBe('Convocore rejected the request: m');
	});

	it('401: the secret key, with what to check', () => {
		const error = fail(401, { message: 'bad key' });
		expect(error.message).toBe('Convocore did not accept the secret key: bad key');
		expect(error.description).toMatch(
			/^Check the Secret Key in the Convocore credential, and that its Region matches/,
		);
		expect(fail(401, undefined).message).toBe('Convocore did not accept the secret key');
	});

	it('403 that is not Convocore JSON: something in between refused it', () => {
		const error = fail(403, undefined);
		expect(error.message).toBe(
			'Something between n8n and Convocore refused GET /agents/a1 (HTTP 403)',
		);
		expect(error.description).toMatch(/^The answer was not Convocore's: a firewall, proxy or CDN/);
		expect(fail(403, ['a list']).message).toBe(
			'Something between n8n and Convocore refused GET /agents/a1 (HTTP 403)',
		);
	});

	it('403 for the plan: reads need Business, writes White Label, with the link and the message', () => {
		const read = fail(403, { message: 'Upgrade your plan', code: 'PLAN' });
		expect(read.message).toBe(
			'Your Convocore plan does not allow this request (GET /agents/a1) (PLAN)',
		);
		expect(read.description).toBe(
			'Convocore error code: PLAN\nReading (GET) needs the Business plan or higher (by the plan table this package was built on; the undated Billing page on docs.convocore.ai lists API access on other plans too, so check your plan there). Convocore said: Upgrade your plan',
		);
		const write = fail(
			403,
			{ message: 'see https://convocore.example/billing?x=1 for plans' },
			post,
		);
		expect(write.description).toBe(
			'Changes (POST, PUT, PATCH, DELETE) need the White Label plan or higher (by the plan table this package was built on; the undated Billing page on docs.convocore.ai lists API access on other plans too, so check your plan there). Upgrade here: https://convocore.example/billing?x=1 Convocore said: see https://convocore.example/billing?x=1 for plans',
		);
		// A link in the Location header alone makes it a plan gate, even without Convocore's JSON.
		const linked = fail(403, undefined, post, { Location: 'https://convocore.example/upgrade' });
		expect(linked.message).toBe('Your Convocore plan does not allow this request (POST /sms)');
		expect(linked.description).toContain('Upgrade here: https://convocore.example/upgrade');
		expect(fail(403, { code: 'billing_required' }).message).toBe(
			'Your Convocore plan does not allow this request (GET /agents/a1) (billing_required)',
		);
	});

	it('403 otherwise: refused, with the agent-secret hint', () => {
		const error = fail(403, { message: 'not your agent' });
		expect(error.message).toBe('Convocore refused this request: not your agent');
		expect(error.description).toBe(
			'An agent secret only works for its own agent; workspace operations need the workspace secret.',
		);
		expect(fail(403, {}).message).toBe('Convocore refused this request: forbidden');
	});

	it('404: not found, with the region hint', () => {
		expect(fail(404, undefined).message).toBe('Not found: GET /agents/a1');
		expect(fail(404, { message: 'Agent a1 not found' }).message).toBe(
			'Not found: Agent a1 not found',
		);
		expect(fail(404, undefined).description).toMatch(
			/^Check the ID\. If it is right, check the Region/,
		);
	});

	it('429: what the retries did, truthfully', () => {
		const hint = ' Send fewer items at once (lower Options > Concurrency) or try again later.';
		expect(fail(429, undefined).message).toBe(
			'Convocore kept rate limiting this request (HTTP 429)',
		);
		expect(fail(429, undefined).description).toBe(`It was sent once.${hint}`);
		expect(
			fail(429, undefined, get, undefined, { attempts: 1, waitedMs: 0, retryAfterWaits: 0 })
				.description,
		).toBe(`It was sent once.${hint}`);
		expect(
			fail(429, undefined, get, undefined, { attempts: 5, waitedMs: 3750, retryAfterWaits: 0 })
				.description,
		).toBe(`It was sent 5 times, with growing pauses, waiting 3.8 s in all.${hint}`);
		expect(
			fail(429, undefined, get, undefined, { attempts: 3, waitedMs: 4000, retryAfterWaits: 2 })
				.description,
		).toBe(
			`It was sent 3 times, each time after the wait Convocore asked for (Retry-After), waiting 4 s in all.${hint}`,
		);
		expect(
			fail(429, undefined, get, undefined, { attempts: 4, waitedMs: 2250, retryAfterWaits: 2 })
				.description,
		).toBe(
			`It was sent 4 times, 2 times after the wait Convocore asked for (Retry-After), waiting 2.3 s in all.${hint}`,
		);
		expect(
			fail(429, undefined, get, undefined, { attempts: 5, waitedMs: 1000, retryAfterWaits: 1 })
				.description,
		).toBe(
			`It was sent 5 times, 1 time after the wait Convocore asked for (Retry-After), waiting 1 s in all.${hint}`,
		);
	});

	it('5xx: a write may have been processed; a read says what the retries did; a proxy is named', () => {
		const write = fail(500, { message: 'db down', code: 'INTERNAL' }, post);
		expect(write.message).toBe('Convocore had an internal problem (HTTP 500): db down (INTERNAL)');
		expect(write.description).toBe(`Convocore error code: INTERNAL\n${MAY_HAVE_BEEN_PROCESSED}`);
		expect(MAY_HAVE_BEEN_PROCESSED).toBe(`The request may have been processed. ${NOT_SENT}`);
		const read = fail(502, undefined, get, undefined, {
			attempts: 5,
			waitedMs: 3750,
			retryAfterWaits: 0,
		});
		expect(read.message).toBe(
			'Convocore had an internal problem (HTTP 502), answered by a proxy or load balancer in between',
		);
		expect(read.description).toBe(
			'It was sent 5 times, with growing pauses, waiting 3.8 s in all. Try again later.',
		);
	});

	it('success: false inside a 2xx: a reported failure', () => {
		const write = fail(200, { success: false, message: 'number already taken' }, post);
		expect(write.message).toBe('Convocore reported a failure: number already taken');
		expect(write.description).toBe(
			'Convocore said it did not do this. Check the message and the code before retrying.',
		);
		const read = fail(200, { success: false });
		expect(read.message).toBe('Convocore reported a failure: success was false');
		expect(read.description).toBeUndefined();
	});

	it('any other status: named, with the may-have-been-processed warning for a write', () => {
		expect(fail(418, { message: 'teapot' }, post).message).toBe(
			'Convocore answered HTTP 418: teapot',
		);
		expect(fail(418, { message: 'teapot' }, post).description).toBe(MAY_HAVE_BEEN_PROCESSED);
		expect(fail(409, undefined).message).toBe('Convocore answered HTTP 409');
		expect(fail(409, undefined).description).toBeUndefined();
		expect(fail(199, undefined).message).toBe('Convocore answered HTTP 199');
		expect(fail(300, undefined).message).toBe('Convocore answered HTTP 300');
	});

	it('keeps secrets out of the message, the description, the answer and the node', () => {
		const error = apiError(
			ctx,
			400,
			{ message: 'echo sk-secret-999', code: 'X' },
			post,
			{},
			undefined,
			{ secrets: new Set(['sk-secret-999']) },
		) as unknown as Described;
		expect(error.message).toBe('Convocore rejected the request: echo [redacted] (X)');
		expect(JSON.stringify(error.errorResponse)).not.toContain('sk-secret-999');
		expect(error.node.parameters).toEqual({ authToken: '[redacted]' });
	});
});

describe('connectionError', () => {
	const fromCode = (code: string) => Object.assign(new Error('x'), { code });
	it.each([
		['ECONNREFUSED', 'the connection was refused'],
		['ENOTFOUND', 'the host name could not be resolved'],
		['EAI_AGAIN', 'the host name could not be resolved'],
		['ECONNRESET', 'the connection was closed before an answer arrived'],
		['EPIPE', 'the connection was closed before an answer arrived'],
		['ETIMEDOUT', 'no answer arrived'],
	])('%s: %s', (code, what) => {
		const error = connectionError(
			scopeOf('GET'),
			fromCode(code),
			'https://eu.example.test/v3/x',
		) as unknown as Described;
		expect(error.message).toBe(`Could not reach Convocore at eu.example.test: ${what}`);
		expect(error.description).toBe(
			`Tried 1 time. Check the credential's Region or Base URL and your network.\nNetwork error code: ${code}`,
		);
		expect(error.errorResponse).toEqual({ message: `Could not reach eu.example.test: ${what}` });
	});

	it('finds the code in a cause up to five links down, or in httpCode (n8n 1.x), and not a code that is no system code', () => {
		const wrapped = (depth: number) => {
			let error: object = { code: 'ECONNRESET' };
			for (let i = 0; i < depth; i++) error = { message: 'wrapper', cause: error };
			return error;
		};
		expect(connectionError(scopeOf('GET'), wrapped(4), 'https://h.test').message).toBe(
			'Could not reach Convocore at h.test: the connection was closed before an answer arrived',
		);
		expect(connectionError(scopeOf('GET'), wrapped(5), 'https://h.test').message).toBe(
			'Could not reach Convocore at h.test: no answer arrived',
		);
		expect(
			connectionError(scopeOf('GET'), { httpCode: 'ENOTFOUND' }, 'https://h.test').message,
		).toBe('Could not reach Convocore at h.test: the host name could not be resolved');
		const notSystem = connectionError(
			scopeOf('GET'),
			{ code: 'ERR_bad', httpCode: '500' },
			undefined,
		) as unknown as Described;
		expect(notSystem.message).toBe(
			'Could not reach Convocore at the Convocore API: no answer arrived',
		);
		expect(notSystem.description).toBe(
			"Tried 1 time. Check the credential's Region or Base URL and your network.",
		);
		expect(connectionError(scopeOf('GET'), 'a string', undefined).message).toBe(
			'Could not reach Convocore at the Convocore API: no answer arrived',
		);
	});

	it('counts the attempts, and warns for a write', () => {
		const retried = connectionError(
			scopeOf('GET', { attempts: 3, waitedMs: 750, retryAfterWaits: 0 }),
			undefined,
			'https://h.test',
		) as unknown as Described;
		expect(retried.description).toBe(
			"Tried 3 times. Check the credential's Region or Base URL and your network.",
		);
		const write = connectionError(
			scopeOf('POST'),
			undefined,
			'https://h.test',
		) as unknown as Described;
		expect(write.description).toBe(
			`The request may or may not have reached Convocore. ${NOT_SENT}`,
		);
	});
});

describe('the other errors', () => {
	it('deadlineError: the Timeout, the attempts for a read, the warning for a write', () => {
		const read = deadlineError(
			scopeOf('GET', { attempts: 2, waitedMs: 250, retryAfterWaits: 0 }),
			1500,
		) as unknown as Described;
		expect(read.message).toBe(
			'Convocore did not answer GET /things within 1.5 s (Options > Timeout)',
		);
		expect(read.description).toBe(
			'Tried 2 times within that time. Raise Options > Timeout if Convocore is slow, or try again later.',
		);
		expect((deadlineError(scopeOf('GET'), 1000) as unknown as Described).description).toBe(
			'Tried 1 time within that time. Raise Options > Timeout if Convocore is slow, or try again later.',
		);
		expect((deadlineError(scopeOf('DELETE'), 1000) as unknown as Described).description).toBe(
			`The request may have reached Convocore and been processed. ${NOT_SENT}`,
		);
		expect(read.httpCode).toBeNull();
	});

	it('rateLimitTooLongError: the time to wait until, in UTC', () => {
		const error = rateLimitTooLongError(
			scopeOf('POST'),
			Date.UTC(2026, 0, 1, 9, 5, 7, 900),
			30_000,
		) as unknown as Described;
		expect(error.message).toBe(
			'Convocore is rate limiting this request and asks to wait until 09:05:07 UTC (HTTP 429)',
		);
		expect(error.description).toBe(
			"That is later than this request's timeout of 30 s allows, so it was not sent again early. Nothing was processed (a 429 is refused before processing). It was sent once. Try again after 09:05:07 UTC, send fewer items at once (lower Options > Concurrency), or raise Options > Timeout.",
		);
		expect(error.httpCode).toBe('429');
	});

	it('redirectError: the target host, resolved against the base, and the warning for a write', () => {
		const read = redirectError(
			scopeOf('GET'),
			301,
			'/elsewhere',
			'https://eu.example.test/v3',
		) as unknown as Described;
		expect(read.message).toBe(
			'Convocore answered GET /things with a redirect (HTTP 301) to eu.example.test, which was not followed',
		);
		expect(read.description).toBe(
			"API requests never follow redirects, so that the secret key is never sent to another host. Check the credential's Region or Base URL: it must be the API's own address, ending in /v3.",
		);
		expect(read.httpCode).toBe('301');
		const write = redirectError(
			scopeOf('POST'),
			307,
			undefined,
			'https://eu.example.test/v3',
		) as unknown as Described;
		expect(write.message).toBe(
			'Convocore answered POST /things with a redirect (HTTP 307) to an unnamed location, which was not followed',
		);
		expect(write.description).toMatch(
			new RegExp(`ending in /v3\\. ${MAY_HAVE_BEEN_PROCESSED.replace(/[.()]/g, '\\$&')}$`),
		);
		expect(
			redirectError(scopeOf('GET'), 302, 'https://other.test/x', 'https://eu.example.test/v3')
				.message,
		).toContain('to other.test,');
	});

	it('unexpectedBodyError: what came, and for a write the warning', () => {
		const read = unexpectedBodyError(scopeOf('GET'), 200, 'an empty body') as unknown as Described;
		expect(read.message).toBe('Convocore answered GET /things with HTTP 200 but an empty body');
		expect(read.description).toBe(
			'The answer is not what the Convocore API specifies, so it was not turned into items. A proxy may have answered in its place, or the API changed. Try again later; if it persists, report it.',
		);
		const write = unexpectedBodyError(scopeOf('PUT'), 201, 'the body null') as unknown as Described;
		expect(write.description).toBe(
			`The answer is not what the Convocore API specifies. ${MAY_HAVE_BEEN_PROCESSED}`,
		);
		expect(write.httpCode).toBe('201');
	});

	it('every error loses the secrets of its scope, in the message and the description', () => {
		const scope = scopeOf('GET', undefined, ['h.secret.test']);
		const error = connectionError(
			scope,
			undefined,
			'https://h.secret.test/v3',
		) as unknown as Described;
		expect(error.message).toBe('Could not reach Convocore at [redacted]: no answer arrived');
		const redirect = redirectError(
			scopeOf('GET', undefined, ['moved-secret-1']),
			302,
			'https://moved-secret-1.test/',
			'https://a.test',
		) as unknown as Described;
		expect(redirect.message).toBe(
			'Convocore answered GET /things with a redirect (HTTP 302) to [redacted].test, which was not followed',
		);
		const described = unexpectedBodyError(
			scopeOf('POST', undefined, ['Convocore API specifies']),
			200,
			'x',
		) as unknown as Described;
		expect(described.description).toBe(
			'The answer is not what the [redacted]. ' + MAY_HAVE_BEEN_PROCESSED,
		);
	});
});
