/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The fault suite: the node through n8n's engine against a server that misbehaves the way APIs,
 * proxies and load balancers do (test/harness/faultServer.ts). For an SMS send (a write that
 * costs money), a listing and the crawler delete (irreversible), every case asserts: no side
 * effect twice, a clear error naming what happened, a bounded time, and no secret in items,
 * errors (the node object included) or anything printed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { telcoField } from '../../nodes/shared/telco';
import { runConvocore } from '../harness/convocore';
import { FaultServer, type Answer } from '../harness/faultServer';

const SECRET_KEY = 'vg_faultSuiteSecret_0123456789abcdef';
const AGENT_TOKEN = 'agentOptionsToken_9876543210';
const AGENT = 'agent-1';
const SMS_PATH = '/sms';
const LIST_PATH = `/agents/${AGENT}/custom-metrics`;
const DELETE_PATH = '/workspaces/ws-1/crawler/jobs/job-1';

const smsSuccess = {
	success: true,
	status: 'sent',
	agentId: AGENT,
	to: '+4917600000001',
	from: '+4915730000001',
	messageSid: 'SM0123',
};
const listSuccess = {
	success: true,
	metrics: [
		{
			id: 'm1',
			key: 'booked',
			description: 'Booked',
			type: 'boolean',
			isSystem: false,
			createdAtUNIX: 1,
			updatedAtUNIX: 1,
		},
	],
	total: 1,
};
const deleteSuccess = { success: true, message: 'Crawler job deleted' };

let server: FaultServer;
let elsewhere: FaultServer;
let printed: string[] = [];
const restore: Array<() => void> = [];

beforeAll(async () => {
	server = await FaultServer.start([
		{ method: 'POST', path: SMS_PATH, success: smsSuccess, sideEffect: true },
		{ method: 'GET', path: LIST_PATH, success: listSuccess },
		{ method: 'DELETE', path: DELETE_PATH, success: deleteSuccess, sideEffect: true },
		{ method: 'GET', path: '/voices', success: { success: true, data: { voices: [], total: 0 } } },
	]);
	elsewhere = await FaultServer.start([
		{ method: 'POST', path: SMS_PATH, success: smsSuccess, sideEffect: true },
	]);
});
afterAll(async () => {
	await server.close();
	await elsewhere.close();
});

beforeEach(() => {
	server.reset();
	elsewhere.reset();
	printed = [];
	// Everything n8n or the node prints during a run is captured and searched for secrets.
	for (const stream of [process.stdout, process.stderr]) {
		const original = stream.write.bind(stream);
		stream.write = ((chunk: unknown, ...rest: unknown[]) => {
			printed.push(String(chunk));
			return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
		}) as typeof stream.write;
		restore.push(() => (stream.write = original));
	}
	for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
		const spy = jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
			printed.push(
				args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '),
			);
		});
		restore.push(() => spy.mockRestore());
	}
});
afterEach(() => {
	while (restore.length) restore.pop()?.();
	const output = printed.join('\n');
	expect(output).not.toContain(SECRET_KEY);
	expect(output).not.toContain(AGENT_TOKEN);
});

type Operation = 'sms' | 'list' | 'delete';
const ROUTE: Record<Operation, [string, string]> = {
	sms: ['POST', SMS_PATH],
	list: ['GET', LIST_PATH],
	delete: ['DELETE', DELETE_PATH],
};

