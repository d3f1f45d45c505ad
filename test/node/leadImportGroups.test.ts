/**
 * Lead > Import into a lead group that exists, under both readings of `POST …/groups` (issue 40,
 * defect 5), and a 408 on the import (issue 40 item 10), through n8n's engine against the sandbox
 * in published mode. The reading is switched by the sandbox's control route
 * (`POST /__sandbox/readings { leadGroupExists }`). Checked by outcome: every lead stored exactly
 * once, in the group asked for, and the output says which way each batch went.
 */
import { type Sandbox } from '../../sandbox';
import { useSandbox } from '../harness/convocore';
import { leadAgentPath, leadRunner, people, personMapping } from '../harness/leads';

const sandbox = useSandbox({ mode: 'published' });
const run = leadRunner(sandbox, 6);
const mapping = personMapping;

async function setReading(target: Sandbox, leadGroupExists: 'adds' | 'refuses') {
	const response = await fetch(`${target.url}/__sandbox/readings`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ leadGroupExists }),
	});
	expect(response.status).toBe(200);
}

const agentLeads = () =>
	Object.values(sandbox.current.state.leads).filter((lead) =>
		String((lead as { userName?: string }).userName ?? '').startsWith('Person '),
	);
const namesIn = (group: string) =>
	agentLeads()
		.filter((lead) => lead.groupName === group)
		.map((lead) => (lead as { userName?: string }).userName);
const groupNames = () => new Set(agentLeads().map((lead) => lead.groupName));

/** Two leads in group `webinar` already, from an earlier import (under either reading, a new name is taken). */
async function existingGroup() {
	const first = await run(
		'lead',
		{ operation: 'import', ...mapping, options: { groupName: 'webinar' } },
		{ input: people(2) },
	);
	expect(first.items().map((item) => item.json.importPath)).toEqual(['groupRoute', 'groupRoute']);
}

/** The requests matching `filter` after the earlier import (whose one request carries Person 0). */
const later = (filter: Parameters<Sandbox['requests']>[0]) =>
	sandbox.current
		.requests(filter)
		.filter((request) => !JSON.stringify(request.body ?? {}).includes('"Person 0"'));

/** Under `reading`: group webinar with people 0 and 1, then people 2 to 251 imported into it. */
async function importIntoExisting(reading: 'adds' | 'refuses') {
	await setReading(sandbox.current, reading);
	await existingGroup();
	const result = await run(
		'lead',
		{ operation: 'import', ...mapping, options: { groupName: 'webinar' } },
		{ input: people(252).slice(2) },
	);
	// Every lead exactly once, all in webinar.
	expect(namesIn('webinar')).toEqual(people(252).map((person) => person.json.name));
	expect(agentLeads()).toHaveLength(252);
	return result.items().map((item) => item.json);
}

