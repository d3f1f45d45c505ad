/**
 * nodes/Convocore/transport/retries.ts at the edges of a request's life, written against the survivors of a
 * mutation run (npm run mutation:core): the gate's bounds and jitter at their exact values, a
 * clock that jumps past the deadline during a pause, what a finished request leaves behind on the
 * execution's cancel signal and its timer, and which of timer and cancel ended a request first.
 * (retries.mutation.test.ts has the retry policy itself; the harness is retriesHarness.ts.)
 */
import { sleep } from 'n8n-workflow';
import {
	RateLimitGate,
	sendWithRetries,
	type ConvocoreContext,
	type FullResponse,
	type RetryScope,
} from '../../nodes/Convocore/transport/retries';
import {
	START,
	ctx,
	gateOpensAt,
	node,
	refused,
	run,
	scripted,
	settle,
	status,
} from './retriesHarness';

beforeEach(() => jest.useFakeTimers({ now: START }));
afterEach(() => jest.useRealTimers());

/** A context whose execution can be cancelled with the returned controller. */
function cancellable() {
	const controller = new AbortController();
	const context = {
		getNode: () => node,
		getExecutionCancelSignal: () => controller.signal,
	} as unknown as ConvocoreContext;
	return { controller, context };
}

const scopeOf = (context: ConvocoreContext, timeoutMs?: number): RetryScope => ({
	ctx: context,
	request: { method: 'GET', path: '/things' },
	scope: { timeoutMs },
	secrets: new Set(),
});

describe('the gate', () => {
	it('a pause ending exactly when the current one does keeps the current spread', async () => {
		const gate = new RateLimitGate(() => 0.999);
		gate.pauseFor(4000);
		jest.setSystemTime(START + 3000);
		// Ends at the same moment: its own spread (250 ms) must not replace the first one's (1 s).
		gate.pauseFor(1000);
		expect(await gateOpensAt(gate)).toBe(4000 + 999);
	});

	it('holds nobody once its pause is over, not even for the jitter', async () => {
		const gate = new RateLimitGate(() => 0.999);
		gate.pauseFor(4000);
		jest.setSystemTime(START + 4000);
		expect(await gateOpensAt(gate)).toBe(4000);
	});

	it('does not hold a request whose deadline has already ended', async () => {
		const gate = new RateLimitGate(() => 0);
		gate.pauseFor(4000);
		expect(await gateOpensAt(gate, AbortSignal.abort())).toBe(0);
	});

	it('a gate closed exactly until the deadline fails at once; a millisecond less is waited out', async () => {
		const exactly = new RateLimitGate(() => 0);
		exactly.pauseFor(5000);
		const late = await run('GET', [status(200)], { gate: exactly, timeoutMs: 5000 });
		expect(late.at).toEqual([]);
		expect(late.error?.message).toBe(
			'Convocore is rate limiting this request and asks to wait until 12:00:05 UTC (HTTP 429)',
		);
		const inTime = new RateLimitGate(() => 0);
		inTime.pauseFor(4999);
		const sent = await run('GET', [status(200)], { gate: inTime, timeoutMs: 5000 });
		expect(sent.at).toEqual([4999]);
		expect(sent.response?.statusCode).toBe(200);
	});

	it('a 429 closes the gate for every request sharing it, not only for the one refused', async () => {
		const gate = new RateLimitGate(() => 0);
		const first = run('GET', [status(429, { 'retry-after': '2' }), status(200)], { gate });
		const second = scripted([status(200)]);
		const errorScope: RetryScope = { ...scopeOf(ctx), scope: { gate } };
		await settle();
		// Sent after the 429 arrived, before its pause is over: it waits at the gate too.
		const sending = sendWithRetries(
			ctx,
			{ method: 'GET', url: 'https://eu.example.test/v3/other' },
			errorScope,
			second.send,
		);
		await jest.runAllTimersAsync();
		await sending;
		expect((await first).at).toEqual([0, 2000]);
		expect(second.at).toEqual([2000]);
	});
});