function parameters(operation: Operation, timeoutSeconds?: number): INodeParameters {
	const options: INodeParameters = timeoutSeconds === undefined ? {} : { timeout: timeoutSeconds };
	switch (operation) {
		case 'sms':
			return {
				resource: 'sms',
				operation: 'send',
				agentId: AGENT,
				to: '+4917600000001',
				mode: 'direct',
				message: 'Your appointment is confirmed.',
				options: {
					...options,
					agentOptions: JSON.stringify({ serverData: { [telcoField('AuthToken')]: AGENT_TOKEN } }),
				},
			};
		case 'list':
			return {
				resource: 'customMetric',
				operation: 'getAll',
				agentId: AGENT,
				returnAll: true,
				options,
			};
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

async function run(operation: Operation, timeoutSeconds?: number) {
	const started = Date.now();
	const result = await runConvocore(parameters(operation, timeoutSeconds), {
		credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY },
	});
	const elapsedMs = Date.now() - started;
	const error = result.error('Convocore') as
		| (Error & { description?: string; node?: { parameters?: IDataObject } })
		| undefined;
	const items = error ? [] : result.items();
	// No secret anywhere the user, a log or an AI agent could see it.
	const everything = `${JSON.stringify(items)} ${error?.message} ${error?.description} ${JSON.stringify(error)} ${JSON.stringify(error?.node)}`;
	expect(everything).not.toContain(SECRET_KEY);
	expect(everything).not.toContain(AGENT_TOKEN);
	const [method, path] = ROUTE[operation];
	return {
		error,
		items,
		elapsedMs,
		requests: server.requestsTo(method, path).length,
		sideEffects: server.sideEffectsOf(method, path),
	};
}

function script(operation: Operation, ...answers: Answer[]) {
	const [method, path] = ROUTE[operation];
	server.script(method, path, ...answers);
}

const WRITE_WARNING = /check in Convocore before retrying/;
/**
 * Upper bound on a whole engine run that must end early: far below the default 60 s deadline and
 * the hour a Retry-After may ask for, which is what these tests exclude. It is generous because
 * on a loaded 2-core CI machine the engine run around the request alone can take seconds.
 */
const WELL_BEFORE_DEFAULT_DEADLINE_MS = 15_000;
const WRITES: Operation[] = ['sms', 'delete'];
const ALL: Operation[] = ['sms', 'list', 'delete'];

describe('rate limiting (429)', () => {
	it.each(ALL)(
		'%s: a 429 with a short Retry-After is waited out and the request goes through once',
		async (operation) => {
			script(operation, {
				kind: 'json',
				status: 429,
				body: { message: 'Slow down', code: 'RATE_LIMITED' },
				headers: { 'retry-after': '1' },
			});
			const outcome = await run(operation);
			expect(outcome.error).toBeUndefined();
			expect(outcome.requests).toBe(2);
			expect(outcome.sideEffects).toBe(WRITES.includes(operation) ? 1 : 0);
			expect(outcome.elapsedMs).toBeGreaterThanOrEqual(950);
			expect(outcome.elapsedMs).toBeLessThan(WELL_BEFORE_DEFAULT_DEADLINE_MS);
		},
	);

	it.each(ALL)(
		'%s: a Retry-After beyond the deadline fails at once, naming the time in UTC',
		async (operation) => {
			script(operation, {
				kind: 'json',
				status: 429,
				body: { message: 'Slow down', code: 'RATE_LIMITED' },
				headers: { 'retry-after': '3600' },
			});
			const outcome = await run(operation);
			expect(outcome.error?.message).toMatch(/asks to wait until \d\d:\d\d:\d\d UTC/);
			expect(outcome.error?.description).toMatch(/not sent again early/);
			expect(outcome.requests).toBe(1);
			expect(outcome.sideEffects).toBe(0);
			expect(outcome.elapsedMs).toBeLessThan(WELL_BEFORE_DEFAULT_DEADLINE_MS);
		},
	);

	it('a 429 that keeps coming says how often it was sent and how long it waited', async () => {
		server.always('POST', SMS_PATH, {
			kind: 'json',
			status: 429,
			body: { message: 'Slow down', code: 'RATE_LIMITED' },
			headers: { 'retry-after': '0' },
		});
		const outcome = await run('sms');
		expect(outcome.error?.message).toMatch(/kept rate limiting this request \(HTTP 429\)/);
		expect(outcome.error?.message).toMatch(/RATE_LIMITED/);
		expect(outcome.error?.description).toMatch(
			/sent 5 times, each time after the wait Convocore asked for \(Retry-After\), waiting 0 s in all/,
		);
		expect(outcome.requests).toBe(5);
		expect(outcome.sideEffects).toBe(0);
	});
});

describe('server errors (5xx)', () => {
	it.each(WRITES)('%s: a JSON 502 after processing is not retried and warns', async (operation) => {
		script(operation, {
			kind: 'json',
			status: 502,
			body: { message: 'Upstream failed', code: 'BAD_GATEWAY' },
			process: true,
		});
		const outcome = await run(operation);
		expect(outcome.error?.message).toMatch(
			/internal problem \(HTTP 502\): Upstream failed \(BAD_GATEWAY\)/,
		);
		expect(outcome.error?.description).toMatch(WRITE_WARNING);
		expect(outcome.requests).toBe(1);
		expect(outcome.sideEffects).toBe(1);
	});

	it.each(WRITES)(
		'%s: a proxy HTML 502 after processing carries the same warning, not "try again later"',
		async (operation) => {
			script(operation, {
				kind: 'raw',
				status: 502,
				body: '<html><body><h1>502 Bad Gateway</h1>Try again later.</body></html>',
				process: true,
			});
			const outcome = await run(operation);
			expect(outcome.error?.message).toMatch(/HTTP 502.*proxy or load balancer/);
			expect(outcome.error?.description).toMatch(WRITE_WARNING);
			expect(outcome.error?.description).not.toMatch(/temporary problem/);
			expect(outcome.requests).toBe(1);
			expect(outcome.sideEffects).toBe(1);
		},
	);

	it('list: a 503 before processing is retried and then succeeds', async () => {
		script(
			'list',
			{ kind: 'raw', status: 503, body: '<html>Service Unavailable</html>' },
			{ kind: 'json', status: 500, body: { message: 'Oops', code: 'INTERNAL' } },
		);
		const outcome = await run('list');
		expect(outcome.error).toBeUndefined();
		expect(outcome.items).toHaveLength(1);
		expect(outcome.requests).toBe(3);
	});
});

describe('dropped, silent and trickling connections', () => {
	it.each(WRITES)('%s: a connection dropped after processing is not re-sent', async (operation) => {
		script(operation, { kind: 'drop', process: true });
		const outcome = await run(operation);
		expect(outcome.error?.message).toMatch(/Could not reach Convocore at 127\.0\.0\.1/);
		expect(outcome.error?.description).toMatch(WRITE_WARNING);
		expect(outcome.requests).toBe(1);
		expect(outcome.sideEffects).toBe(1);
	});

	it('list: a dropped connection is retried', async () => {
		script('list', { kind: 'drop' });
		const outcome = await run('list');
		expect(outcome.error).toBeUndefined();
		expect(outcome.requests).toBe(2);
	});

	it.each(ALL)(
		'%s: a server that never answers is given up on at the deadline',
		async (operation) => {
			server.always(...ROUTE[operation], { kind: 'silent', process: true });
			const outcome = await run(operation, 1);
			expect(outcome.error?.message).toMatch(/did not answer .* within 1 s \(Options > Timeout\)/);
			if (WRITES.includes(operation)) {
				expect(outcome.error?.description).toMatch(/may have reached Convocore/);
				expect(outcome.requests).toBe(1);
				expect(outcome.sideEffects).toBe(1);
			}
			expect(outcome.elapsedMs).toBeLessThan(WELL_BEFORE_DEFAULT_DEADLINE_MS);
		},
	);

	it.each(ALL)(
		'%s: a server trickling one byte at a time is given up on at the deadline',
		async (operation) => {
			server.always(...ROUTE[operation], { kind: 'trickle', everyMs: 100, process: true });
			const outcome = await run(operation, 1);
			expect(outcome.error?.message).toMatch(/within 1 s/);
			if (WRITES.includes(operation)) expect(outcome.sideEffects).toBe(1);
			expect(outcome.requests).toBe(1);
			expect(outcome.elapsedMs).toBeLessThan(WELL_BEFORE_DEFAULT_DEADLINE_MS);
			// The abort signal really closed the connection: the node does not keep reading in the
			// background. Waited for as an event: the server may see the close only some time later.
			await server.tricklesClosed(10_000);
			expect(server.openTrickles).toBe(0);
		},
	);
});

describe('answers that break the contract', () => {
	const bodies: Array<[string, Answer, RegExp]> = [
		[
			'malformed JSON',
			{
				kind: 'raw',
				status: 200,
				body: '{"success": tru',
				contentType: 'application/json',
				process: true,
			},
			/not valid JSON/,
		],
		[
			'an empty body',
			{ kind: 'raw', status: 200, body: '', contentType: 'application/json', process: true },
			/an empty body/,
		],
		[
			'null',
			{ kind: 'raw', status: 200, body: 'null', contentType: 'application/json', process: true },
			/the body null/,
		],
		[
			'an array',
			{ kind: 'json', status: 200, body: [1, 2], process: true },
			/a list where an object was expected/,
		],
		[
			'a wrong field type',
			{ kind: 'json', status: 200, body: { success: 'yes' }, process: true },
			/does not match the API specification/,
		],
	];
	for (const operation of ALL) {
		it.each(bodies)(`${operation}: %s on 200 is a clear error`, async (_name, answer, message) => {
			script(operation, answer);
			const outcome = await run(operation);
			expect(outcome.error?.message).toMatch(message);
			if (WRITES.includes(operation)) expect(outcome.error?.description).toMatch(WRITE_WARNING);
			expect(outcome.items).toHaveLength(0);
			expect(outcome.requests).toBe(1);
		});
	}

	it.each(ALL)("%s: success:false on 200 names Convocore's message and code", async (operation) => {
		script(operation, {
			kind: 'json',
			status: 200,
			body: { success: false, message: 'Agent has no SMS number', code: 'AGENT_HAS_NO_SMS_NUMBER' },
		});
		const outcome = await run(operation);
		expect(outcome.error?.message).toBe(
			'Convocore reported a failure: Agent has no SMS number (AGENT_HAS_NO_SMS_NUMBER)',
		);
		expect(outcome.requests).toBe(1);
		expect(outcome.sideEffects).toBe(0);
	});
});

describe('voice listings, whose envelope is unpublished', () => {
	it.each([
		['an empty body', '', /an empty body/],
		['null', 'null', /the body null/],
		['a bare value', '42', /a number where an object was expected/],
	])('%s is an error, not 0 voices', async (_name, body, message) => {
		server.script('GET', '/voices', {
			kind: 'raw',
			status: 200,
			body,
			contentType: 'application/json',
		});
		const result = await runConvocore(
			{ resource: 'voice', operation: 'search', returnAll: false, limit: 5 },
			{ credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY } },
		);
		expect(result.error('Convocore')?.message).toMatch(message);
	});
});