describe('Lead > Import into an existing lead group', () => {
	it('where Convocore adds new leads to an existing name: one request per batch, importPath groupRoute', async () => {
		const items = await importIntoExisting('adds');
		expect(new Set(items.map((item) => item.importPath))).toEqual(new Set(['groupRoute']));
		expect(later({ method: 'POST', path: /\/groups$/ })).toHaveLength(3);
	});

	it('where Convocore refuses an existing name (409): each batch is stored in a staging group of its own and moved in, each lead once', async () => {
		const items = await importIntoExisting('refuses');
		// No staging group is left, among the leads or in Lead Group > Get Many.
		expect(groupNames()).toEqual(new Set(['webinar']));
		const groups = await run('leadGroup', { operation: 'getAll', returnAll: true });
		const names = groups.items().map((item) => item.json.name as string);
		expect(names.filter((name) => name.startsWith('n8n-import-'))).toEqual([]);
		expect(groups.items().map((item) => item.json)).toContainEqual({
			name: 'webinar',
			leadCount: 252,
		});
		expect(items).toHaveLength(250);
		expect(items.every((item) => item.imported === true && item.groupName === 'webinar')).toBe(
			true,
		);
		expect(items.every((item) => item.importPath === 'assignToGroup')).toBe(true);
		expect(items[0].stagingGroup).toMatch(/^n8n-import-[0-9a-f-]{36}$/);
		expect(new Set(items.map((item) => item.stagingGroup)).size).toBe(3);
		// Only the first batch tries the name (refused, nothing stored); the others go straight round.
		const groupPosts = later({
			method: 'POST',
			path: `${leadAgentPath}/groups`,
		});
		expect(groupPosts.map((request) => request.status)).toEqual([409, 200, 200, 200]);
		expect(sandbox.current.requests({ method: 'PUT' }).map((request) => request.path)).toEqual([
			`${leadAgentPath}/groups/webinar`,
			`${leadAgentPath}/groups/webinar`,
			`${leadAgentPath}/groups/webinar`,
		]);
	});

	it('a new group of more than one batch, where Convocore refuses an existing name: batch 1 makes it, the others join it', async () => {
		await setReading(sandbox.current, 'refuses');
		const result = await run(
			'lead',
			{ operation: 'import', ...mapping, options: { groupName: 'fresh', batchSize: 2 } },
			{ input: people(5) },
		);
		expect(namesIn('fresh')).toEqual(people(5).map((person) => person.json.name));
		expect(result.items().map((item) => item.json.importPath)).toEqual([
			'groupRoute',
			'groupRoute',
			'assignToGroup',
			'assignToGroup',
			'assignToGroup',
		]);
	});

	it('the move fails: the error says the batch is stored in its staging group and must not be imported again; nothing is sent twice', async () => {
		await setReading(sandbox.current, 'refuses');
		await existingGroup();
		sandbox.current.injectFault({
			method: 'PUT',
			path: `${leadAgentPath}/groups/webinar`,
			kind: 'status',
			status: 502,
		});
		const result = await run(
			'lead',
			{ operation: 'import', ...mapping, options: { groupName: 'webinar', batchSize: 10 } },
			{ input: people(5).slice(2) },
		);
		const error = result.error('Convocore') as { message: string; description?: string };
		expect(error.message).toMatch(/^Batch 1 of 1 \(items 0-2\) failed: /);
		const staging = [...groupNames()].find((name) => name?.startsWith('n8n-import-'));
		expect(staging).toBeDefined();
		expect(error.description).toContain(
			`Items 0-2 were stored in lead group ${staging}, a group of their own made because Convocore refuses to add new leads to the existing lead group webinar, and may not have been moved to webinar`,
		);
		expect(error.description).toContain('Do not import them again.');
		expect(namesIn(staging!)).toEqual(['Person 2', 'Person 3', 'Person 4']);
		expect(agentLeads()).toHaveLength(5);
		expect(sandbox.current.requests({ method: 'PUT' })).toHaveLength(1);
	});
});

describe('Lead > Import: a 408 (Request Timeout) may have been stored (issue 40, item 10)', () => {
	it.each([
		['without a group', {}, `${leadAgentPath}/leads/bulk`, 'Items 0-2 may have been stored: '],
		[
			'into a group',
			{ groupName: 'timeouts' },
			`${leadAgentPath}/groups`,
			'Items 0-2 may have been stored in lead group timeouts: ',
		],
	])(
		'%s: counted as possibly stored, never as refused, and never sent again',
		async (_, options, path, said) => {
			await setReading(sandbox.current, 'refuses');
			sandbox.current.injectFault({
				method: 'POST',
				path,
				kind: 'status',
				status: 408,
				afterProcessing: true,
			});
			const result = await run(
				'lead',
				{ operation: 'import', ...mapping, options },
				{ input: people(3) },
			);
			const error = result.error('Convocore') as { message: string; description?: string };
			expect(error.description).toContain(said);
			expect(error.description).not.toMatch(/refused|were not stored/);
			// Stored once by the request that timed out; nothing re-sent, no fallback tried.
			expect(agentLeads()).toHaveLength(3);
			expect(sandbox.current.requests({ method: 'POST' })).toHaveLength(1);
		},
	);
});
