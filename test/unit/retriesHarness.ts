/**
 * The stand-in for n8n's request helper that nodes/Convocore/transport/retries.ts's unit tests send through: a
 * scripted answer per attempt, on jest's fake clock, recording when each attempt went out.
 */
import type { IHttpRequestMethods, IHttpRequestOptions, INode } from 'n8n-workflow';
import {
	sendWithRetries,
	type RateLimitGate,
	type ConvocoreContext,
	type FullResponse,
	type RequestScope,
	type RetryScope,
} from '../../nodes/Convocore/transport/retries';

/** Lets every promise that can settle now settle (the limits and the retry loop wait on promises only). */
export async function settle(): Promise<void> {
	for (let i = 0; i < 50; i++) await Promise.resolve();
}

export const START = Date.UTC(2026, 0, 1, 12, 0, 0);
export const node: INode = {
	id: 'n1',
	name: 'Convocore',
	type: 'n8n-nodes-convocore.convocore',
	typeVersion: 3,
	position: [0, 0],
	parameters: {},
};
export const ctx = { getNode: () => node } as unknown as ConvocoreContext;

export type Step = Partial<FullResponse> | Error | 'hang';
export type Failure = Error & { description?: string; httpCode?: string };

/** A send that answers `steps` in order (the last one repeats) and records when each attempt went out. */
export function scripted(steps: Step[]) {
	const at: number[] = [];
	const options: IHttpRequestOptions[] = [];
	const send = async (_ctx: ConvocoreContext, attempt: IHttpRequestOptions) => {
		at.push(Date.now() - START);
		options.push(attempt);
		const step = steps[Math.min(at.length - 1, steps.length - 1)];
		if (step === 'hang') return await new Promise(() => undefined);
		if (step instanceof Error) throw step;
		return { statusCode: 200, headers: {}, body: '', ...step };
	};
	return { at, options, send };
}

/** Sends one request through sendWithRetries with `steps` as the answers, running the fake clock to the end. */
export async function run(
	method: IHttpRequestMethods | undefined,
	steps: Step[],
	scope: RequestScope = {},
	context: ConvocoreContext = ctx,
	read?: boolean,
) {
	const script = scripted(steps);
	// `read`: the operation declared this request a read (a POST that only reads).
	const errorScope: RetryScope = {
		ctx: context,
		request: { method: method ?? 'GET', path: '/things', ...(read === undefined ? {} : { read }) },
		scope,
		secrets: new Set(),
	};
	const sending = sendWithRetries(
		context,
		{ method, url: 'https://eu.example.test/v3/things', headers: { 'X-Own': 'kept' } },
		errorScope,
		script.send,
	).then(
		(response) => ({ response, error: undefined as Failure | undefined }),
		(error: Error) => ({ response: undefined, error: error as Failure }),
	);
	await jest.runAllTimersAsync();
	return { ...(await sending), at: script.at, options: script.options, report: errorScope.retries };
}

export const status = (statusCode: number, headers: FullResponse['headers'] = {}): Step => ({
	statusCode,
	headers,
});
export const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
	code: 'ECONNREFUSED',
});

/** Waits at `gate` on the fake clock; the ms since START at which the wait ended. */
export async function gateOpensAt(gate: RateLimitGate, signal?: AbortSignal): Promise<number> {
	const waiting = gate.wait(signal);
	await jest.runAllTimersAsync();
	await waiting;
	return Date.now() - START;
}
