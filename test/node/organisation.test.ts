/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: reads N8N_ENGINE_MAJOR (set by npm run test:n8n1) under jest, never ships (package.json "files" is dist/ only) */
/**
 * Organisation > Get Many, Get Agents, Get Clients and Delete through n8n's engine against the
 * sandbox over real HTTP: paging with page/pageSize and totalPages, the picker's value, secrets
 * left out of agents, and Delete's typed confirmation checked before anything is sent.
 */
import type { INodeListSearchResult, INodeParameters } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { DELETE_ORGANISATION_CONFIRMATION } from '../../nodes/Convocore/actions/organisation/delete.operation';
import { ORGANISATION_SEED_IDS } from '../../sandbox/domain/organisation';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { secretStringsOf } from '../../sandbox/seed/crm';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();

const locator = (value: string, mode: 'list' | 'id' = 'id') => ({ __rl: true, mode, value });

async function run(
	parameters: INodeParameters,
	extra: { continueOnFail?: boolean; key?: string } = {},
) {
	return await runConvocore(
		{ resource: 'organisation', ...parameters },
		{
			credential: sandboxCredential(sandbox.current, extra.key),
			continueOnFail: extra.continueOnFail,
			typeVersion: 4,
		},
	);
}

/** Every secret string the seeded agents hold. */
const allSecrets = () =>
	Object.values(sandbox.current.state.agents).flatMap((agent) =>
		secretStringsOf(agent.secretFields),
	);

const queries = (path: string) =>
	sandbox.current.requests({ method: 'GET', path }).map((request) => request.query);

/** Adds `count` organisations to the EU White Label workspace, so that listing them takes several pages. */
function addOrganisations(count: number): string[] {
	const organisations = sandbox.current.state.organisations ?? {};
	for (let index = 0; index < count; index++) {
		const id = `org-extra-${String(index).padStart(3, '0')}`;
		organisations[id] = {
			id,
			workspaceId: SANDBOX_IDS.euWorkspace,
			name: `Extra ${index}`,
			contactEmail: `extra${index}@example.com`,
			createdAt: Date.UTC(2027, 0, 1) + index,
		};
	}
	return Object.values(organisations)
		.filter((organisation) => organisation.workspaceId === SANDBOX_IDS.euWorkspace)
		.sort((a, b) => a.createdAt - b.createdAt)
		.map((organisation) => organisation.id);
}

describe('Organisation > Get Many', () => {
	it('lists the workspace organisations, one item each, in one page of Limit', async () => {
		const items = (await run({ operation: 'getAll' })).items();

		expect(items.map((item) => item.json.id)).toEqual([
			ORGANISATION_SEED_IDS.acme,
			ORGANISATION_SEED_IDS.brightside,
			ORGANISATION_SEED_IDS.empty,
		]);
		expect(items[0].json).toEqual({
			id: ORGANISATION_SEED_IDS.acme,
			name: 'Acme Dental Group',
			contactEmail: expect.any(String),
			createdAt: expect.any(Number),
		});
		expect(queries('/orgs')).toEqual([{ page: '1', pageSize: '50' }]);
	});

	it('Return All follows totalPages in pages of 100 and stops at the last', async () => {
		const all = addOrganisations(230); // 3 seeded + 230 = 233: three pages
		const items = (await run({ operation: 'getAll', returnAll: true })).items();

		expect(items.map((item) => item.json.id)).toEqual(all);
		expect(queries('/orgs')).toEqual(
			[1, 2, 3].map((page) => ({ page: String(page), pageSize: '100' })),
		);
	});

	it('Limit stops at Limit, without asking for a further page', async () => {
		const all = addOrganisations(10);
		const items = (await run({ operation: 'getAll', returnAll: false, limit: 2 })).items();

		expect(items.map((item) => item.json.id)).toEqual(all.slice(0, 2));
		expect(queries('/orgs')).toEqual([{ page: '1', pageSize: '2' }]);
	});
});

