/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up secrets, never ships (package.json "files" is dist/ only) */
/**
 * Tool > Create and Update against the sandbox in published mode (unknown keys dropped, the update
 * schema's required name and description), checked by what the sandbox stored and what the user
 * gets: Header Authentication puts the Convocore Tool Header credential's pair on the tool as a
 * header field with a fixed value, the value never in an output or the workflow; Update sends the
 * current name and description; a display name with spaces ("Get Weather") is accepted.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	INodeParameters,
} from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { testToolHeaderCredential } from '../../nodes/Convocore/actions/tool/headerAuth';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { sandboxCredential, useSandbox } from '../harness/convocore';
import { CONVOCORE_NODE_TYPE, TestNodeTypes, runWorkflow } from '../harness/engine';

const sandbox = useSandbox({ mode: 'published' });
const nodeTypes = new TestNodeTypes().add(CONVOCORE_NODE_TYPE, new Convocore());
const HEADER = { headerName: 'X-Tool-Key', headerSecret: 'tool-header-secret-0123456789' };
const agentId = { __rl: true, mode: 'id', value: SANDBOX_IDS.rentalAgent };
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function tool(parameters: INodeParameters, header: ICredentialDataDecryptedObject = HEADER) {
	const result = await runWorkflow({
		nodeTypes,
		nodes: [
			{
				id: 'tool-node',
				name: 'Convocore',
				type: CONVOCORE_NODE_TYPE,
				typeVersion: 4,
				position: [0, 0],
				parameters: { resource: 'tool', agentId, ...parameters },
				credentials: {
					convocoreApi: { id: '1', name: 'Convocore account' },
					convocoreToolHeaderApi: { id: '2', name: 'Tool header' },
				},
			},
		],
		connections: {},
		credentials: {
			convocoreApi: sandboxCredential(sandbox.current),
			convocoreToolHeaderApi: header,
		},
	});
	const error = result.error('Convocore') as
		| (Error & { description?: string; node?: unknown })
		| undefined;
	const items = error ? [] : result.output('Convocore');
	// Never in an output, an error or the node an error carries.
	expect(
		JSON.stringify({
			items,
			message: error?.message,
			description: error?.description,
			node: error?.node,
		}),
	).not.toContain(HEADER.headerSecret);
	return { error, items };
}

function plantTool(current: Sandbox) {
	current.state.createdTools = (current.state.createdTools ?? 0) + 1;
	const id = `tool-${current.state.createdTools}`;
	(current.state.tools ??= {})[id] = {
		id,
		agentId: SANDBOX_IDS.rentalAgent,
		name: 'Get Weather',
		description: 'Current weather for a city',
		method: 'GET',
		serverUrl: 'https://tools.example.com/weather',
		disabled: false,
		channels: [],
		fields: [
			{ id: 'city', key: 'city', type: 'string', in: 'query' },
			{
				id: 'x-tool-key',
				key: 'x-tool-key',
				type: 'string',
				in: 'header',
				value: 'an-older-header-value',
			},
		],
		createdAt: 1,
		updatedAt: 1,
	};
	return id;
}

const create = (overrides: INodeParameters = {}): INodeParameters => ({
	operation: 'create',
	toolName: 'Get Weather',
	toolDescription: 'Current weather for a city',
	method: 'GET',
	serverUrl: 'https://tools.example.com/weather',
	toolFields: { field: [{ key: 'city', type: 'string', in: 'query', required: true }] },
	headerAuthentication: true,
	...overrides,
});

describe('Tool > Create with Header Authentication (published mode)', () => {
	it('stores the display name with spaces and a header field with the fixed value; the output shows it redacted', async () => {
		const { error, items } = await tool(create());
		expect(error).toBeUndefined();
		const stored = Object.values(sandbox.current.state.tools ?? {});
		expect(stored).toHaveLength(1);
		expect(stored[0].name).toBe('Get Weather');
		expect(stored[0].fields).toEqual([
			expect.objectContaining({ key: 'city', in: 'query' }),
			{
				id: 'X-Tool-Key',
				key: 'X-Tool-Key',
				type: 'string',
				in: 'header',
				value: HEADER.headerSecret,
				required: false,
			},
		]);
		expect(items[0].json.fields).toEqual([
			expect.objectContaining({ key: 'city' }),
			expect.objectContaining({ key: 'X-Tool-Key', in: 'header', value: '[redacted]' }),
		]);
	});

	it('Dry Run shows the header field with its value redacted and sends nothing', async () => {
		const { items } = await tool(create({ options: { dryRun: true } }));
		expect(sandbox.current.requests()).toHaveLength(0);
		expect(
			(items[0].json.request as { body: { tool: { fields: unknown[] } } }).body.tool.fields[1],
		).toEqual({
			id: 'X-Tool-Key',
			key: 'X-Tool-Key',
			type: 'string',
			in: 'header',
			value: '[redacted]',
			required: false,
		});
	});

	it('off (the default), no header field is added and no credential is read', async () => {
		const { items } = await tool(create({ headerAuthentication: false }), {});
		expect(Object.values(sandbox.current.state.tools ?? {})[0].fields).toEqual([
			expect.objectContaining({ key: 'city' }),
		]);
		expect(items).toHaveLength(1);
	});

	it("a row of the credential's header name, or a credential whose value is too short, is refused before sending", async () => {
		const clash = await tool(
			create({ toolFields: { field: [{ key: 'x-tool-key', in: 'header' }] } }),
		);
		expect(clash.error?.message).toContain(
			"tool.fields.0.key: is the Convocore Tool Header credential's header (X-Tool-Key)",
		);
		expect(clash.error?.description).toContain('In item 0.');
		const short = await tool(create(), { headerName: 'X-Tool-Key', headerSecret: 'short' });
		expect(short.error?.message).toBe(
			'Invalid Convocore Tool Header credential: Header Value must be at least 12 characters long',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Tool > Update (published mode)', () => {
	it('sends the current name and description when they are not changed; what was stored is the change', async () => {
		const id = plantTool(sandbox.current);
		const { error } = await tool({
			operation: 'update',
			toolId: byId(id),
			updateFields: { disabled: true },
			headerAuthentication: false,
		});
		expect(error).toBeUndefined();
		expect(sandbox.current.requests().map((request) => request.method)).toEqual(['GET', 'PATCH']);
		expect(sandbox.current.state.tools?.[id]).toEqual(
			expect.objectContaining({
				name: 'Get Weather',
				description: 'Current weather for a city',
				disabled: true,
			}),
		);
	});

	it('with Header Authentication and no Tool Fields keeps the current fields and replaces the header field of the same name', async () => {
		const id = plantTool(sandbox.current);
		const { error, items } = await tool({
			operation: 'update',
			toolId: byId(id),
			updateFields: {},
			headerAuthentication: true,
		});
		expect(error).toBeUndefined();
		expect(sandbox.current.state.tools?.[id]?.fields).toEqual([
			{ id: 'city', key: 'city', type: 'string', in: 'query' },
			{
				id: 'X-Tool-Key',
				key: 'X-Tool-Key',
				type: 'string',
				in: 'header',
				value: HEADER.headerSecret,
				required: false,
			},
		]);
		expect(JSON.stringify(items)).not.toContain('an-older-header-value');
	});
});

describe('the Convocore Tool Header credential test', () => {
	const check = async (data: ICredentialDataDecryptedObject) =>
		await testToolHeaderCredential.call({} as ICredentialTestFunctions, {
			id: '1',
			name: 'Tool header',
			type: 'convocoreToolHeaderApi',
			data,
		});
	it.each([
		[HEADER, 'OK', /can be sent/],
		[
			{ headerName: 'X Tool Key', headerSecret: HEADER.headerSecret },
			'Error',
			/Header Name must start with a letter/,
		],
		[
			{ headerName: 'Content-Type', headerSecret: HEADER.headerSecret },
			'Error',
			/set by the HTTP client itself/,
		],
		[{ headerName: 'X-Tool-Key', headerSecret: 'short' }, 'Error', /at least 12 characters/],
		[
			{ headerName: 'X-Tool-Key', headerSecret: `${HEADER.headerSecret}\nX-Other: 1` },
			'Error',
			/one line/,
		],
	])('%j: %s', async (data, status, message) => {
		const result = await check(data);
		expect(result.status).toBe(status);
		expect(result.message).toMatch(message);
	});
});