describe('the deadline', () => {
	it('a request without a method is a GET: repeated after a 5xx', async () => {
		const { at, response } = await run(undefined, [status(503), status(200)]);
		expect(at).toEqual([0, 250]);
		expect(response?.statusCode).toBe(200);
	});

	it('a network error when a pause would take exactly the time left is the network error, not a timeout', async () => {
		const { at, error } = await run('GET', [refused], { timeoutMs: 250 });
		expect(at).toEqual([0]);
		expect(error?.message).toBe(
			'Could not reach Convocore at eu.example.test: the connection was refused',
		);
	});

	it('a pause the clock jumps past the deadline (a suspended machine) ends the request instead of sending again', async () => {
		const script = scripted([status(503), status(200)]);
		const errorScope = scopeOf(ctx, 1000);
		const sending = sendWithRetries(
			ctx,
			{ method: 'GET', url: 'https://eu.example.test/v3/things' },
			errorScope,
			script.send,
		).catch((e: Error) => e);
		await settle();
		jest.setSystemTime(START + 5000);
		await jest.runAllTimersAsync();
		expect(((await sending) as Error).message).toBe(
			'Convocore did not answer GET /things within 1 s (Options > Timeout)',
		);
		expect(script.at).toEqual([0]);
	});

	it('a network error that arrives when no time is left (the socket timed out first) is the deadline, not a reason to retry', async () => {
		const errorScope = scopeOf(ctx, 1000);
		let attempts = 0;
		const sending = sendWithRetries(
			ctx,
			{ method: 'GET', url: 'https://eu.example.test/v3/things' },
			errorScope,
			async () => {
				attempts++;
				jest.setSystemTime(START + 1000);
				throw Object.assign(new Error('socket hang up'), { code: 'ETIMEDOUT' });
			},
		).catch((e: Error) => e);
		await jest.runAllTimersAsync();
		expect(((await sending) as Error).message).toBe(
			'Convocore did not answer GET /things within 1 s (Options > Timeout)',
		);
		expect(attempts).toBe(1);
	});
});

describe('what a finished request leaves behind', () => {
	const answered = async (
		context: ConvocoreContext,
		answer: FullResponse | 'later' = { statusCode: 200, headers: {}, body: '' },
	) => {
		let signal: AbortSignal | undefined;
		let finish: (value: FullResponse) => void = () => undefined;
		const sending = sendWithRetries(
			context,
			{ method: 'GET', url: 'https://eu.example.test/v3/things' },
			scopeOf(context),
			async (_ctx, options) => {
				signal = options.abortSignal as AbortSignal | undefined;
				return answer === 'later'
					? await new Promise<FullResponse>((resolve) => (finish = resolve))
					: answer;
			},
		);
		await settle();
		return {
			sending,
			signal: () => signal as AbortSignal,
			finish: () => finish({ statusCode: 200, headers: {}, body: '' }),
		};
	};

	it('cancelling the execution later does not reach requests already answered, also when they overlapped', async () => {
		const { controller, context } = cancellable();
		const a = await answered(context, 'later');
		const b = await answered(context, 'later');
		a.finish();
		b.finish();
		await Promise.all([a.sending, b.sending]);
		controller.abort();
		expect(a.signal().aborted).toBe(false);
		expect(b.signal().aborted).toBe(false);
	});

	it('an execution cancelled before its first request fails that request as cancelled, without sending it', async () => {
		const { controller, context } = cancellable();
		controller.abort();
		const { error, at } = await run('GET', [status(200)], {}, context);
		expect(at).toEqual([]);
		expect(error?.message).toBe('The execution was cancelled during GET /things');
	});

	it("the deadline's timer is let go: it does not abort a request answered in time", async () => {
		jest.useRealTimers();
		const { context } = cancellable();
		const errorScope = scopeOf(context, 30);
		let signal: AbortSignal | undefined;
		await sendWithRetries(
			context,
			{ method: 'GET', url: 'https://eu.example.test/v3/things' },
			errorScope,
			async (_ctx, options) => {
				signal = options.abortSignal as AbortSignal | undefined;
				return { statusCode: 200, headers: {}, body: '' };
			},
		);
		// Past the 30 ms Timeout: a timer still listening would abort the finished request's signal.
		await sleep(120);
		expect(signal?.aborted).toBe(false);
	});

	it('when the timer ends a request first, a cancel arriving in the same moment does not turn it into "cancelled"', async () => {
		jest.useRealTimers();
		const { controller, context } = cancellable();
		const errorScope = scopeOf(context, 100);
		const error = await sendWithRetries(
			context,
			{ method: 'GET', url: 'https://eu.example.test/v3/things' },
			errorScope,
			async (_ctx, options) => {
				// n8n cancels the execution while the request is being aborted by its deadline.
				(options.abortSignal as AbortSignal).addEventListener('abort', () => controller.abort());
				return await new Promise(() => undefined);
			},
		).catch((e: Error) => e);
		expect((error as Error).message).toBe(
			'Convocore did not answer GET /things within 0.1 s (Options > Timeout)',
		);
	});
});