describe('Organisation > Get Agents and Get Clients', () => {
	it("lists an organisation's agents with its orgId, simplified, no secret in them", async () => {
		const items = (
			await run({
				operation: 'getAgents',
				orgId: locator(ORGANISATION_SEED_IDS.acme, 'list'),
				returnAll: true,
			})
		).items();

		expect(items.map((item) => item.json.ID)).toEqual(
			[SANDBOX_IDS.ownAccountAgent, SANDBOX_IDS.rentalAgent].sort((a, b) =>
				sandbox.current.state.agents[a].title.localeCompare(sandbox.current.state.agents[b].title),
			),
		);
		expect(items.every((item) => item.json.orgId === ORGANISATION_SEED_IDS.acme)).toBe(true);
		expect(Object.keys(items[0].json)).not.toContain('vg_initPrompt');
		const output = JSON.stringify(items);
		for (const secret of allSecrets()) expect(output).not.toContain(secret);
	});

	it('Simplify off keeps the full record, secrets still redacted', async () => {
		const items = (
			await run({
				operation: 'getAgents',
				orgId: locator(ORGANISATION_SEED_IDS.brightside),
				simplify: false,
				returnAll: true,
			})
		).items();

		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual(
			expect.objectContaining({
				ID: SANDBOX_IDS.noSmsAgent,
				vg_initPrompt: expect.any(String),
				orgId: ORGANISATION_SEED_IDS.brightside,
			}),
		);
		const output = JSON.stringify(items);
		for (const secret of allSecrets()) expect(output).not.toContain(secret);
	});

	it("Return All lists all 25 clients over two pages at pageSize 20's totalPages (Limit 20 would stop after one)", async () => {
		const all = (
			await run({
				operation: 'getClients',
				orgId: locator(ORGANISATION_SEED_IDS.acme),
				returnAll: true,
			})
		).items();
		expect(all).toHaveLength(25);
		expect(new Set(all.map((item) => item.json.id)).size).toBe(25);
		expect(all.every((item) => item.json.orgId === ORGANISATION_SEED_IDS.acme)).toBe(true);

		sandbox.current.reset();
		const limited = (
			await run({ operation: 'getClients', orgId: locator(ORGANISATION_SEED_IDS.acme), limit: 20 })
		).items();
		expect(limited.map((item) => item.json.id)).toEqual(
			all.slice(0, 20).map((item) => item.json.id),
		);
		expect(queries(`/orgs/${ORGANISATION_SEED_IDS.acme}/clients`)).toEqual([
			{ page: '1', pageSize: '20' },
		]);
	});

	it('an unknown organisation fails with the API error, naming it', async () => {
		const result = await run({
			operation: 'getClients',
			orgId: locator('org-nope'),
			returnAll: true,
		});
		expect(result.error('Convocore')?.message).toMatch(/org-nope/);
	});
});

describe('Organisation > Delete', () => {
	it('deletes the organisation and says how many clients went with it', async () => {
		const items = (
			await run({
				operation: 'delete',
				orgId: locator(ORGANISATION_SEED_IDS.acme),
				confirmation: DELETE_ORGANISATION_CONFIRMATION,
			})
		).items();

		expect(items.map((item) => item.json)).toEqual([
			{ deleted: true, orgId: ORGANISATION_SEED_IDS.acme, deletedClientsCount: 25 },
		]);
		expect(sandbox.current.state.organisations?.[ORGANISATION_SEED_IDS.acme]).toBeUndefined();
		expect(
			Object.values(sandbox.current.state.orgClients ?? {}).filter(
				(client) => client.orgId === ORGANISATION_SEED_IDS.acme,
			),
		).toHaveLength(0);
		expect(sandbox.current.state.agents[SANDBOX_IDS.ownAccountAgent]).toBeDefined();
	});

	it("has no default: left empty, n8n's own pre-run check refuses the node and nothing is sent", async () => {
		await expect(
			run({ operation: 'delete', orgId: locator(ORGANISATION_SEED_IDS.acme) }),
		).rejects.toThrow(
			// n8n 1.x's engine refuses it in its own pre-run check, in its own words (npm run test:n8n1).
			process.env.N8N_ENGINE_MAJOR === '1'
				? /The workflow has issues/
				: 'Parameter "Confirmation" is required',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(sandbox.current.state.organisations?.[ORGANISATION_SEED_IDS.acme]).toBeDefined();
	});

	it.each([
		['blank', ' '],
		['in other words', 'yes'],
		['in lower case', DELETE_ORGANISATION_CONFIRMATION.toLowerCase()],
	])('refuses a confirmation %s before anything is sent', async (_, confirmation) => {
		const result = await run({
			operation: 'delete',
			orgId: locator(ORGANISATION_SEED_IDS.acme),
			confirmation,
		});

		expect(result.error('Convocore')?.message).toBe(
			`Invalid organisation delete: confirmation: must be exactly ${DELETE_ORGANISATION_CONFIRMATION} to delete the organisation and its clients`,
		);
		expect(sandbox.current.requests({ method: 'DELETE' })).toHaveLength(0);
		expect(sandbox.current.state.organisations?.[ORGANISATION_SEED_IDS.acme]).toBeDefined();
	});

	it('refuses an empty organisation before anything is sent', async () => {
		const result = await run({
			operation: 'delete',
			orgId: locator('  '),
			confirmation: DELETE_ORGANISATION_CONFIRMATION,
		});

		expect(result.error('Convocore')?.message).toBe(
			'Invalid organisation delete: orgId: is required',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Organisation picker', () => {
	const { listSearch } = new Convocore().methods;

	it('lists every organisation of the workspace over all pages, by name, and filters on name and ID', async () => {
		addOrganisations(120);
		const context = loadOptionsContext(
			sandbox.current,
			{ resource: 'organisation', operation: 'getClients' },
			{ path: 'parameters.orgId', typeVersion: 4 },
		);
		const all = (await listSearch.searchOrganisations.call(context)) as INodeListSearchResult;
		expect(all.results).toHaveLength(123);
		expect(queries('/orgs')).toEqual([
			{ page: '1', pageSize: '100' },
			{ page: '2', pageSize: '100' },
		]);

		const found = (await listSearch.searchOrganisations.call(
			context,
			'acme',
		)) as INodeListSearchResult;
		expect(found.results).toEqual([
			{ name: 'Acme Dental Group', value: ORGANISATION_SEED_IDS.acme },
		]);
	});
});
