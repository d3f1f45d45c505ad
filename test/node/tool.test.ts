/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up secrets, never ships (package.json "files" is dist/ only) */
/**
 * Tool > Create, Get, Get Many, Update, Delete and the tool picker through n8n's engine against
 * the sandbox over real HTTP: exact requests, Update sending only what is given, Dry Run, the
 * node's rules before sending, and the server URL secret kept out of every output and error.
 */
import type { INodeParameters } from 'n8n-workflow';
import { searchTools } from '../../nodes/Convocore/methods/tools';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
const rental = { __rl: true, mode: 'list', value: SANDBOX_IDS.rentalAgent };
const toolsPath = `/agents/${SANDBOX_IDS.rentalAgent}/tools`;
const SECRET = 'whsec_opening_hours_0123456789';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function tool(parameters: INodeParameters, continueOnFail = false) {
	return await runConvocore(
		{ resource: 'tool', agentId: rental, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 4, continueOnFail },
	);
}

const createParameters = (overrides: INodeParameters = {}): INodeParameters => ({
	operation: 'create',
	toolName: 'check_opening_hours',
	toolDescription: 'Check the opening hours of the practice',
	serverUrl: 'https://n8n.example.com/webhook/opening-hours',
	toolFields: {
		field: [
			{
				key: 'day',
				type: 'string',
				in: 'query',
				description: 'The day asked about',
				required: false,
				defaultValue: 'today',
			},
			{ key: 'people', type: 'number', in: 'body', defaultValue: '2' },
		],
	},
	additionalFields: { serverUrlSecret: SECRET, channels: ['web-chat', 'voice'] },
	...overrides,
});

/** A tool stored straight in the sandbox, secret included (the sandbox echoes it in every answer). */
function plantTool(current: Sandbox, name: string, extra: Record<string, unknown> = {}) {
	current.state.createdTools = (current.state.createdTools ?? 0) + 1;
	const id = `tool-${current.state.createdTools}`;
	(current.state.tools ??= {})[id] = {
		id,
		agentId: SANDBOX_IDS.rentalAgent,
		name,
		description: `${name} tool`,
		method: 'POST',
		serverUrl: 'https://tools.example.com/x',
		serverUrlSecret: SECRET,
		disabled: false,
		channels: [],
		fields: [{ id: 'day', key: 'day', type: 'string', in: 'query' }],
		createdAt: 1,
		updatedAt: 1,
		...extra,
	};
	return id;
}

const noSecretIn = (value: unknown) => expect(JSON.stringify(value)).not.toContain(SECRET);

