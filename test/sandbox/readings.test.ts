/**
 * The readings control route (`GET|POST /__sandbox/readings`, sandbox/domain/readings.ts) over
 * real HTTP: each switch changes how the routes answer where Convocore publishes nothing, an
 * unknown switch or value is refused naming it, and a reset clears them.
 */
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();

async function control(method: 'GET' | 'POST', body?: unknown) {
	const response = await fetch(`${sandbox().url}/__sandbox/readings`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const createGroup = (groupName: string) =>
	api(sandbox(), 'POST', `/agents/${SANDBOX_IDS.ownAccountAgent}/groups`, {
		key: sandbox().keys.euWhiteLabel,
		body: { groupName, leads: [{ userName: `Lead of ${groupName}` }] },
	});
const logsPage = (logsPage: number) =>
	api(sandbox(), 'POST', `/workspaces/${SANDBOX_IDS.euWorkspace}/usage`, {
		key: sandbox().keys.euWhiteLabel,
		body: { logsPage },
	});

describe('POST /__sandbox/readings', () => {
	it('leadGroupExists: adds (default) takes new leads into an existing group; refuses answers 409 CONFLICT and stores nothing', async () => {
		await createGroup('vip');
		expect((await createGroup('vip')).status).toBe(201);
		expect((await control('POST', { leadGroupExists: 'refuses' })).status).toBe(200);
		const before = Object.keys(sandbox().state.leads).length;
		const refused = await createGroup('vip');
		expect(refused.status).toBe(409);
		expect(refused.body.code).toBe('CONFLICT');
		expect(Object.keys(sandbox().state.leads)).toHaveLength(before);
	});

	it('usageLogsFirstPage: one (strict default) refuses logsPage 0; zero reads it as the first page; oneAlsoAtZero as page 1', async () => {
		expect((await logsPage(0)).status).toBe(400);
		await control('POST', { usageLogsFirstPage: 'zero' });
		const zero = (await logsPage(0)).body.data.logs;
		expect(zero).toHaveLength(25);
		expect((await logsPage(1)).body.data.logs[0]).not.toEqual(zero[0]);
		await control('POST', { usageLogsFirstPage: 'oneAlsoAtZero' });
		expect((await logsPage(0)).body.data.logs).toEqual((await logsPage(1)).body.data.logs);
		expect((await logsPage(1)).body.data.logs).toEqual(zero);
	});

	it('GET shows the switches; both are kept together; an unknown switch or value is refused; a reset clears them', async () => {
		await control('POST', { leadGroupExists: 'refuses' });
		await control('POST', { usageLogsFirstPage: 'zero' });
		expect((await control('GET')).body).toEqual({
			readings: { leadGroupExists: 'refuses', usageLogsFirstPage: 'zero' },
		});
		const unknown = await control('POST', { leadGroups: 'refuses' });
		expect(unknown.status).toBe(400);
		const wrong = await control('POST', { usageLogsFirstPage: 2 });
		expect(wrong.status).toBe(400);
		expect(JSON.stringify(wrong.body)).toMatch(/usageLogsFirstPage/);
		sandbox().reset();
		expect((await control('GET')).body).toEqual({ readings: {} });
	});
});
