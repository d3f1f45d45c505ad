/**
 * Variable > Create, Get, Get Many, Update and Delete through n8n's engine against the sandbox over
 * real HTTP: typed values (the type decides the field and what it takes; a mismatch is refused
 * before anything is sent, naming the field, the rule and the item), updates that send only what
 * is given, Dry Run, the variable picker, and an environment variable's value never in the output.
 */
import type { INodeParameters } from 'n8n-workflow';
import { listSearch } from '../../nodes/Convocore/methods';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import type { SandboxVariable } from '../../sandbox/domain/state';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
const agentId = SANDBOX_IDS.ownAccountAgent;
const agent = { __rl: true, mode: 'id', value: agentId };
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const variablesPath = `/agents/${agentId}/variables`;

async function variable(parameters: INodeParameters, input = [{ json: {} }]) {
	return await runConvocore(
		{ resource: 'variable', agentId: agent, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 4, input },
	);
}

/** Puts a variable of the agent straight into the sandbox's state. */
function seedVariable(id: string, fields: Record<string, unknown>): void {
	const variables = (sandbox.current.state.variables ??= {});
	variables[id] = {
		id,
		agentId,
		workspaceId: SANDBOX_IDS.euWorkspace,
		fields,
	} satisfies SandboxVariable;
}

describe('Variable > Create', () => {
	it.each([
		['string', { type: 'string', stringValue: 'gold' }, 'gold'],
		['number', { type: 'number', numberValue: 42 }, 42],
		['number from numeric text', { type: 'number', numberValue: '={{ "7" }}' }, 7],
		['boolean', { type: 'boolean', booleanValue: true }, true],
		['system', { type: 'system', stringValue: '{{user_name}}' }, '{{user_name}}'],
	])('sends a %s value as the type says', async (_what, typed, value) => {
		const result = await variable({
			operation: 'create',
			key: 'tier',
			...typed,
			additionalFields: { description: 'Customer tier', in: 'query' },
		});
		const [request] = sandbox.current.requests({ method: 'POST', path: variablesPath });
		expect(request.body).toEqual({
			variable: { key: 'tier', type: typed.type, value, description: 'Customer tier', in: 'query' },
		});
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({ id: 'variable-1', key: 'tier', value, agentId }),
		);
	});

	it('the default type is string and its Value the text field', async () => {
		await variable({ operation: 'create', key: 'city', stringValue: 'Lyon' });
		expect(sandbox.current.requests({ method: 'POST' })[0].body).toEqual({
			variable: { key: 'city', type: 'string', value: 'Lyon' },
		});
	});

	it('reads Default Value by the type', async () => {
		await variable({
			operation: 'create',
			key: 'vip',
			type: 'boolean',
			booleanValue: false,
			additionalFields: { defaultValue: 'true' },
		});
		await variable({
			operation: 'create',
			key: 'seats',
			type: 'number',
			numberValue: 2,
			additionalFields: { defaultValue: '4' },
		});
		expect(sandbox.current.requests({ method: 'POST' }).map((request) => request.body)).toEqual([
			{ variable: { key: 'vip', type: 'boolean', value: false, defaultValue: true } },
			{ variable: { key: 'seats', type: 'number', value: 2, defaultValue: 4 } },
		]);
	});

	it.each([
		[
			'text for a number',
			{ type: 'number', numberValue: '={{ "twelve" }}' },
			'Invalid variable: variable.value: must be a number (the variable is of type number)',
		],
		[
			'text for a boolean',
			{ type: 'boolean', booleanValue: '={{ "yes" }}' },
			'Invalid variable: variable.value: must be true or false (the variable is of type boolean)',
		],
		[
			'a number for a string',
			{ type: 'string', stringValue: '={{ 5 }}' },
			'Invalid variable: variable.value: must be text (the variable is of type string)',
		],
		[
			'a default that is not a number',
			{ type: 'number', numberValue: 1, additionalFields: { defaultValue: 'many' } },
			'Invalid variable: variable.defaultValue: must be a number (the variable is of type number)',
		],
		['no key', { key: '  ', stringValue: 'x' }, 'Invalid variable: variable.key: is required'],
		[
			'an unknown type',
			{ type: '={{ "date" }}' },
			'Invalid variable: type: must be one of string, number, boolean, system',
		],
		// Convocore documents query, body and header only (issue 30, item 13).
		[
			'a value sent in a cookie',
			{ stringValue: 'x', additionalFields: { in: '={{ "cookie" }}' } },
			'Invalid variable: variable.in: must be one of query, body, header',
		],
	])('refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await variable({
			operation: 'create',
			key: 'k',
			...parameters,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(result.error('Convocore')?.description).toContain('In item 0.');
		expect(sandbox.current.count()).toBe(0);
	});

	it('a mismatch in the second item names that item, and the first is not sent either', async () => {
		const result = await variable(
			{
				operation: 'create',
				key: '={{ $json.key }}',
				type: 'number',
				numberValue: '={{ $json.seats }}',
			},
			[{ json: { key: 'a', seats: 3 } }, { json: { key: 'b', seats: 'lots' } }],
		);
		const error = result.error('Convocore');
		expect(error?.message).toBe(
			'Invalid variable: variable.value: must be a number (the variable is of type number)',
		);
		expect(error?.description).toContain('In item 1.');
		expect(sandbox.current.count()).toBe(0);
	});

	it('Dry Run sends nothing and returns the request', async () => {
		const result = await variable({
			operation: 'create',
			key: 'tier',
			stringValue: 'gold',
			options: { dryRun: true },
		});
		expect(sandbox.current.count()).toBe(0);
		expect(result.items()[0].json).toEqual({
			dryRun: true,
			request: {
				method: 'POST',
				url: `${sandbox.current.baseUrl('eu')}${variablesPath}`,
				body: { variable: { key: 'tier', type: 'string', value: 'gold' } },
			},
		});
	});
});