describe('Tool > Create', () => {
	it('sends the tool with typed fields (ID from the key), method POST by default, channels; the answer has no secret', async () => {
		const [item] = (await tool(createParameters())).items();
		const [request] = sandbox.current.requests();
		expect([request.method, request.path]).toEqual(['POST', toolsPath]);
		expect(request.body).toEqual({
			tool: {
				name: 'check_opening_hours',
				description: 'Check the opening hours of the practice',
				method: 'POST',
				serverUrl: 'https://n8n.example.com/webhook/opening-hours',
				serverUrlSecret: SECRET,
				channels: ['web-chat', 'voice'],
				fields: [
					{
						id: 'day',
						key: 'day',
						type: 'string',
						in: 'query',
						required: false,
						description: 'The day asked about',
						defaultValue: 'today',
					},
					{
						id: 'people',
						key: 'people',
						type: 'number',
						in: 'body',
						required: false,
						defaultValue: 2,
					},
				],
			},
		});
		expect(item.json).toEqual(
			expect.objectContaining({
				id: 'tool-1',
				name: 'check_opening_hours',
				hasServerUrlSecret: true,
			}),
		);
		expect(item.json).not.toHaveProperty('serverUrlSecret');
		noSecretIn(item.json);
	});

	it('Dry Run returns the request with the secret redacted and sends nothing', async () => {
		const [item] = (await tool(createParameters({ options: { dryRun: true } }))).items();
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(item.json).toEqual({
			dryRun: true,
			request: {
				method: 'POST',
				url: `${sandbox.current.baseUrl('eu')}${toolsPath}`,
				body: {
					tool: expect.objectContaining({
						name: 'check_opening_hours',
						serverUrlSecret: '[redacted]',
					}),
				},
			},
		});
		noSecretIn(item.json);
	});

	it.each([
		[
			'a name on two lines',
			{ toolName: 'Get\nWeather' },
			'tool.name: must be one line of text without control characters',
		],
		[
			'a field sent in a cookie',
			{ toolFields: { field: [{ key: 'day', in: '={{ "cookie" }}' }] } },
			'tool.fields.0.in: must be one of query, body, header',
		],
		[
			'a server URL that is no http(s) URL',
			{ serverUrl: 'ftp://example.com/x' },
			'tool.serverUrl: must be a full http:// or https:// URL',
		],
		[
			'the same field key twice',
			{ toolFields: { field: [{ key: 'day' }, { key: 'day' }] } },
			'tool.fields.1.key: must be unique: day is already a field of this tool',
		],
		[
			'a field without a key',
			{ toolFields: { field: [{ key: ' ' }] } },
			'tool.fields.0.key: is required',
		],
		[
			'a number field with a text default',
			{ toolFields: { field: [{ key: 'people', type: 'number', defaultValue: 'two' }] } },
			'tool.fields.0.defaultValue: must be a number',
		],
		[
			'a boolean field with a text default',
			{ toolFields: { field: [{ key: 'vip', type: 'boolean', defaultValue: 'yes' }] } },
			'tool.fields.0.defaultValue: must be true or false',
		],
	])(
		'refuses %s before sending, naming the field, the rule and the item',
		async (_case, overrides, problem) => {
			const result = await tool(createParameters(overrides));
			expect(result.error('Convocore')?.message).toContain(problem);
			expect(result.error('Convocore')?.description).toContain('In item 0.');
			expect(sandbox.current.requests()).toHaveLength(0);
		},
	);

	it('a failed request carries no secret in its error', async () => {
		const result = await tool(createParameters({ agentId: byId('agent-that-does-not-exist') }));
		expect(result.error('Convocore')?.message).toMatch(/not found/i);
		expect(sandbox.current.requests()).toHaveLength(1);
		noSecretIn({
			message: result.error('Convocore')?.message,
			description: result.error('Convocore')?.description,
			node: (result.error('Convocore') as { node?: unknown } | undefined)?.node,
			context: result.error('Convocore')?.context,
		});
	});
});

describe('Tool > Get and Get Many', () => {
	it('Get reads one tool; the echoed secret is stripped', async () => {
		const id = plantTool(sandbox.current, 'check_opening_hours');
		const [item] = (await tool({ operation: 'get', toolId: byId(id) })).items();
		expect([sandbox.current.requests()[0].method, sandbox.current.requests()[0].path]).toEqual([
			'GET',
			`/tools/${id}`,
		]);
		expect(item.json).toEqual(
			expect.objectContaining({
				id,
				name: 'check_opening_hours',
				hasServerUrlSecret: true,
				fields: [expect.objectContaining({ key: 'day' })],
			}),
		);
		noSecretIn(item.json);
	});

	it('Get Many simplifies by default, returns full tools without the secret, and stops at Limit', async () => {
		for (const name of ['a_tool', 'b_tool', 'c_tool']) plantTool(sandbox.current, name);
		const simple = (await tool({ operation: 'getAll', returnAll: true }))
			.items()
			.map((item) => item.json);
		expect(simple).toHaveLength(3);
		expect(simple[0]).toEqual({
			id: 'tool-1',
			name: 'a_tool',
			description: 'a_tool tool',
			method: 'POST',
			serverUrl: 'https://tools.example.com/x',
			disabled: false,
			channels: [],
			fieldKeys: ['day'],
		});
		const full = (await tool({ operation: 'getAll', returnAll: true, simplify: false }))
			.items()
			.map((item) => item.json);
		expect(full[2]).toEqual(
			expect.objectContaining({
				id: 'tool-3',
				fields: expect.any(Array),
				hasServerUrlSecret: true,
			}),
		);
		noSecretIn([simple, full]);
		expect(
			(await tool({ operation: 'getAll', limit: 2 })).items().map((item) => item.json.id),
		).toEqual(['tool-1', 'tool-2']);
	});
});