describe('redirects and echoed secrets', () => {
	it.each([301, 302, 307, 308] as const)(
		'a %i to another origin is not followed and the secret stays home',
		async (status) => {
			script('sms', { kind: 'redirect', status, location: `${elsewhere.origin}/v3/sms` });
			const outcome = await run('sms');
			const target = new URL(elsewhere.origin).host;
			expect(outcome.error?.message).toMatch(
				new RegExp(
					`redirect \\(HTTP ${status}\\) to ${target.replace('.', '\\.')}, which was not followed`,
				),
			);
			expect(outcome.error?.message).not.toMatch(/\/v3\/sms/);
			expect(elsewhere.requests).toHaveLength(0);
			expect(outcome.sideEffects).toBe(0);
		},
	);

	it.each(ALL)(
		'%s: a secret echoed in an error body is redacted from message, description and response',
		async (operation) => {
			script(operation, {
				kind: 'json',
				status: 401,
				// The agent options token is only known to (and sent by) the SMS send.
				body: {
					message: `Invalid key: Bearer ${SECRET_KEY}${operation === 'sms' ? ` (token ${AGENT_TOKEN})` : ''}`,
					code: 'INVALID_KEY',
				},
			});
			const outcome = await run(operation);
			expect(outcome.error?.message).toMatch(
				/did not accept the secret key: Invalid key: Bearer \[redacted\]/,
			);
			expect(outcome.error?.message).toMatch(/INVALID_KEY/);
		},
	);

	it('a secret echoed in a success body is redacted from the item', async () => {
		script('sms', {
			kind: 'json',
			status: 200,
			body: { ...smsSuccess, debug: `auth=${SECRET_KEY}` },
			process: true,
		});
		const outcome = await run('sms');
		expect(outcome.items[0].json.debug).toBe('auth=[redacted]');
		expect(outcome.sideEffects).toBe(1);
	});

	it('an error carries a copy of the node whose agent option tokens are redacted', async () => {
		script('sms', {
			kind: 'json',
			status: 400,
			body: { message: 'Bad request', code: 'VALIDATION_ERROR' },
		});
		const outcome = await run('sms');
		const agentOptions = (outcome.error?.node?.parameters?.options as IDataObject | undefined)
			?.agentOptions as string;
		expect(agentOptions).toContain('[redacted]');
	});
});

describe('Options > Timeout', () => {
	it('an invalid timeout from an expression is refused before anything is sent', async () => {
		const result = await runConvocore(
			{ ...parameters('list'), options: { timeout: '={{ "soon" }}' } },
			{ credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY } },
		);
		expect(result.error('Convocore')?.message).toMatch(
			/options\.timeout: must be a number of seconds between 1 and 600/,
		);
		expect(server.requests).toHaveLength(0);
	});
});
