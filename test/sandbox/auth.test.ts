/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
import { errorBodySchema } from '../../nodes/shared/contracts/common';
import { startSandbox } from '../../sandbox';
import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const keys = SANDBOX_KEYS;
const sms = (agentId: string) => ({
	agentId,
	to: '+4917600000001',
	message: 'Your appointment is tomorrow at 10:00.',
});

describe('sandbox startup and seed', () => {
	it('starts on a free port within a bounded time and serves both region bases', async () => {
		const started = Date.now();
		const own = await startSandbox({ port: 0 });
		const elapsed = Date.now() - started;
		try {
			// A generous bound: it catches a start that hangs or seeds something huge, while the
			// second a loaded 2-core CI machine may need is no failure (speed belongs in benchmarks).
			expect(elapsed).toBeLessThan(10_000);
			expect(own.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			expect(own.baseUrl('eu')).toBe(`${own.url}/eu/v3`);
			expect(own.baseUrl('na')).toBe(`${own.url}/na/v3`);
		} finally {
			await own.close();
		}
	});

	it('has secrets shaped like real ones (vg_ + 20 characters), all different', () => {
		const values = Object.values(keys);
		for (const key of values) expect(key).toMatch(/^vg_[A-Za-z0-9]{20}$/);
		expect(new Set(values).size).toBe(values.length);
		expect(sandbox().keys).toBe(SANDBOX_KEYS);
	});
});

describe('authentication and regions', () => {
	it('answers 401 with the documented error body when the header is missing', async () => {
		const answer = await api(sandbox(), 'GET', '/voices/providers');
		expect(answer.status).toBe(401);
		expect(errorBodySchema.parse(answer.body).code).toBe('UNAUTHORIZED');
		expect(sandbox().requests()[0]).toMatchObject({
			method: 'GET',
			region: 'eu',
			path: '/voices/providers',
			status: 401,
			auth: 'missing',
		});
	});

	it('answers 401 for an unknown secret and for a header without Bearer', async () => {
		expect(
			(await api(sandbox(), 'GET', '/voices/providers', { key: 'vg_NotARealSecret12345' })).status,
		).toBe(401);
		const noBearer = await fetch(`${sandbox().baseUrl('eu')}/voices/providers`, {
			headers: { authorization: keys.euWhiteLabel },
		});
		expect(noBearer.status).toBe(401);
		expect(
			sandbox()
				.requests()
				.map((r) => r.auth),
		).toEqual(['invalid', 'invalid']);
	});

	it('keeps the regions apart: an EU secret is unknown to NA and the other way round', async () => {
		expect(
			(await api(sandbox(), 'GET', '/voices/providers', { key: keys.euWhiteLabel, region: 'na' }))
				.status,
		).toBe(401);
		expect(
			(await api(sandbox(), 'GET', '/voices/providers', { key: keys.naWhiteLabel, region: 'eu' }))
				.status,
		).toBe(401);
		expect(
			(await api(sandbox(), 'GET', '/voices/providers', { key: keys.naWhiteLabel, region: 'na' }))
				.status,
		).toBe(200);
		expect(
			(await api(sandbox(), 'GET', '/voices/providers', { key: keys.euWhiteLabel, region: 'eu' }))
				.status,
		).toBe(200);
		expect(sandbox().count({ region: 'na' })).toBe(2);
		expect(sandbox().count({ region: 'eu' })).toBe(2);
	});

	it('lets an NA agent send from its NA number through the NA base only', async () => {
		const answer = await api(sandbox(), 'POST', '/sms', {
			key: keys.naWhiteLabel,
			region: 'na',
			body: sms(SANDBOX_IDS.naAgent),
		});
		expect(answer.status).toBe(200);
		expect(answer.body.from).toBe(SANDBOX_IDS.naNumber);
		// From the EU side the NA agent does not exist for an EU workspace.
		const fromEu = await api(sandbox(), 'POST', '/sms', {
			key: keys.euWhiteLabel,
			body: sms(SANDBOX_IDS.naAgent),
		});
		expect(fromEu.status).toBe(404);
		expect(fromEu.body.code).toBe('AGENT_NOT_FOUND');
	});

	it('never records the secret, only what kind of secret it was', async () => {
		await api(sandbox(), 'GET', '/voices/providers', { key: keys.euWhiteLabel });
		await api(sandbox(), 'GET', '/voices/providers', { key: keys.euAgentSecret });
		const recorded = sandbox().requests();
		expect(recorded.map((r) => r.auth)).toEqual(['workspace', 'agent']);
		const dump = JSON.stringify(recorded);
		expect(dump).not.toContain(keys.euWhiteLabel);
		expect(dump).not.toContain(keys.euAgentSecret);
		expect(recorded[0].headers.authorization).toBeUndefined();
	});
});

describe('plan gate', () => {
	it('lets Business read but not write, naming White Label and the billing page', async () => {
		expect(
			(await api(sandbox(), 'GET', '/voices/providers', { key: keys.euBusiness })).status,
		).toBe(200);
		const write = await api(sandbox(), 'POST', '/sms', {
			key: keys.euBusiness,
			body: sms(SANDBOX_IDS.euBusinessAgent),
		});
		expect(write.status).toBe(403);
		expect(write.body.code).toBe('PLAN_UPGRADE_REQUIRED');
		expect(write.body.message).toContain('White Label');
		expect(write.body.message).toContain('https://app.convocore.ai/settings/billing');
		expect(sandbox().sentSms).toHaveLength(0);
		const del = await api(
			sandbox(),
			'DELETE',
			`/workspaces/${SANDBOX_IDS.euBusinessWorkspace}/crawler/jobs/${SANDBOX_IDS.crawlerJobBusiness}`,
			{ key: keys.euBusiness },
		);
		expect(del.status).toBe(403);
		expect(sandbox().state.crawlerJobs[SANDBOX_IDS.crawlerJobBusiness]).toBeDefined();
	});

	it('gives Pro no API access at all: reads name the Business plan', async () => {
		const read = await api(sandbox(), 'GET', '/voices/providers', { key: keys.euPro });
		expect(read.status).toBe(403);
		expect(read.body.code).toBe('PLAN_UPGRADE_REQUIRED');
		expect(read.body.message).toContain('Business');
		expect(read.body.message).toContain('https://app.convocore.ai/settings/billing');
		const write = await api(sandbox(), 'POST', '/sms', {
			key: keys.euPro,
			body: sms(SANDBOX_IDS.euProAgent),
		});
		expect(write.status).toBe(403);
		expect(write.body.message).toContain('White Label');
	});

	it('does not gate legacy pay-as-you-go workspaces', async () => {
		const answer = await api(sandbox(), 'POST', '/sms', {
			key: keys.euLegacy,
			body: sms(SANDBOX_IDS.euLegacyAgent),
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({
			success: true,
			from: SANDBOX_IDS.euLegacyNumber,
			senderMode: 'own_account',
		});
		expect(sandbox().sentSms).toHaveLength(1);
	});
});

describe('agent secret scope', () => {
	const key = keys.euAgentSecret;

	it('acts on its own agent', async () => {
		const answer = await api(sandbox(), 'POST', '/sms', {
			key,
			body: sms(SANDBOX_IDS.ownAccountAgent),
		});
		expect(answer.status).toBe(200);
		expect(
			(
				await api(sandbox(), 'GET', `/agents/${SANDBOX_IDS.ownAccountAgent}/custom-metrics`, {
					key,
				})
			).status,
		).toBe(200);
	});

	it('refuses another agent with AGENT_SECRET_SCOPE', async () => {
		const send = await api(sandbox(), 'POST', '/sms', { key, body: sms(SANDBOX_IDS.rentalAgent) });
		expect(send.status).toBe(403);
		expect(send.body.code).toBe('AGENT_SECRET_SCOPE');
		const metrics = await api(
			sandbox(),
			'GET',
			`/agents/${SANDBOX_IDS.rentalAgent}/custom-metrics`,
			{ key },
		);
		expect(metrics.status).toBe(403);
		expect(metrics.body.code).toBe('AGENT_SECRET_SCOPE');
		expect(sandbox().sentSms).toHaveLength(0);
	});

	it('refuses workspace-level operations', async () => {
		const del = await api(
			sandbox(),
			'DELETE',
			`/workspaces/${SANDBOX_IDS.euWorkspace}/crawler/jobs/${SANDBOX_IDS.crawlerJobDocs}`,
			{ key },
		);
		expect(del.status).toBe(403);
		expect(del.body.code).toBe('AGENT_SECRET_SCOPE');
		expect(sandbox().state.crawlerJobs[SANDBOX_IDS.crawlerJobDocs]).toBeDefined();
	});

	it('may use the voice catalog', async () => {
		expect((await api(sandbox(), 'GET', '/voices/providers', { key })).status).toBe(200);
		expect((await api(sandbox(), 'GET', '/voices', { key, query: { limit: 1 } })).status).toBe(200);
	});
});

describe('routing errors', () => {
	const key = keys.euWhiteLabel;

	it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
		const missing = await api(sandbox(), 'GET', '/no-such-thing', { key });
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe('NOT_FOUND');
		const wrong = await api(sandbox(), 'GET', '/sms', { key });
		expect(wrong.status).toBe(405);
		expect(wrong.body.code).toBe('METHOD_NOT_ALLOWED');
		expect(wrong.headers.get('allow')).toBe('POST');
		const outside = await fetch(`${sandbox().url}/v3/sms`, { method: 'POST' });
		expect(outside.status).toBe(404);
		// Paths outside the region bases are not API requests.
		expect(
			sandbox()
				.requests()
				.map((r) => r.status),
		).toEqual([404, 405]);
	});

	it('answers 400 INVALID_JSON for a broken body and sends nothing', async () => {
		const answer = await api(sandbox(), 'POST', '/sms', {
			key,
			rawBody: '{"agentId": "agent-own",',
		});
		expect(answer.status).toBe(400);
		expect(answer.body.code).toBe('INVALID_JSON');
		expect(sandbox().sentSms).toHaveLength(0);
		expect(sandbox().requests()[0].body).toBe('{"agentId": "agent-own",');
	});
});

describe('request recording and control routes', () => {
	const key = keys.euWhiteLabel;

	it('records method, region, path, query and body in order, and filters them', async () => {
		await api(sandbox(), 'GET', '/voices/elevenlabs', { key, query: { limit: 2, gender: 'f' } });
		await api(sandbox(), 'POST', '/sms', { key, body: sms(SANDBOX_IDS.ownAccountAgent) });
		await api(sandbox(), 'GET', '/voices/providers', { key, region: 'na' });
		const [browse, send, na] = sandbox().requests();
		expect(browse).toMatchObject({
			method: 'GET',
			region: 'eu',
			path: '/voices/elevenlabs',
			query: { limit: '2', gender: 'f' },
			status: 200,
			body: undefined,
		});
		expect(send).toMatchObject({
			method: 'POST',
			path: '/sms',
			body: sms(SANDBOX_IDS.ownAccountAgent),
			status: 200,
		});
		expect(na).toMatchObject({ region: 'na', status: 401 });
		expect(browse.at).toBeLessThanOrEqual(send.at);
		expect(sandbox().count({ method: 'post' })).toBe(1);
		expect(sandbox().count({ path: '/voices' })).toBe(0);
		expect(sandbox().count({ path: /^\/voices/ })).toBe(2);
		expect(sandbox().count({ path: /^\/voices/, region: 'eu' })).toBe(1);
	});

	it('serves the control routes without recording them', async () => {
		await api(sandbox(), 'POST', '/sms', { key, body: sms(SANDBOX_IDS.ownAccountAgent) });
		const requests = await (await fetch(`${sandbox().url}/__sandbox/requests`)).json();
		expect(requests).toHaveLength(1);
		const sent = (await (await fetch(`${sandbox().url}/__sandbox/sms`)).json()) as Array<
			Record<string, unknown>
		>;
		expect(sent[0]).toMatchObject({ agentId: SANDBOX_IDS.ownAccountAgent, to: '+4917600000001' });
		const reset = await fetch(`${sandbox().url}/__sandbox/reset`, { method: 'POST' });
		expect(reset.status).toBe(200);
		expect(sandbox().requests()).toHaveLength(0);
		expect(sandbox().sentSms).toHaveLength(0);
	});

	it('reset() restores the seed state', async () => {
		await api(
			sandbox(),
			'DELETE',
			`/workspaces/${SANDBOX_IDS.euWorkspace}/crawler/jobs/${SANDBOX_IDS.crawlerJobDocs}`,
			{ key },
		);
		expect(sandbox().state.crawlerJobs[SANDBOX_IDS.crawlerJobDocs]).toBeUndefined();
		sandbox().reset();
		expect(sandbox().state.crawlerJobs[SANDBOX_IDS.crawlerJobDocs]).toBeDefined();
		expect(sandbox().requests()).toHaveLength(0);
	});
});
