/**
 * Agent > Search through n8n's engine against the sandbox over real HTTP: the query as the API
 * takes it, the sort orders, Starred Only, Return All over pages of 100 following hasMore, Limit,
 * Simplify, and no secret in any output.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { secretStringsOf } from '../../sandbox/seed/crm';
import type { SandboxAgent } from '../../sandbox/domain/state';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const workspaceId = { __rl: true, mode: 'list', value: SANDBOX_IDS.euWorkspace };

async function search(parameters: INodeParameters = {}) {
	return await runConvocore(
		{ resource: 'agent', operation: 'search', workspaceId, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
	);
}

const searchQueries = () =>
	sandbox.current
		.requests({ method: 'GET', path: '/agents/search' })
		.map((request) => request.query);
const euAgents = () =>
	Object.values(sandbox.current.state.agents).filter(
		(agent) => agent.workspaceId === SANDBOX_IDS.euWorkspace,
	);

/** Adds `count` agents to the EU White Label workspace, created one minute apart after the seed's. */
function addAgents(count: number): SandboxAgent[] {
	const template = sandbox.current.state.agents[SANDBOX_IDS.noSmsAgent];
	for (let index = 0; index < count; index++) {
		const ID = `agent-extra-${String(index).padStart(3, '0')}`;
		sandbox.current.state.agents[ID] = {
			...template,
			ID,
			title: `Extra ${String(index).padStart(3, '0')}`,
			secret: undefined,
			createdAtUNIX: template.createdAtUNIX + 60 * (index + 1),
		};
	}
	return euAgents();
}

describe('Agent > Search', () => {
	it('sends the query as the API takes it and outputs one simplified item per agent, newest first by default', async () => {
		const items = (await search()).items();

		expect(searchQueries()).toEqual([
			{
				workspaceId: SANDBOX_IDS.euWorkspace,
				sortBy: 'newest',
				page: '1',
				limit: '50',
				starredOnly: 'false',
			},
		]);
		expect(items.map((item) => item.json.ID).sort()).toEqual(
			euAgents()
				.map((agent) => agent.ID)
				.sort(),
		);
		expect(Object.keys(items[0].json)).not.toContain('vg_initPrompt');
		const output = JSON.stringify(items);
		for (const secret of euAgents().flatMap((agent) => secretStringsOf(agent.secretFields)))
			expect(output).not.toContain(secret);
	});

	it('passes Search Text and the sort order, and lists in the order Convocore answers', async () => {
		addAgents(3);
		const oldest = (await search({ search: 'extra', sortBy: 'oldest' })).items();
		const alphabetical = (await search({ search: 'extra', sortBy: 'alphabetical' })).items();
		const lastCreated = (await search({ search: 'Extra', sortBy: 'lastCreated' })).items();

		expect(oldest.map((item) => item.json.ID)).toEqual([
			'agent-extra-000',
			'agent-extra-001',
			'agent-extra-002',
		]);
		expect(alphabetical.map((item) => item.json.title)).toEqual([
			'Extra 000',
			'Extra 001',
			'Extra 002',
		]);
		expect(lastCreated.map((item) => item.json.ID)).toEqual([
			'agent-extra-002',
			'agent-extra-001',
			'agent-extra-000',
		]);
		expect(searchQueries().map((query) => [query.search, query.sortBy])).toEqual([
			['extra', 'oldest'],
			['extra', 'alphabetical'],
			['Extra', 'lastCreated'],
		]);
	});

	it('Starred Only lists only the starred agents', async () => {
		sandbox.current.state.agents[SANDBOX_IDS.rentalAgent].fields = { starred: true };
		const items = (await search({ starredOnly: true })).items();

		expect(items.map((item) => item.json.ID)).toEqual([SANDBOX_IDS.rentalAgent]);
		expect(searchQueries()[0].starredOnly).toBe('true');
	});

	it('Return All stops when hasMore is false, even after an exactly full page', async () => {
		addAgents(200 - euAgents().length);
		const items = (await search({ returnAll: true })).items();

		expect(items).toHaveLength(200);
		expect(searchQueries().map((query) => [query.page, query.limit])).toEqual([
			['1', '100'],
			['2', '100'],
		]);
	});

	it('Return All asks for pages of 100 until hasMore is false', async () => {
		const all = addAgents(230);
		const items = (await search({ returnAll: true, sortBy: 'oldest' })).items();

		expect(items).toHaveLength(all.length);
		expect(new Set(items.map((item) => item.json.ID)).size).toBe(all.length);
		expect(searchQueries().map((query) => [query.page, query.limit])).toEqual([
			['1', '100'],
			['2', '100'],
			['3', '100'],
		]);
	});

	it('Limit asks for one page of Limit agents', async () => {
		addAgents(20);
		const items = (await search({ limit: 7 })).items();

		expect(items).toHaveLength(7);
		expect(searchQueries().map((query) => [query.page, query.limit])).toEqual([['1', '7']]);
	});

	it('Simplify off keeps the full record, secrets redacted', async () => {
		const items = (await search({ simplify: false, search: SANDBOX_IDS.ownAccountAgent })).items();

		expect(items).toHaveLength(1);
		expect(items[0].json.vg_initPrompt).toEqual(expect.any(String));
		const output = JSON.stringify(items);
		for (const secret of secretStringsOf(
			sandbox.current.state.agents[SANDBOX_IDS.ownAccountAgent].secretFields,
		))
			expect(output).not.toContain(secret);
	});

	it('refuses an unknown sort order and an empty workspace before anything is sent', async () => {
		const sort = await search({ sortBy: 'random' });
		const workspace = await search({ workspaceId: { __rl: true, mode: 'id', value: ' ' } });

		expect(sort.error('Convocore')?.message).toBe(
			'Invalid agent search: sortBy: must be one of newest, oldest, firstCreated, lastCreated, alphabetical',
		);
		expect(workspace.error('Convocore')?.message).toBe(
			'Invalid agent search: workspaceId: is required',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});
