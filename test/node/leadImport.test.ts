/**
 * Lead > Import, Export, Delete Many and Delete All, and the Lead Group resource, through n8n's
 * engine against the sandbox over real HTTP: batches of all input items, one output per item,
 * invalid leads refused alone, a failed batch naming its items, Dry Run, the typed confirmation.
 */
import { useSandbox } from '../harness/convocore';
import { leadAgentPath, leadRunner, people, personMapping } from '../harness/leads';

const sandbox = useSandbox();
const run = leadRunner(sandbox, 3);
const mapping = { ...personMapping, additionalFields: { company: '={{ $json.company }}' } };

const bulkRequests = () =>
	sandbox.current.requests({ method: 'POST', path: `${leadAgentPath}/leads/bulk` });

describe('Lead > Import', () => {
	it('sends all items in batches of Batch Size, in order, and outputs one item per input item with its ID', async () => {
		const result = await run(
			'lead',
			{ operation: 'import', ...mapping, options: { batchSize: 2 } },
			{ input: people(5) },
		);
		expect(bulkRequests().map((r) => (r.body as { leads: unknown[] }).leads.length)).toEqual([
			2, 2, 1,
		]);
		expect((bulkRequests()[0].body as { leads: unknown[] }).leads[0]).toEqual({
			userName: 'Person 0',
			userEmail: 'p0@example.com',
			userPhone: '+491761000000',
			userCompany: 'Acme',
		});
		const items = result.items();
		expect(items).toHaveLength(5);
		expect(items.map((item) => [item.json.batch, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[1, { item: 1 }],
			[2, { item: 2 }],
			[2, { item: 3 }],
			[3, { item: 4 }],
		]);
		const ids = items.map((item) => item.json.id as string);
		expect(
			ids.map(
				(id) =>
					sandbox.current.state.leads[id] &&
					(sandbox.current.state.leads[id] as unknown as { userName: string }).userName,
			),
		).toEqual(['Person 0', 'Person 1', 'Person 2', 'Person 3', 'Person 4']);
	});

	it('the default Batch Size is 100', async () => {
		await run('lead', { operation: 'import', ...mapping }, { input: people(250) });
		expect(bulkRequests().map((r) => (r.body as { leads: unknown[] }).leads.length)).toEqual([
			100, 100, 50,
		]);
	});

	it('an invalid lead fails only its own item under Continue On Fail, naming the field and the item', async () => {
		const input = people(3);
		input[1].json.email = 'not-an-email';
		const result = await run(
			'lead',
			{ operation: 'import', ...mapping },
			{ input, continueOnFail: true },
		);
		const items = result.items();
		expect(items[1].json.error).toBe(
			'Invalid lead in item 1: lead.userEmail: must be an email address',
		);
		expect([items[0].json.imported, items[2].json.imported]).toEqual([true, true]);
		expect((bulkRequests()[0].body as { leads: unknown[] }).leads).toHaveLength(2);
	});

	it('without Continue On Fail an invalid lead stops the run before anything is sent', async () => {
		const input = people(3);
		input[2].json.phone = '12';
		const result = await run('lead', { operation: 'import', ...mapping }, { input });
		expect(result.error('Convocore')?.message).toBe(
			'Invalid lead in item 2: lead.userPhone: must be an E.164 number: + then country code and number, e.g. +14155550123',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('a lead with neither name, email nor phone is refused', async () => {
		const result = await run(
			'lead',
			{ operation: 'import', ...mapping },
			{ input: [{ json: { company: 'Nobody Inc' } }] },
		);
		expect(result.error('Convocore')?.message).toBe(
			'Invalid lead in item 0: lead: needs a name, an email or a phone',
		);
	});

	it('a failed batch names the items it held and the ones imported before it', async () => {
		sandbox.current.injectFault({
			method: 'POST',
			path: `${leadAgentPath}/leads/bulk`,
			kind: 'status',
			status: 400,
		});
		const result = await run(
			'lead',
			{ operation: 'import', ...mapping, options: { batchSize: 2 } },
			{ input: people(5), continueOnFail: true },
		);
		const items = result.items();
		expect(items.slice(0, 2).map((item) => item.json.error)).toEqual([
			expect.stringMatching(/^Batch 1 of 3 \(items 0-1\) failed: /),
			expect.stringMatching(/^Batch 1 of 3 \(items 0-1\) failed: /),
		]);
		expect(items.slice(2).map((item) => item.json.imported)).toEqual([true, true, true]);

		sandbox.current.reset();
		sandbox.current.injectFault({
			method: 'POST',
			path: `${leadAgentPath}/leads/bulk`,
			kind: 'status',
			status: 502,
			afterProcessing: true,
		});
		// A batch that may have been imported is not sent again, and the run stops there.
		const stopped = await run(
			'lead',
			{ operation: 'import', ...mapping, options: { batchSize: 2 } },
			{ input: people(4) },
		);
		const error = stopped.error('Convocore') as { message: string; description?: string };
		expect(error.message).toMatch(/^Batch 1 of 2 \(items 0-1\) failed: /);
		expect(error.description).toContain('Items 0-1 may have been stored: the answer did not say.');
		expect(error.description).toContain('No batch was stored before it.');
		expect(bulkRequests()).toHaveLength(1);
	});

	it('a definite refusal after earlier batches names what was stored before it and that its own items were not', async () => {
		// Items 2-3 go to a group: Convocore refuses their request.
		sandbox.current.injectFault({
			method: 'POST',
			path: `${leadAgentPath}/groups`,
			kind: 'status',
			status: 400,
		});
		const result = await run(
			'lead',
			{
				operation: 'import',
				...mapping,
				options: { batchSize: 2, groupName: '={{ $itemIndex < 2 ? "" : "recall" }}' },
			},
			{ input: people(4) },
		);
		const error = result.error('Convocore') as { message: string; description?: string };
		expect(error.message).toMatch(/^Batch 2 of 2 \(items 2-3\) failed: /);
		expect(error.description).toContain('Convocore refused batch 2: items 2-3 were not stored.');
		expect(error.description).toContain('Stored before it: batch 1 (items 0-1) in no group.');
	});

	it('Add to Lead Group stores each batch in the group in one request: POST /groups with the new leads', async () => {
		const result = await run(
			'lead',
			{ operation: 'import', ...mapping, options: { groupName: 'recall', batchSize: 2 } },
			{ input: people(3) },
		);
		const posts = sandbox.current.requests({ method: 'POST', path: `${leadAgentPath}/groups` });
		expect(posts.map((post) => post.body)).toEqual([
			{
				groupName: 'recall',
				leads: [
					expect.objectContaining({ userName: 'Person 0' }),
					expect.objectContaining({ userName: 'Person 1' }),
				],
			},
			{ groupName: 'recall', leads: [expect.objectContaining({ userName: 'Person 2' })] },
		]);
		expect(bulkRequests()).toHaveLength(0);
		expect(sandbox.current.requests({ method: 'PUT' })).toHaveLength(0);
		const grouped = Object.values(sandbox.current.state.leads).filter(
			(lead) => lead.groupName === 'recall',
		);
		expect(
			grouped.map((lead) => (lead as unknown as { userName: string }).userName).sort(),
		).toEqual(['Person 0', 'Person 1', 'Person 2']);
		// The group route's answer gives no IDs: no item gets one.
		expect(
			result.items().map((item) => [item.json.imported, item.json.groupName, item.json.id]),
		).toEqual([
			[true, 'recall', undefined],
			[true, 'recall', undefined],
			[true, 'recall', undefined],
		]);
	});

	it('Dry Run returns the exact requests with the first item of each batch and sends nothing', async () => {
		const result = await run(
			'lead',
			{
				operation: 'import',
				...mapping,
				options: { batchSize: 2, dryRun: true, groupName: 'recall' },
			},
			{ input: people(3) },
		);
		const items = result.items();
		expect(items[0].json.requests).toEqual([
			{
				method: 'POST',
				url: `${sandbox.current.baseUrl('eu')}${leadAgentPath}/groups`,
				body: { groupName: 'recall', leads: [items[0].json.lead, items[1].json.lead] },
			},
		]);
		expect(items[1].json.requests).toBeUndefined();
		expect(items[2].json).toEqual(
			expect.objectContaining({
				dryRun: true,
				batch: 2,
				batchItems: '2',
				requests: expect.any(Array),
			}),
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Lead > Export', () => {
	it('round-trips: imported leads come back as items and as a CSV file', async () => {
		await run(
			'lead',
			{ operation: 'import', ...mapping, options: { groupName: 'recall' } },
			{ input: people(2) },
		);
		const items = await run('lead', { operation: 'export', filters: { groupName: 'recall' } });
		expect(items.items().map((item) => item.json.userName ?? item.json.name)).toEqual([
			'Mia Brandt',
			'Person 0',
			'Person 1',
		]);
		expect(
			sandbox.current.requests({ path: `${leadAgentPath}/leads/export-filtered` })[0].body,
		).toEqual({ groupName: 'recall' });

		const file = await run('lead', {
			operation: 'export',
			filters: { timeRange: 'all' },
			output: 'csvFile',
		});
		const [item] = file.items();
		expect(sandbox.current.requests({ path: `${leadAgentPath}/leads/export` })[0].query).toEqual({
			timeRange: 'all',
		});
		const csv = Buffer.from(item.binary!.data.data, 'base64').toString('utf8');
		expect(item.binary!.data).toEqual(
			expect.objectContaining({ fileName: 'leads.csv', mimeType: 'text/csv' }),
		);
		expect(csv.split('\n')).toHaveLength(1 + 5);
		expect(csv).toContain('p1@example.com');
		expect(item.json).toEqual({ total: 5, exported: 5 });
	});
});

describe('Lead > Delete Many and Delete All', () => {
	it('Delete Many sends the IDs comma-separated', async () => {
		const result = await run('lead', { operation: 'deleteMany', leadIds: 'lead-jordan, lead-mia' });
		expect(sandbox.current.requests({ method: 'DELETE' })[0].query).toEqual({
			leadIds: 'lead-jordan,lead-mia',
		});
		expect(result.items()[0].json).toEqual({
			deleted: true,
			leadIds: ['lead-jordan', 'lead-mia'],
			deletedCount: 2,
		});
	});

	it.each([
		['left empty (from an expression)', '={{ "" }}'],
		['anything but the phrase', 'yes'],
		['the phrase in lower case', 'delete all leads'],
	])(
		'Delete All with the confirmation %s is refused before anything is sent',
		async (_what, confirmation) => {
			const result = await run('lead', { operation: 'deleteAll', confirmation });
			expect(result.error('Convocore')?.message).toBe(
				'Invalid confirmation: confirmation: must be exactly DELETE ALL LEADS to delete every lead of the agent',
			);
			expect(sandbox.current.requests()).toHaveLength(0);
			expect(Object.keys(sandbox.current.state.leads)).toHaveLength(3);
		},
	);

	it('Delete All with Dry Run returns the request; confirmed, it deletes every lead of the agent', async () => {
		const dry = await run('lead', {
			operation: 'deleteAll',
			confirmation: 'DELETE ALL LEADS',
			options: { dryRun: true },
		});
		expect(dry.items()[0].json).toEqual({
			dryRun: true,
			request: {
				method: 'DELETE',
				url: `${sandbox.current.baseUrl('eu')}${leadAgentPath}/leads/all`,
			},
		});
		expect(sandbox.current.requests()).toHaveLength(0);
		const result = await run('lead', { operation: 'deleteAll', confirmation: 'DELETE ALL LEADS' });
		expect(result.items()[0].json).toEqual({ deleted: true, deletedCount: 3 });
		expect(Object.keys(sandbox.current.state.leads)).toHaveLength(0);
	});
});

describe('Lead Group', () => {
	it('Create, Add Leads, Get Many and Delete', async () => {
		const created = await run('leadGroup', {
			operation: 'create',
			groupName: 'vip',
			leadIds: 'lead-jordan',
		});
		// Existing leads join through the assign route, which documents IDs; the create route gets only the name.
		expect(sandbox.current.requests({ method: 'POST' })[0].body).toEqual({ groupName: 'vip' });
		expect(sandbox.current.requests({ method: 'PUT' })[0].body).toEqual({ leadIds: 'lead-jordan' });
		expect(created.items()[0].json).toEqual(
			expect.objectContaining({ name: 'vip', added: ['lead-jordan'] }),
		);
		await run('leadGroup', {
			operation: 'addLeads',
			groupName: { __rl: true, mode: 'list', value: 'vip' },
			leadIds: ['lead-mia', 'lead-omar'],
		});
		expect(sandbox.current.requests({ method: 'PUT' })[1].body).toEqual({
			leadIds: 'lead-mia,lead-omar',
		});
		const groups = await run('leadGroup', { operation: 'getAll', returnAll: true });
		expect(groups.items().map((item) => item.json)).toEqual([{ name: 'vip', leadCount: 3 }]);
		const deleted = await run('leadGroup', {
			operation: 'delete',
			groupName: { __rl: true, mode: 'id', value: 'vip' },
		});
		expect(sandbox.current.requests({ method: 'DELETE' })[0].query).toEqual({ groupId: 'vip' });
		// "Delete Leads by Group": the group's three leads go with it, and the output counts them.
		expect(deleted.items()[0].json).toEqual({ deleted: true, name: 'vip', deletedCount: 3 });
		expect(
			['lead-jordan', 'lead-mia', 'lead-omar'].map((id) => sandbox.current.state.leads[id]),
		).toEqual([undefined, undefined, undefined]);
	});

	it('Create with Lead IDs whose adding fails names the group it created', async () => {
		sandbox.current.injectFault({ method: 'PUT', kind: 'status', status: 400 });
		const result = await run('leadGroup', {
			operation: 'create',
			groupName: 'vip',
			leadIds: 'lead-jordan',
		});
		const error = result.error('Convocore') as { message: string; description?: string };
		expect(error.message).toMatch(
			/^Lead group vip was created, but adding the leads to it failed: /,
		);
		expect(error.description).toContain('add the leads with Lead Group > Add Leads instead');
		expect(sandbox.current.state.leads['lead-jordan'].groupName).not.toBe('vip');
	});

	it('Add Leads without IDs is refused before anything is sent', async () => {
		const result = await run('leadGroup', {
			operation: 'addLeads',
			groupName: { __rl: true, mode: 'id', value: 'vip' },
			leadIds: '={{ "" }}',
		});
		expect(result.error('Convocore')?.message).toBe(
			'Invalid lead group leads: body.leadIds: needs at least one lead ID',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});
