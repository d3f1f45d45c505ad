/**
 * nodes/Convocore/transport/retries.ts on a fake clock, written against the survivors of a mutation run (npm
 * run mutation:core): when each attempt goes out (the exact pauses), how many attempts there are,
 * which methods are repeated after what, and what the 429 gate holds back. No real time passes
 * except where a test says so.
 */
import { isRead } from '../../nodes/shared/apiErrors';
import {
	RETRY_POLICY,
	RateLimitGate,
	executionCancelSignal,
	sendWithRetries,
	type ConvocoreContext,
	type RetryScope,
} from '../../nodes/Convocore/transport/retries';
import { START, ctx, node, refused, run, scripted, settle, status } from './retriesHarness';

beforeEach(() => jest.useFakeTimers({ now: START }));
afterEach(() => jest.useRealTimers());

it('keeps the documented policy', () => {
	expect(RETRY_POLICY).toEqual({
		maxAttempts: 5,
		baseDelayMs: 250,
		maxDelayMs: 30_000,
		timeoutMs: 60_000,
	});
});

describe('5xx answers', () => {
	it('a GET is sent five times, the pauses doubling from 250 ms, and the last answer is returned', async () => {
		const { response, at, report } = await run('GET', [status(503)]);
		expect(at).toEqual([0, 250, 750, 1750, 3750]);
		expect(response?.statusCode).toBe(503);
		expect(report).toEqual({ attempts: 5, waitedMs: 3750, retryAfterWaits: 0 });
	});

	it('a GET stops repeating once it is answered', async () => {
		const { response, at } = await run('GET', [status(500), status(502), status(200)]);
		expect(at).toEqual([0, 250, 750]);
		expect(response?.statusCode).toBe(200);
	});

	it('a POST, PUT, PATCH or DELETE is sent once', async () => {
		for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
			const { response, at } = await run(method, [status(500)]);
			expect(at).toEqual([0]);
			expect(response?.statusCode).toBe(500);
		}
	});

	it('a POST its operation declares a read is repeated like a GET; read: false changes nothing', async () => {
		const read = await run('POST', [status(500), status(502), status(200)], {}, ctx, true);
		expect(read.at).toEqual([0, 250, 750]);
		expect(read.response?.statusCode).toBe(200);
		const write = await run('POST', [status(500)], {}, ctx, false);
		expect(write.at).toHaveLength(1);
	});

	it('isRead: a GET, or any request declared a read; a POST, PUT, PATCH or DELETE otherwise not', () => {
		expect([
			isRead({ method: 'GET', path: '/x' }),
			isRead({ method: 'POST', path: '/x', read: true }),
			isRead({ method: 'GET', path: '/x', read: false }),
		]).toEqual([true, true, true]);
		expect(
			(['POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => isRead({ method, path: '/x' })),
		).toEqual([false, false, false, false]);
		expect(isRead({ method: 'POST', path: '/x', read: false })).toBe(false);
	});

	it('a 4xx other than 429 is returned at once', async () => {
		const { response, at } = await run('GET', [status(404)]);
		expect(at).toEqual([0]);
		expect(response?.statusCode).toBe(404);
	});

	it('no pause that would end past the deadline: a 600 ms Timeout allows one pause of 250 ms, not one of 500', async () => {
		const { response, at } = await run('GET', [status(503)], { timeoutMs: 600 });
		expect(at).toEqual([0, 250]);
		expect(response?.statusCode).toBe(503);
	});

	it('a pause of exactly the time left is not taken: the 5xx is returned', async () => {
		const { at, response, error } = await run('GET', [status(503)], { timeoutMs: 250 });
		expect(at).toEqual([0]);
		expect(error).toBeUndefined();
		expect(response?.statusCode).toBe(503);
	});
});

describe('network failures', () => {
	it('a GET is tried again after growing pauses, and the error says how often', async () => {
		const { error, at } = await run('GET', [refused]);
		expect(at).toEqual([0, 250, 750, 1750, 3750]);
		expect(error?.message).toBe(
			'Could not reach Convocore at eu.example.test: the connection was refused',
		);
		expect(error?.description).toBe(
			"Tried 5 times. Check the credential's Region or Base URL and your network.\nNetwork error code: ECONNREFUSED",
		);
	});

	it('a GET that fails once and then succeeds returns the answer', async () => {
		const { response, at } = await run('GET', [refused, status(200)]);
		expect(at).toEqual([0, 250]);
		expect(response?.statusCode).toBe(200);
	});

	it('a POST is not sent again: it may have arrived', async () => {
		const { error, at } = await run('POST', [refused]);
		expect(at).toEqual([0]);
		expect(error?.description).toBe(
			'The request may or may not have reached Convocore. It was not sent again, to avoid doing it twice: check in Convocore before retrying.\nNetwork error code: ECONNREFUSED',
		);
	});

	it('a POST declared a read is tried again, and its error says how often instead of warning', async () => {
		const { error, at } = await run('POST', [refused], {}, ctx, true);
		expect(at).toEqual([0, 250, 750, 1750, 3750]);
		expect(error?.description).toBe(
			"Tried 5 times. Check the credential's Region or Base URL and your network.\nNetwork error code: ECONNREFUSED",
		);
	});

	it('a GET whose next pause would not fit in the deadline fails with the network error', async () => {
		const { error, at } = await run('GET', [refused], { timeoutMs: 300 });
		expect(at).toEqual([0, 250]);
		expect(error?.message).toBe(
			'Could not reach Convocore at eu.example.test: the connection was refused',
		);
		expect(error?.description).toContain('Tried 2 times.');
	});
});

describe('429 answers', () => {
	it('any method waits the Retry-After seconds and is sent again', async () => {
		const { response, at, report } = await run('POST', [
			status(429, { 'Retry-After': '2' }),
			status(429, { 'retry-after': '1' }),
			status(201),
		]);
		expect(at).toEqual([0, 2000, 3000]);
		expect(response?.statusCode).toBe(201);
		expect(report).toEqual({ attempts: 3, waitedMs: 3000, retryAfterWaits: 2 });
	});

	it('reads Retry-After as an HTTP date, and a date in the past as no wait', async () => {
		const inFiveSeconds = new Date(START + 5000).toUTCString();
		const past = new Date(START - 60_000).toUTCString();
		const { at } = await run('GET', [
			status(429, { 'retry-after': [inFiveSeconds] }),
			status(429, { 'retry-after': past }),
			status(200),
		]);
		expect(at).toEqual([0, 5000, 5000]);
	});

	it('without a readable Retry-After it backs off like a 5xx, and the wait is not counted as asked for', async () => {
		const { at, report } = await run('POST', [
			status(429),
			status(429, { 'retry-after': 'soon' }),
			status(429, { 'retry-after': '  ' }),
			status(200),
		]);
		expect(at).toEqual([0, 250, 750, 1750]);
		expect(report?.retryAfterWaits).toBe(0);
	});

	it('a negative Retry-After is no wait', async () => {
		const { at } = await run('GET', [status(429, { 'retry-after': '-3' }), status(200)]);
		expect(at).toEqual([0, 0]);
	});

	it('the fifth 429 is returned, not waited out', async () => {
		const { response, at } = await run('GET', [status(429, { 'retry-after': '1' })]);
		expect(at).toEqual([0, 1000, 2000, 3000, 4000]);
		expect(response?.statusCode).toBe(429);
	});

	it('a Retry-After longer than the time left fails at once, naming the time', async () => {
		const { error, at } = await run('POST', [status(429, { 'retry-after': '10' })], {
			timeoutMs: 5000,
		});
		expect(at).toEqual([0]);
		expect(error?.message).toBe(
			'Convocore is rate limiting this request and asks to wait until 12:00:10 UTC (HTTP 429)',
		);
		expect(error?.httpCode).toBe('429');
		expect(error?.description).toContain("That is later than this request's timeout of 5 s allows");
		expect(error?.description).toContain('It was sent once.');
	});

	it('a Retry-After of exactly the time left returns the 429: nothing could be sent after it', async () => {
		const { at, response, error } = await run(
			'GET',
			[status(429, { 'retry-after': '5' }), status(200)],
			{ timeoutMs: 5000 },
		);
		expect(at).toEqual([0]);
		expect(error).toBeUndefined();
		expect(response?.statusCode).toBe(429);
	});

	it('a Retry-After shorter than the time left is waited out', async () => {
		const { at, response } = await run('GET', [status(429, { 'retry-after': '5' }), status(200)], {
			timeoutMs: 5001,
		});
		expect(at).toEqual([0, 5000]);
		expect(response?.statusCode).toBe(200);
	});

	it('a back-off that does not fit before the deadline returns the 429', async () => {
		const { response, at } = await run('GET', [status(429)], { timeoutMs: 250 });
		expect(at).toEqual([0]);
		expect(response?.statusCode).toBe(429);
	});
});

describe('the rate-limit gate', () => {
	it('a 429 pauses the gate instead of this request, and the next attempt waits at the gate', async () => {
		const gate = new RateLimitGate(() => 0);
		const { at, report } = await run('GET', [status(429, { 'retry-after': '2' }), status(200)], {
			gate,
		});
		expect(at).toEqual([0, 2000]);
		expect(report).toEqual({ attempts: 2, waitedMs: 2000, retryAfterWaits: 1 });
	});

	it('a request arriving while the gate is closed waits for it, spread by the jitter', async () => {
		const gate = new RateLimitGate(() => 0.5);
		gate.pauseFor(4000);
		expect(gate.remainingMs()).toBe(4000);
		// A quarter of the pause, 1000 ms, spread: half of it added.
		const { at } = await run('GET', [status(200)], { gate });
		expect(at).toEqual([4500]);
		expect(gate.remainingMs()).toBe(0);
	});

	it('the spread is a quarter of the pause, at least 50 ms and at most 1 s', async () => {
		const waitAfter = async (pauseMs: number) => {
			const gate = new RateLimitGate(() => 0.999);
			gate.pauseFor(pauseMs);
			const started = Date.now();
			const waiting = gate.wait();
			await jest.runAllTimersAsync();
			await waiting;
			return Date.now() - started - pauseMs;
		};
		expect(await waitAfter(100)).toBe(49);
		expect(await waitAfter(400)).toBe(99);
		expect(await waitAfter(8000)).toBe(999);
	});

	it('a shorter pause does not shorten a longer one', async () => {
		const gate = new RateLimitGate(() => 0);
		gate.pauseFor(3000);
		gate.pauseFor(1000);
		expect(gate.remainingMs()).toBe(3000);
		jest.setSystemTime(START + 5000);
		expect(gate.remainingMs()).toBe(0);
	});

	it('a gate closed for longer than the deadline fails before sending', async () => {
		const gate = new RateLimitGate(() => 0);
		gate.pauseFor(10_000);
		const { error, at } = await run('GET', [status(200)], { gate, timeoutMs: 5000 });
		expect(at).toEqual([]);
		expect(error?.message).toBe(
			'Convocore is rate limiting this request and asks to wait until 12:00:10 UTC (HTTP 429)',
		);
	});
});

describe('each attempt', () => {
	it('gets a fresh copy of the headers, the deadline signal and the time left as its timeout', async () => {
		const { options } = await run('GET', [status(503), status(200)], { timeoutMs: 10_000 });
		expect(options).toHaveLength(2);
		expect(options[0].headers).toEqual({ 'X-Own': 'kept' });
		expect(options[0].headers).not.toBe(options[1].headers);
		expect(options[0].timeout).toBe(10_000);
		expect(options[1].timeout).toBe(9750);
		expect(options[0].abortSignal?.aborted).toBe(false);
		expect(options[0].method).toBe('GET');
	});
});

describe('the deadline', () => {
	beforeEach(() => jest.useRealTimers());

	it('ends a request that never answers, naming the Timeout', async () => {
		const script = scripted(['hang']);
		const errorScope: RetryScope = {
			ctx,
			request: { method: 'GET', path: '/slow' },
			scope: { timeoutMs: 100 },
			secrets: new Set(),
		};
		const error = await sendWithRetries(
			ctx,
			{ method: 'GET', url: 'https://eu.example.test/v3/slow' },
			errorScope,
			script.send,
		).catch((e: Error) => e);
		expect((error as Error).message).toBe(
			'Convocore did not answer GET /slow within 0.1 s (Options > Timeout)',
		);
		expect(script.at).toHaveLength(1);
		expect(script.options[0].abortSignal?.aborted).toBe(true);
	});

	it('a cancelled execution ends its requests, also one already cancelled before it starts', async () => {
		const controller = new AbortController();
		const cancellable = {
			getNode: () => node,
			getExecutionCancelSignal: () => controller.signal,
		} as unknown as ConvocoreContext;
		expect(executionCancelSignal(cancellable)).toBe(controller.signal);
		expect(executionCancelSignal(ctx)).toBeUndefined();
		const errorScope = (): RetryScope => ({
			ctx: cancellable,
			request: { method: 'POST', path: '/sms' },
			scope: {},
			secrets: new Set(),
		});
		const script = scripted(['hang']);
		const sending = sendWithRetries(
			cancellable,
			{ method: 'POST', url: 'https://eu.example.test/v3/sms' },
			errorScope(),
			async (sendCtx, options) => {
				// The context handed to the send carries the deadline's signal as its cancel signal.
				expect(executionCancelSignal(sendCtx)).toBe(options.abortSignal);
				return await script.send(sendCtx, options);
			},
		).catch((e: Error) => e);
		await settle();
		controller.abort();
		const error = (await sending) as Error & { description?: string };
		// A cancel says so (issue 24 §3), not that the deadline passed.
		expect(error.message).toBe('The execution was cancelled during POST /sms');
		expect(error.description).toBe(
			'The request may have reached Convocore and been processed. It was not sent again, to avoid doing it twice: check in Convocore before retrying.',
		);
		const again = scripted([status(200)]);
		const late = await sendWithRetries(
			cancellable,
			{ method: 'POST', url: 'https://eu.example.test/v3/sms' },
			errorScope(),
			again.send,
		).catch((e: Error) => e);
		expect((late as Error).message).toBe('The execution was cancelled during POST /sms');
	});
});
