import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const smsBody = {
	agentId: SANDBOX_IDS.ownAccountAgent,
	to: '+4917600000001',
	message: 'Reminder: tomorrow 10:00',
};
const send = () =>
	fetch(`${sandbox().baseUrl('eu')}/sms`, {
		method: 'POST',
		headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
		body: JSON.stringify(smsBody),
	});
const providers = () => api(sandbox(), 'GET', '/voices/providers', { key });

describe('faults', () => {
	it('latency delays the answer and then answers normally', async () => {
		sandbox().injectFault({ path: '/voices', kind: 'latency', latencyMs: 300 });
		const started = Date.now();
		const answer = await providers();
		expect(Date.now() - started).toBeGreaterThanOrEqual(280);
		expect(answer.status).toBe(200);
		// The fault was used up: the next request is not delayed. Read from the sandbox's record of
		// which fault each request took, not from a stopwatch that a loaded machine slows down.
		expect((await providers()).status).toBe(200);
		expect(
			sandbox()
				.requests({ path: '/voices/providers' })
				.map((request) => request.fault),
		).toEqual(['latency', undefined]);
	});

	it('status answers 503 by default, as many times as asked, before the handler runs', async () => {
		sandbox().injectFault({ method: 'POST', path: '/sms', kind: 'status', times: 2 });
		const first = await send();
		expect(first.status).toBe(503);
		expect(await first.json()).toMatchObject({
			code: 'SERVICE_UNAVAILABLE',
			message: expect.any(String),
		});
		expect((await send()).status).toBe(503);
		expect(sandbox().sentSms).toHaveLength(0);
		expect((await send()).status).toBe(200);
		expect(sandbox().sentSms).toHaveLength(1);
		expect(
			sandbox()
				.requests()
				.map((r) => [r.status, r.fault]),
		).toEqual([
			[503, 'status'],
			[503, 'status'],
			[200, undefined],
		]);
	});

	it('status can carry another code', async () => {
		sandbox().injectFault({ kind: 'status', status: 500 });
		const answer = await providers();
		expect(answer.status).toBe(500);
		expect(answer.body.code).toBe('INTERNAL_ERROR');
	});

	it('rate-limit answers 429 with Retry-After', async () => {
		sandbox().injectFault({ path: '/voices', kind: 'rate-limit', retryAfterSeconds: 7 });
		const answer = await providers();
		expect(answer.status).toBe(429);
		expect(answer.headers.get('retry-after')).toBe('7');
		expect(answer.body.code).toBe('RATE_LIMITED');
		sandbox().injectFault({ kind: 'rate-limit' });
		expect((await providers()).headers.get('retry-after')).toBe('1');
	});

	it('malformed-json answers 200 with a body that is not JSON', async () => {
		sandbox().injectFault({ path: '/voices/providers', kind: 'malformed-json' });
		const response = await fetch(`${sandbox().baseUrl('eu')}/voices/providers`, {
			headers: { authorization: `Bearer ${key}` },
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toContain('application/json');
		const text = await response.text();
		expect(() => JSON.parse(text)).toThrow();
	});

	it('drop closes the connection without an answer', async () => {
		sandbox().injectFault({ path: '/sms', kind: 'drop' });
		await expect(send()).rejects.toThrow();
		expect(sandbox().sentSms).toHaveLength(0);
		expect(sandbox().requests()[0]).toMatchObject({ status: 0, fault: 'drop' });
	});

	it('afterProcessing fails the answer after the SMS was really sent', async () => {
		sandbox().injectFault({
			method: 'POST',
			path: '/sms',
			kind: 'status',
			status: 502,
			afterProcessing: true,
		});
		const failed = await send();
		expect(failed.status).toBe(502);
		expect(sandbox().sentSms).toHaveLength(1);
		expect(
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:4917600000001`].messages,
		).toHaveLength(1);

		sandbox().injectFault({ method: 'POST', path: '/sms', kind: 'drop', afterProcessing: true });
		await expect(send()).rejects.toThrow();
		expect(sandbox().sentSms).toHaveLength(2);

		sandbox().injectFault({
			method: 'POST',
			path: '/sms',
			kind: 'malformed-json',
			afterProcessing: true,
		});
		const garbled = await send();
		expect(garbled.status).toBe(200);
		const text = await garbled.text();
		expect(() => JSON.parse(text)).toThrow();
		expect(sandbox().sentSms).toHaveLength(3);
	});

	it('matches by method and path prefix only', async () => {
		sandbox().injectFault({ method: 'POST', path: '/voices', kind: 'status', times: Infinity });
		expect((await providers()).status).toBe(200);
		sandbox().clearFaults();
		sandbox().injectFault({ path: '/voice', kind: 'status', times: Infinity });
		expect((await providers()).status).toBe(200);
		sandbox().clearFaults();
		sandbox().injectFault({ path: '/voices', kind: 'status', times: Infinity });
		expect((await send()).status).toBe(200);
		expect((await api(sandbox(), 'GET', '/voices/elevenlabs', { key })).status).toBe(503);
		expect((await api(sandbox(), 'GET', '/voices/providers', { key, region: 'na' })).status).toBe(
			503,
		);
	});

	it('Infinity keeps failing until cleared; reset clears faults too', async () => {
		sandbox().injectFault({ path: '/voices', kind: 'status', times: Infinity });
		for (let i = 0; i < 5; i++) expect((await providers()).status).toBe(503);
		sandbox().clearFaults();
		expect((await providers()).status).toBe(200);
		sandbox().injectFault({ kind: 'status', times: Infinity });
		sandbox().reset();
		expect((await providers()).status).toBe(200);
	});

	it('rejects a malformed fault', () => {
		expect(() => sandbox().injectFault({ kind: 'explode' } as never)).toThrow();
		expect(() => sandbox().injectFault({ kind: 'status', path: 'sms' })).toThrow();
	});

	it('can be injected and cleared over the control routes, with "Infinity" as times', async () => {
		const add = await fetch(`${sandbox().url}/__sandbox/faults`, {
			method: 'POST',
			body: JSON.stringify({
				path: '/voices',
				kind: 'rate-limit',
				times: 'Infinity',
				retryAfterSeconds: 3,
			}),
		});
		expect(add.status).toBe(200);
		expect((await providers()).status).toBe(429);
		expect((await providers()).status).toBe(429);
		const listed = await (await fetch(`${sandbox().url}/__sandbox/faults`)).json();
		expect(listed).toEqual([expect.objectContaining({ kind: 'rate-limit', times: 'Infinity' })]);
		expect((await fetch(`${sandbox().url}/__sandbox/faults`, { method: 'DELETE' })).status).toBe(
			200,
		);
		expect((await providers()).status).toBe(200);
		const bad = await fetch(`${sandbox().url}/__sandbox/faults`, {
			method: 'POST',
			body: JSON.stringify({ kind: 'boom' }),
		});
		expect(bad.status).toBe(400);
	});
});
