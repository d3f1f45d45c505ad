/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
/**
 * n8n's cancel ends the requests in flight through their deadlines (retries.ts): one listener on
 * the execution's cancel signal serves every live deadline, so cancelling aborts each request's
 * signal and ends each one at once with an error saying it was cancelled (not timed out), and a request already over is left
 * alone. A unit test of sendWithRetries with a hanging `send`: the engine suites never cancel
 * mid-request.
 */
import type { IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';
import {
	sendWithRetries,
	type ConvocoreContext,
	type RetryScope,
} from '../../nodes/Convocore/transport/retries';

const node: INode = {
	id: '1',
	name: 'Convocore',
	type: 'n8n-nodes-convocore.convocore',
	typeVersion: 3,
	position: [0, 0],
	parameters: {},
};

function contextWith(cancel: AbortSignal): ConvocoreContext {
	return {
		getNode: () => node,
		getExecutionCancelSignal: () => cancel,
	} as unknown as IExecuteFunctions;
}

const scopeFor = (ctx: ConvocoreContext): RetryScope => ({
	ctx,
	request: { method: 'POST', path: '/sms' },
	scope: { timeoutMs: 60_000 },
	secrets: new Set(),
});
const options: IHttpRequestOptions = { method: 'POST', url: 'http://127.0.0.1:9/sms' };

/** A send that answers only when told to, and records the signal it was handed. */
function hangingSend() {
	const signals: AbortSignal[] = [];
	const answers: Array<() => void> = [];
	const send = async (_ctx: ConvocoreContext, attempt: IHttpRequestOptions) => {
		signals.push(attempt.abortSignal as AbortSignal);
		return await new Promise((resolve) =>
			answers.push(() => resolve({ statusCode: 200, headers: {}, body: '{}' })),
		);
	};
	return { send, signals, answers };
}

describe("n8n's cancel through the request deadline", () => {
	it('cancelling aborts every request in flight at once, each read as cancelled, not as timed out', async () => {
		const cancel = new AbortController();
		const ctx = contextWith(cancel.signal);
		const { send, signals } = hangingSend();
		const started = Date.now();
		const requests = [1, 2, 3].map(() =>
			sendWithRetries(ctx, options, scopeFor(ctx), send).then(
				() => 'answered',
				(error: Error) => error.message,
			),
		);
		await new Promise((resolve) => setImmediate(resolve));
		expect(signals).toHaveLength(3);
		expect(signals.some((signal) => signal.aborted)).toBe(false);

		cancel.abort();
		const outcomes = await Promise.all(requests);
		expect(Date.now() - started).toBeLessThan(5_000);
		for (const outcome of outcomes)
			expect(outcome).toBe('The execution was cancelled during POST /sms');
		expect(signals.every((signal) => signal.aborted)).toBe(true);
	});

	it('a request over before the cancel is left alone; one made after it ends at once, without being handed over', async () => {
		const cancel = new AbortController();
		const ctx = contextWith(cancel.signal);
		const { send, signals, answers } = hangingSend();
		const first = sendWithRetries(ctx, options, scopeFor(ctx), send);
		const second = sendWithRetries(ctx, options, scopeFor(ctx), send).then(
			() => 'answered',
			(error: Error) => error.message,
		);
		await new Promise((resolve) => setImmediate(resolve));
		answers[0]();
		await expect(first).resolves.toMatchObject({ statusCode: 200 });

		cancel.abort();
		expect(signals[0].aborted).toBe(false);
		expect(signals[1].aborted).toBe(true);
		expect(await second).toBe('The execution was cancelled during POST /sms');

		// The execution is cancelled: a request made now ends at once, and is not handed to n8n's
		// request helper at all (not even with an aborted signal, which it would have to honour).
		const third = await sendWithRetries(ctx, options, scopeFor(ctx), send).then(
			() => 'answered',
			(error: Error) => error.message,
		);
		expect(third).toBe('The execution was cancelled during POST /sms');
		expect(signals).toHaveLength(2);
	});
});
