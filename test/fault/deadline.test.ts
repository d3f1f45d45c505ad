/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against a local fault server with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The deadline (Options > Timeout) at its default, against a server that sends 200, the start of
 * a JSON body, and then one space now and then forever. Each space resets the socket's own idle
 * timeout, so only the deadline can end the request. On Node 20 a signal made by
 * `AbortSignal.any` is held only weakly by its sources and can be garbage-collected before it
 * fires, listeners and all: a deadline built on one fired at Timeout 1 s (no garbage collection in
 * between) and never at the default 60 s. These runs force garbage collection all along, so a
 * deadline that can be collected fails them every time instead of now and then.
 */
import type { INodeParameters } from 'n8n-workflow';
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';
import { runConvocore } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const SECRET_KEY = 'vg_deadlineSuiteSecret_0123456789abcdef';
const AGENT = 'agent-1';
const DELETE_PATH = '/workspaces/ws-1/crawler/jobs/job-1';
/** What the server sends before it starts trickling: a JSON body that never ends. */
const PARTIAL_JSON = '{"success":true,';

type Operation = 'sms' | 'voices' | 'delete';
const ROUTE: Record<Operation, [string, string]> = {
	sms: ['POST', '/sms'],
	voices: ['GET', '/voices'],
	delete: ['DELETE', DELETE_PATH],
};
const WRITES: Operation[] = ['sms', 'delete'];
const ALL: Operation[] = ['sms', 'voices', 'delete'];

function parameters(operation: Operation, options: INodeParameters): INodeParameters {
	switch (operation) {
		case 'sms':
			return {
				resource: 'sms',
				operation: 'send',
				agentId: AGENT,
				to: '+4917600000001',
				mode: 'direct',
				message: 'Your appointment is confirmed.',
				options,
			};
		case 'voices':
			return { resource: 'voice', operation: 'search', returnAll: false, limit: 5, options };
		case 'delete':
			return {
				resource: 'crawlerJob',
				operation: 'delete',
				workspaceId: 'ws-1',
				jobId: 'job-1',
				options,
			};
	}
}

let server: FaultServer;
beforeAll(async () => {
	server = await FaultServer.start([
		{ method: 'POST', path: '/sms', success: {}, sideEffect: true },
		{ method: 'GET', path: '/voices', success: {} },
		{ method: 'DELETE', path: DELETE_PATH, success: {}, sideEffect: true },
	]);
});
afterAll(async () => server.close());
beforeEach(() => server.reset());

/** `work`, or a failure once `ms` have passed: a run that hangs fails the test instead of timing it out. */
async function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
	let giveUp: NodeJS.Timeout | undefined;
	const hung = new Promise<never>((_, reject) => {
		giveUp = setTimeout(() => reject(new Error(`${what} was still running after ${ms} ms`)), ms);
	});
	try {
		return await Promise.race([work, hung]);
	} finally {
		clearTimeout(giveUp);
	}
}

/**
 * Runs every operation at once against the trickling server, collecting garbage every
 * `gcEveryMs`; a run still going 30 s after its deadline fails (a hang, not a slow machine).
 */
async function runAllTrickling(
	options: INodeParameters,
	deadlineSeconds: number,
	everyMs: number,
	gcEveryMs: number,
) {
	for (const operation of ALL)
		server.always(...ROUTE[operation], {
			kind: 'trickle',
			everyMs,
			prefix: PARTIAL_JSON,
			process: true,
		});
	const collector = setInterval(collectGarbage, gcEveryMs);
	try {
		return await Promise.all(
			ALL.map(async (operation) => {
				const started = Date.now();
				const result = await within(
					deadlineSeconds * 1000 + 30_000,
					runConvocore(parameters(operation, options), {
						credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY },
					}),
					operation,
				);
				const error = result.error('Convocore') as (Error & { description?: string }) | undefined;
				return { operation, error, elapsedMs: Date.now() - started };
			}),
		);
	} finally {
		clearInterval(collector);
	}
}

/**
 * The server shares the test's event loop: on a busy machine (forced collections every 50 ms, the
 * other jest worker) a request the node already wrote can reach the server's handler only after the
 * deadline fired. Counting before it arrives read 0, and the late arrival then counted in the next
 * test (2): wait for it, for at most a few seconds.
 */
async function arrivalOf(method: string, path: string): Promise<void> {
	const until = Date.now() + 5_000;
	while (server.requestsTo(method, path).length === 0 && Date.now() < until)
		await new Promise((resolve) => setTimeout(resolve, 25));
}

async function expectEndedByDeadline(
	outcomes: Awaited<ReturnType<typeof runAllTrickling>>,
	seconds: number,
) {
	for (const { operation, error, elapsedMs } of outcomes) {
		const [method, path] = ROUTE[operation];
		expect(error?.message).toBe(
			`Convocore did not answer ${method} ${path} within ${seconds} s (Options > Timeout)`,
		);
		await arrivalOf(method, path);
		if (WRITES.includes(operation)) {
			expect(error?.description).toMatch(
				/may have reached Convocore and been processed\. It was not sent again/,
			);
			expect(server.sideEffectsOf(method, path)).toBe(1);
		}
		// Sent once: a write is never re-sent, and a read is not retried past its deadline.
		expect(server.requestsTo(method, path)).toHaveLength(1);
		// Not before the deadline. No upper bound in wall time: on a busy machine (this test shares
		// its event loop with the server and forced collections) the end comes seconds late and
		// fails nothing; what proves the deadline ended it is the message above, and a run that
		// never ends fails `within`.
		expect(elapsedMs).toBeGreaterThanOrEqual(seconds * 1000 - 50);
	}
}

describe('a body that trickles forever ends at the deadline', () => {
	it('at Timeout 2 s, with garbage collected all along, every operation ends and its connection is closed', async () => {
		const outcomes = await runAllTrickling({ timeout: 2 }, 2, 700, 50);
		await expectEndedByDeadline(outcomes, 2);
		await server.tricklesClosed(5_000);
		expect(server.openTrickles).toBe(0);
	}, 60_000);

	// The default path in real time, once: no Options > Timeout at all, one space every 15 s (the
	// socket's idle timeout never passes). About 60 s of wall time for the three operations together.
	it('at the default Timeout (none set), every operation ends after 60 s and its connection is closed', async () => {
		const outcomes = await runAllTrickling({}, 60, 15_000, 1_000);
		await expectEndedByDeadline(outcomes, 60);
		await server.tricklesClosed(5_000);
		expect(server.openTrickles).toBe(0);
	}, 120_000);
});
