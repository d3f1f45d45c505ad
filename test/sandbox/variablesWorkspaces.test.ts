import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const agentPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/variables`;

describe('sandbox: variables', () => {
	it('refuses unknown keys in the variable and next to it', async () => {
		const inner = await api(sandbox(), 'POST', agentPath, {
			key: sandbox().keys.euWhiteLabel,
			body: { variable: { key: 'a', type: 'string', colour: 'red' } },
		});
		expect(inner.status).toBe(400);
		expect(inner.body.message).toBe(
			'Invalid variable: unknown field in variable: colour (not accepted by the API)',
		);
		const outer = await api(sandbox(), 'POST', agentPath, {
			key: sandbox().keys.euWhiteLabel,
			body: { variable: { key: 'a' }, extra: 1 },
		});
		expect(outer.status).toBe(400);
		const patch = await api(sandbox(), 'PATCH', '/variables/variable-1', {
			key: sandbox().keys.euWhiteLabel,
			body: { variable: { key: 'a' } },
		});
		expect(patch.status).toBe(404);
	});

	it("an agent secret reaches only its own agent's variables", async () => {
		const created = await api(sandbox(), 'POST', `/agents/${SANDBOX_IDS.rentalAgent}/variables`, {
			key: sandbox().keys.euWhiteLabel,
			body: { variable: { key: 'a', type: 'string', value: 'x' } },
		});
		expect(created.status).toBe(200);
		const asAgent = await api(sandbox(), 'GET', `/variables/${created.body.data.id}`, {
			key: sandbox().keys.euAgentSecret,
		});
		expect(asAgent.status).toBe(403);
		const duplicate = await api(sandbox(), 'POST', `/agents/${SANDBOX_IDS.rentalAgent}/variables`, {
			key: sandbox().keys.euWhiteLabel,
			body: { variable: { key: 'a' } },
		});
		expect(duplicate.status).toBe(409);
	});
});

describe('sandbox: workspaces', () => {
	it('refuses unknown keys, and a Business secret may read but not create', async () => {
		const unknown = await api(sandbox(), 'POST', '/workspaces', {
			key: sandbox().keys.euWhiteLabel,
			body: { workspaceName: 'A', owner: 'me' },
		});
		expect(unknown.status).toBe(400);
		const update = await api(sandbox(), 'PATCH', `/workspaces/${SANDBOX_IDS.euWorkspace}`, {
			key: sandbox().keys.euWhiteLabel,
			body: { updates: { plan: 'free' } },
		});
		expect(update.status).toBe(400);
		const business = await api(sandbox(), 'POST', '/workspaces', {
			key: sandbox().keys.euBusiness,
			body: { workspaceName: 'A' },
		});
		expect(business.status).toBe(403);
		expect(
			(await api(sandbox(), 'GET', '/workspaces', { key: sandbox().keys.euBusiness })).status,
		).toBe(200);
	});

	it('no answer holds a workspace secret', async () => {
		const created = await api(sandbox(), 'POST', '/workspaces', {
			key: sandbox().keys.euWhiteLabel,
			body: { workspaceName: 'Client' },
		});
		const id = created.body.data.id as string;
		const answers = [
			created,
			await api(sandbox(), 'GET', '/workspaces', { key: sandbox().keys.euWhiteLabel }),
			await api(sandbox(), 'GET', `/workspaces/${id}`, { key: sandbox().keys.euWhiteLabel }),
		];
		for (const secret of [sandbox().state.workspaces[id].secret, sandbox().keys.euWhiteLabel])
			for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(secret);
	});
});