describe('Variable: an environment variable (Is Env) never shows its value', () => {
	const envValue = 'crm-env-value-51Hx';

	it('Create sends the value, and outputs it as [redacted]; so does Dry Run', async () => {
		const result = await variable({
			operation: 'create',
			key: 'crm_key',
			stringValue: envValue,
			additionalFields: { isEnv: true, defaultValue: envValue },
		});
		expect(sandbox.current.requests({ method: 'POST' })[0].body).toEqual({
			variable: {
				key: 'crm_key',
				type: 'string',
				value: envValue,
				isEnv: true,
				defaultValue: envValue,
			},
		});
		expect(sandbox.current.state.variables!['variable-1'].fields.value).toBe(envValue);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({ value: '[redacted]', defaultValue: '[redacted]', isEnv: true }),
		);
		const dry = await variable({
			operation: 'create',
			key: 'crm_key2',
			stringValue: envValue,
			additionalFields: { isEnv: true },
			options: { dryRun: true },
		});
		expect(JSON.stringify(dry.items())).not.toContain(envValue);
	});

	it('Get, Get Many and Update output it as [redacted]; other variables keep their values', async () => {
		seedVariable('variable-env', { key: 'crm_key', type: 'string', value: envValue, isEnv: true });
		seedVariable('variable-plain', { key: 'city', type: 'string', value: 'Lyon' });
		const got = await variable({ operation: 'get', variableId: byId('variable-env') });
		const all = await variable({ operation: 'getAll', returnAll: true });
		const updated = await variable({
			operation: 'update',
			variableId: byId('variable-env'),
			updateFields: { description: 'CRM key' },
		});
		const dryUpdate = await variable({
			operation: 'update',
			variableId: byId('variable-env'),
			valueType: 'string',
			stringValue: envValue,
			options: { dryRun: true },
		});
		for (const output of [got.items(), all.items(), updated.items(), dryUpdate.items()])
			expect(JSON.stringify(output)).not.toContain(envValue);
		expect(all.items().map((item) => item.json.value)).toEqual(['[redacted]', 'Lyon']);
	});
});