describe('Tool > Update and Delete', () => {
	it('Update sends the fields given, and the current name (required by the published schema) read first', async () => {
		const id = plantTool(sandbox.current, 'check_opening_hours');
		const [item] = (
			await tool({
				operation: 'update',
				toolId: byId(id),
				updateFields: {
					disabled: true,
					toolDescription: 'Opening hours, holidays included',
					serverUrl: '',
				},
			})
		).items();
		const [read, request] = sandbox.current.requests();
		expect([read.method, read.path]).toEqual(['GET', `/tools/${id}`]);
		expect([request.method, request.path, request.body]).toEqual([
			'PATCH',
			`/tools/${id}`,
			{
				tool: {
					name: 'check_opening_hours',
					description: 'Opening hours, holidays included',
					disabled: true,
				},
			},
		]);
		expect(item.json).toEqual(
			expect.objectContaining({
				disabled: true,
				serverUrl: 'https://tools.example.com/x',
				name: 'check_opening_hours',
			}),
		);
		noSecretIn(item.json);
	});

	it('an empty Update is refused before sending', async () => {
		const result = await tool({ operation: 'update', toolId: byId('tool-1'), updateFields: {} });
		expect(result.error('Convocore')?.message).toContain(
			'updateFields: needs at least one field to change',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Update with a new secret and Dry Run sends nothing and shows the secret redacted', async () => {
		const [item] = (
			await tool({
				operation: 'update',
				toolId: byId('tool-9'),
				updateFields: { serverUrlSecret: SECRET },
				options: { dryRun: true },
			})
		).items();
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(item.json.request).toEqual({
			method: 'PATCH',
			url: `${sandbox.current.baseUrl('eu')}/tools/tool-9`,
			body: { tool: { serverUrlSecret: '[redacted]' } },
		});
	});

	it('Delete removes the tool; its Dry Run sends nothing', async () => {
		const id = plantTool(sandbox.current, 'check_opening_hours');
		const [dry] = (
			await tool({ operation: 'delete', toolId: byId(id), options: { dryRun: true } })
		).items();
		expect(dry.json).toEqual({
			dryRun: true,
			toolId: id,
			request: { method: 'DELETE', url: `${sandbox.current.baseUrl('eu')}/tools/${id}` },
		});
		expect(sandbox.current.requests()).toHaveLength(0);
		const [item] = (await tool({ operation: 'delete', toolId: byId(id) })).items();
		expect(item.json).toEqual(expect.objectContaining({ deleted: true, toolId: id }));
		expect(sandbox.current.state.tools?.[id]).toBeUndefined();
	});
});

describe('Tool > picker', () => {
	it("lists the chosen agent's tools by name, says which are disabled, and filters", async () => {
		plantTool(sandbox.current, 'check_opening_hours');
		plantTool(sandbox.current, 'book_table', { disabled: true });
		const ctx = loadOptionsContext(
			sandbox.current,
			{ resource: 'tool', operation: 'get', agentId: rental },
			{ path: 'parameters.toolId' },
		);
		expect(await searchTools.call(ctx)).toEqual({
			results: [
				{ name: 'book_table (disabled)', value: 'tool-2' },
				{ name: 'check_opening_hours', value: 'tool-1' },
			],
		});
		expect((await searchTools.call(ctx, 'opening')).results).toEqual([
			{ name: 'check_opening_hours', value: 'tool-1' },
		]);
		expect(sandbox.current.requests({ path: toolsPath })).toHaveLength(2);
	});
});
