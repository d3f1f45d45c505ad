/**
 * Lead > Create, Get, Get Many, Update and Delete through n8n's engine against the sandbox over
 * real HTTP: exact requests, validation with nothing sent, paging to the end and to a limit.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { type SandboxLead } from '../../sandbox/domain/state';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
const [JORDAN] = SANDBOX_IDS.leadIds;
const leadsPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/leads`;

async function lead(parameters: INodeParameters) {
	return await runConvocore(
		{ resource: 'lead', ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 2 },
	);
}

function addLeads(count: number): void {
	for (let index = 0; index < count; index++) {
		const id = `lead-extra-${String(index).padStart(3, '0')}`;
		const extra: SandboxLead = {
			id,
			agentId: SANDBOX_IDS.ownAccountAgent,
			workspaceId: SANDBOX_IDS.euWorkspace,
			name: `Extra ${index}`,
			ts: 1_800_000_000_000 + index,
		};
		sandbox.current.state.leads[id] = extra;
	}
}

describe('Lead > Create', () => {
	it('sends { lead } exactly as the API specifies and outputs the created lead', async () => {
		const result = await lead({
			operation: 'create',
			agentId: agent,
			leadFields: {
				name: 'Sam Patel',
				email: 'sam@example.com',
				phone: '+4917655544433',
				metaData: { company: 'Patel GmbH', source: 'n8n', notes: '' },
			},
		});
		const [request] = sandbox.current.requests({ method: 'POST', path: '/leads' });
		expect(request.body).toEqual({
			lead: {
				agentId: SANDBOX_IDS.ownAccountAgent,
				name: 'Sam Patel',
				email: 'sam@example.com',
				phone: '+4917655544433',
				metaData: { company: 'Patel GmbH', source: 'n8n' },
			},
		});
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				id: expect.any(String),
				name: 'Sam Patel',
				agentId: SANDBOX_IDS.ownAccountAgent,
			}),
		);
	});

	it.each([
		[
			'an email that is not one',
			{ leadFields: { email: 'sam' } },
			'Invalid lead: lead.email: must be an email address',
		],
		[
			'no agent',
			{ agentId: { __rl: true, mode: 'id', value: '={{ "" }}' } },
			'Invalid lead: lead.agentId: is required',
		],
	])('refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await lead({
			operation: 'create',
			agentId: agent,
			...parameters,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Lead > Get, Update, Delete', () => {
	it('Get reads one lead with ?agentId=', async () => {
		const result = await lead({ operation: 'get', agentId: agent, leadId: JORDAN });
		const [request] = sandbox.current.requests();
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			`/leads/${JORDAN}`,
			{ agentId: SANDBOX_IDS.ownAccountAgent },
		]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({ id: JORDAN, name: 'Jordan Lee' }),
		);
	});

	it('Update sends only { lead } with the changed fields', async () => {
		const result = await lead({
			operation: 'update',
			leadId: JORDAN,
			updateFields: { phone: '+4917600000001', metaData: { notes: 'Prefers mornings' } },
		});
		const [request] = sandbox.current.requests();
		expect([request.method, request.path, request.body]).toEqual([
			'PATCH',
			`/leads/${JORDAN}`,
			{ lead: { phone: '+4917600000001', metaData: { notes: 'Prefers mornings' } } },
		]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				phone: '+4917600000001',
				metaData: expect.objectContaining({ notes: 'Prefers mornings', company: 'Lee Logistics' }),
			}),
		);
	});

	it('Update with nothing to change is refused before anything is sent', async () => {
		const result = await lead({ operation: 'update', leadId: JORDAN, updateFields: {} });
		expect(result.error('Convocore')?.message).toBe(
			'Invalid lead update: body.lead: needs at least one field to change',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Delete returns { deleted: true } and the lead is gone', async () => {
		const result = await lead({ operation: 'delete', agentId: agent, leadId: JORDAN });
		expect(result.items().map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(sandbox.current.state.leads[JORDAN]).toBeUndefined();
		const again = await lead({ operation: 'delete', agentId: agent, leadId: JORDAN });
		expect(again.error('Convocore')?.message).toMatch(/^Not found: Lead lead-jordan/);
	});

	it('refuses a blank lead ID before anything is sent', async () => {
		const result = await lead({ operation: 'get', agentId: agent, leadId: '={{ "  " }}' });
		expect(result.error('Convocore')?.message).toBe('Invalid lead: leadId: is required');
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Lead > Get Many', () => {
	it('Return All reads every page to the end and no further', async () => {
		addLeads(247); // 3 seeded + 247 = 250: pages of 100, 100, 50
		const result = await lead({ operation: 'getAll', agentId: agent, returnAll: true });
		expect(result.items()).toHaveLength(250);
		expect(sandbox.current.requests({ path: leadsPath }).map((r) => r.query)).toEqual([
			{ page: '1', limit: '100' },
			{ page: '2', limit: '100' },
			{ page: '3', limit: '100' },
		]);
	});

	it('Limit stops at the limit', async () => {
		addLeads(247);
		const result = await lead({ operation: 'getAll', agentId: agent, returnAll: false, limit: 30 });
		expect(result.items()).toHaveLength(30);
		expect(sandbox.current.requests({ path: leadsPath }).map((r) => r.query)).toEqual([
			{ page: '1', limit: '30' },
		]);
	});

	it('filters by group and search text; both lead shapes come out as they are', async () => {
		const result = await lead({
			operation: 'getAll',
			agentId: agent,
			returnAll: true,
			filters: { groupName: 'new-patients', searchTerm: 'o' },
		});
		expect(sandbox.current.requests({ path: leadsPath })[0].query).toEqual({
			groupName: 'new-patients',
			searchTerm: 'o',
			page: '1',
			limit: '100',
		});
		expect(result.items().map((item) => item.json.name ?? item.json.userName)).toEqual([
			'Jordan Lee',
			'Omar Okafor',
		]);
	});
});