describe('Variable > Get, Get Many, Update, Delete', () => {
	beforeEach(() => {
		seedVariable('variable-a', {
			key: 'city',
			type: 'string',
			value: 'Lyon',
			description: 'Where the caller lives',
		});
		seedVariable('variable-b', { key: 'seats', type: 'number', value: 2 });
	});

	it('Get reads GET /variables/{id}', async () => {
		const result = await variable({ operation: 'get', variableId: byId('variable-b') });
		expect(sandbox.current.requests().map((request) => [request.method, request.path])).toEqual([
			['GET', '/variables/variable-b'],
		]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({ id: 'variable-b', key: 'seats', value: 2 }),
		);
	});

	it("Get of a variable that is not there fails with the API's 404", async () => {
		const result = await variable({ operation: 'get', variableId: byId('variable-404') });
		expect(result.error('Convocore')?.message).toMatch(/not found/i);
	});

	it('Get Many returns all, or up to Limit', async () => {
		expect(
			(await variable({ operation: 'getAll', returnAll: true }))
				.items()
				.map((item) => item.json.key),
		).toEqual(['city', 'seats']);
		expect(
			(await variable({ operation: 'getAll', limit: 1 })).items().map((item) => item.json.key),
		).toEqual(['city']);
	});

	it('Update sends only the given fields', async () => {
		const result = await variable({
			operation: 'update',
			variableId: byId('variable-a'),
			updateFields: { description: 'Home town' },
		});
		expect(
			sandbox.current.requests({ method: 'PATCH' }).map((request) => [request.path, request.body]),
		).toEqual([['/variables/variable-a', { variable: { description: 'Home town' } }]]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				key: 'city',
				value: 'Lyon',
				description: 'Home town',
				updated: ['description'],
			}),
		);
	});

	it('Update with Type and Value sends the type and the typed value', async () => {
		const result = await variable({
			operation: 'update',
			variableId: byId('variable-b'),
			valueType: 'number',
			numberValue: 6,
			updateFields: { defaultValue: '1' },
		});
		expect(sandbox.current.requests({ method: 'PATCH' })[0].body).toEqual({
			variable: { type: 'number', value: 6, defaultValue: 1 },
		});
		expect(sandbox.current.state.variables!['variable-b'].fields).toEqual({
			key: 'seats',
			type: 'number',
			value: 6,
			defaultValue: 1,
		});
		expect(result.items()[0].json.warnings).toBeUndefined();
	});

	it('Update of a text value: the value is kept out of the answer (the variable may be Is Env), yet stored, so no "did not stick" warning', async () => {
		const result = await variable({
			operation: 'update',
			variableId: byId('variable-a'),
			valueType: 'string',
			stringValue: 'Grenoble',
		});
		expect(sandbox.current.state.variables!['variable-a'].fields).toEqual(
			expect.objectContaining({ value: 'Grenoble' }),
		);
		expect(result.items()[0].json.warnings).toBeUndefined();
	});

	it.each([
		[
			'nothing to change',
			{},
			'Invalid variable update: variable: needs at least one field to change',
		],
		[
			'a default value without the type',
			{ updateFields: { defaultValue: '3' } },
			"Invalid variable update: updateFields.defaultValue: needs Type and Value set, so that it is sent as the variable's type",
		],
		[
			'text for a number',
			{ valueType: 'number', numberValue: '={{ "six" }}' },
			'Invalid variable: variable.value: must be a number (the variable is of type number)',
		],
		[
			'a value sent in a path',
			{ updateFields: { in: '={{ "path" }}' } },
			'Invalid variable update: variable.in: must be one of query, body, header',
		],
	])('Update refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await variable({
			operation: 'update',
			variableId: byId('variable-b'),
			...parameters,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.count()).toBe(0);
	});

	it('Update and Delete with Dry Run send nothing and return the request', async () => {
		const update = await variable({
			operation: 'update',
			variableId: byId('variable-a'),
			updateFields: { isEnv: false, description: 'x' },
			options: { dryRun: true },
		});
		const remove = await variable({
			operation: 'delete',
			variableId: byId('variable-a'),
			options: { dryRun: true },
		});
		expect(sandbox.current.count()).toBe(0);
		const url = `${sandbox.current.baseUrl('eu')}/variables/variable-a`;
		expect(update.items()[0].json).toEqual({
			dryRun: true,
			request: { method: 'PATCH', url, body: { variable: { isEnv: false, description: 'x' } } },
		});
		expect(remove.items()[0].json).toEqual({
			dryRun: true,
			variableId: 'variable-a',
			request: { method: 'DELETE', url },
		});
		expect(sandbox.current.state.variables!['variable-a']).toBeDefined();
	});

	it('Delete removes the variable', async () => {
		const result = await variable({ operation: 'delete', variableId: byId('variable-a') });
		expect(sandbox.current.requests().map((request) => [request.method, request.path])).toEqual([
			['DELETE', '/variables/variable-a'],
		]);
		expect(result.items()[0].json).toEqual({ deleted: true, variableId: 'variable-a' });
		expect(sandbox.current.state.variables!['variable-a']).toBeUndefined();
	});

	it("the variable picker lists the chosen agent's variables by key and type, and searches them", async () => {
		seedVariable('variable-other', { key: 'elsewhere', type: 'string' });
		sandbox.current.state.variables!['variable-other'].agentId = SANDBOX_IDS.rentalAgent;
		const context = () =>
			loadOptionsContext(
				sandbox.current,
				{ resource: 'variable', operation: 'get', agentId: agent },
				{ path: 'parameters.variableId', typeVersion: 4 },
			);
		expect((await listSearch.searchVariables.call(context())).results).toEqual([
			{ name: 'city (string)', value: 'variable-a' },
			{ name: 'seats (number)', value: 'variable-b' },
		]);
		expect((await listSearch.searchVariables.call(context(), 'SEA')).results).toEqual([
			{ name: 'seats (number)', value: 'variable-b' },
		]);
		expect(sandbox.current.requests({ method: 'GET', path: variablesPath })).toHaveLength(2);
	});
});
