/**
 * Workspace > Create, Get, Get Many, Update and Delete through n8n's engine against the sandbox
 * over real HTTP: emails checked as emails, updates that send only what is given, the delete
 * confirmation (no default, checked before sending), the picker, and the sandbox's reading of who
 * may do what (sandbox/routes/workspace.ts).
 */
import type { INodeParameters } from 'n8n-workflow';
import { listSearch } from '../../nodes/Convocore/methods';
import { DELETE_WORKSPACE_CONFIRMATION } from '../../nodes/Convocore/actions/workspace/delete.operation';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function workspace(parameters: INodeParameters, secretKey?: string) {
	return await runConvocore(
		{ resource: 'workspace', ...parameters },
		{ credential: sandboxCredential(sandbox.current, secretKey), typeVersion: 4 },
	);
}

/** Creates a client workspace through the node; returns its ID. */
async function createClientWorkspace(name = 'Bright Smiles'): Promise<string> {
	return (await workspace({ operation: 'create', workspaceName: name })).items()[0].json
		.id as string;
}

describe('Workspace > Create', () => {
	it('sends the name and the emails as a list, and the new workspace is listed', async () => {
		const result = await workspace({
			operation: 'create',
			workspaceName: 'Bright Smiles',
			workspaceEmails: 'owner@brightsmiles.com, desk@brightsmiles.com',
		});
		expect(sandbox.current.requests({ method: 'POST', path: '/workspaces' })[0].body).toEqual({
			workspaceName: 'Bright Smiles',
			workspaceEmails: ['owner@brightsmiles.com', 'desk@brightsmiles.com'],
		});
		const created = result.items()[0].json;
		expect(created).toEqual(
			expect.objectContaining({
				id: 'ws-created-1',
				workspaceName: 'Bright Smiles',
				workspaceEmails: ['owner@brightsmiles.com', 'desk@brightsmiles.com'],
			}),
		);
		expect(JSON.stringify(created)).not.toContain('sk-');
		const listed = await workspace({ operation: 'getAll', returnAll: true });
		expect(listed.items().map((item) => item.json.id)).toEqual([
			SANDBOX_IDS.euWorkspace,
			'ws-created-1',
		]);
	});

	it.each([
		[
			'an address that is not one',
			{ workspaceEmails: 'owner@brightsmiles.com, front desk' },
			'Invalid workspace: workspaceEmails.1: must be an email address',
		],
		['no name', { workspaceName: ' ' }, 'Invalid workspace: workspaceName: is required'],
	])('refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await workspace({
			operation: 'create',
			workspaceName: 'X',
			...parameters,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.count()).toBe(0);
	});
});

describe('Workspace > Get, Get Many, Update', () => {
	it('Get reads the workspace; one the secret cannot see is a 404', async () => {
		const got = await workspace({ operation: 'get', workspaceId: byId(SANDBOX_IDS.euWorkspace) });
		expect(got.items()[0].json).toEqual(
			expect.objectContaining({ id: SANDBOX_IDS.euWorkspace, workspaceName: 'Acme Dental EU' }),
		);
		const other = await workspace({
			operation: 'get',
			workspaceId: byId(SANDBOX_IDS.euBusinessWorkspace),
		});
		expect(other.error('Convocore')?.message).toMatch(/not found/i);
	});

	it('Get Many returns all, or up to Limit', async () => {
		await createClientWorkspace();
		expect(
			(await workspace({ operation: 'getAll', limit: 1 })).items().map((item) => item.json.id),
		).toEqual([SANDBOX_IDS.euWorkspace]);
	});

	it('Update sends only the given fields, the marketplace ones as marketplaceProfile', async () => {
		const id = await createClientWorkspace();
		const result = await workspace({
			operation: 'update',
			workspaceId: byId(id),
			updateFields: {
				workspaceName: 'Bright Smiles Lyon',
				automaticBilling: true,
				marketplaceUsername: 'brightsmiles',
				marketplaceEmail: 'hello@brightsmiles.com',
			},
		});
		expect(
			sandbox.current.requests({ method: 'PATCH' }).map((request) => [request.path, request.body]),
		).toEqual([
			[
				`/workspaces/${id}`,
				{
					updates: {
						workspaceName: 'Bright Smiles Lyon',
						automaticBilling: true,
						marketplaceProfile: { username: 'brightsmiles', email: 'hello@brightsmiles.com' },
					},
				},
			],
		]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				workspaceName: 'Bright Smiles Lyon',
				updated: ['workspaceName', 'automaticBilling', 'marketplaceProfile'],
			}),
		);
		expect(sandbox.current.state.workspaces[id].name).toBe('Bright Smiles Lyon');
	});

	it.each([
		[
			'nothing to change',
			{},
			'Invalid workspace update: updates: needs at least one field to change',
		],
		[
			'an email that is not one',
			{ workspaceEmails: 'a@b.co, nope' },
			'Invalid workspace update: updates.workspaceEmails.1: must be an email address',
		],
		[
			'a marketplace email that is not one',
			{ marketplaceEmail: 'nope' },
			'Invalid workspace update: updates.marketplaceProfile.email: must be an email address',
		],
	])('Update refuses %s before anything is sent', async (_what, updateFields, message) => {
		const result = await workspace({
			operation: 'update',
			workspaceId: byId('ws-created-1'),
			updateFields,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.count()).toBe(0);
	});

	it('the picker lists the workspaces the secret can see, created ones included', async () => {
		const id = await createClientWorkspace('Bright Smiles');
		const context = loadOptionsContext(
			sandbox.current,
			{ resource: 'workspace', operation: 'get' },
			{ path: 'parameters.workspaceId', typeVersion: 4 },
		);
		expect((await listSearch.searchWorkspaces.call(context)).results).toEqual([
			{ name: 'Acme Dental EU', value: SANDBOX_IDS.euWorkspace },
			{ name: 'Bright Smiles', value: id },
		]);
	});
});

describe('Workspace > Delete', () => {
	it.each([
		['left empty (from an expression)', { confirmation: '={{ "" }}' }],
		['the wrong phrase', { confirmation: 'delete' }],
		['the phrase in lower case', { confirmation: DELETE_WORKSPACE_CONFIRMATION.toLowerCase() }],
	])('refuses %s before anything is sent', async (_what, parameters) => {
		const id = await createClientWorkspace();
		sandbox.current.reset();
		const result = await workspace({ operation: 'delete', workspaceId: byId(id), ...parameters });
		expect(result.error('Convocore')?.message).toBe(
			`Invalid workspace delete: confirmation: must be exactly ${DELETE_WORKSPACE_CONFIRMATION} to delete the workspace and every agent in it`,
		);
		expect(sandbox.current.count()).toBe(0);
	});

	it('with no confirmation at all, n8n refuses the required field and nothing is sent', async () => {
		await expect(
			workspace({ operation: 'delete', workspaceId: byId('ws-created-1') }),
		).rejects.toThrow(/The workflow has issues|"Confirmation" is required/);
		expect(sandbox.current.count()).toBe(0);
	});

	it('the Confirmation parameter has no default', async () => {
		const { Convocore } = await import('../../nodes/Convocore/Convocore.node');
		const field = new Convocore().description.properties.find(
			(property) =>
				property.name === 'confirmation' &&
				property.displayOptions?.show?.resource?.includes('workspace'),
		);
		expect(field).toEqual(expect.objectContaining({ default: '', required: true }));
	});

	it('deletes the workspace with its agents; Dry Run sends nothing', async () => {
		const id = await createClientWorkspace();
		const seeded = sandbox.current.state.agents[SANDBOX_IDS.noSmsAgent];
		sandbox.current.state.agents['agent-client'] = {
			...seeded,
			ID: 'agent-client',
			workspaceId: id,
			ownerID: id,
			secret: undefined,
		};
		const dry = await workspace({
			operation: 'delete',
			workspaceId: byId(id),
			confirmation: DELETE_WORKSPACE_CONFIRMATION,
			options: { dryRun: true },
		});
		expect(dry.items()[0].json).toEqual({
			dryRun: true,
			workspaceId: id,
			request: { method: 'DELETE', url: `${sandbox.current.baseUrl('eu')}/workspaces/${id}` },
		});
		expect(sandbox.current.requests({ method: 'DELETE' })).toHaveLength(0);
		const result = await workspace({
			operation: 'delete',
			workspaceId: byId(id),
			confirmation: DELETE_WORKSPACE_CONFIRMATION,
		});
		expect(result.items()[0].json).toEqual({
			deleted: true,
			workspaceId: id,
			message: `Workspace ${id} deleted with its 1 agent`,
		});
		expect(sandbox.current.state.workspaces[id]).toBeUndefined();
		expect(sandbox.current.state.agents['agent-client']).toBeUndefined();
	});
});

describe("Workspaces: who may do what (the sandbox's reading)", () => {
	it('a workspace secret may not delete its own workspace', async () => {
		const result = await workspace({
			operation: 'delete',
			workspaceId: byId(SANDBOX_IDS.euWorkspace),
			confirmation: DELETE_WORKSPACE_CONFIRMATION,
		});
		expect(result.error('Convocore')?.message).toMatch(/cannot delete itself/);
		expect(sandbox.current.state.workspaces[SANDBOX_IDS.euWorkspace]).toBeDefined();
	});

	it('an agent secret lists its own workspace and may not create one; another workspace does not see the created one', async () => {
		const id = await createClientWorkspace();
		const asAgent = await workspace(
			{ operation: 'getAll', returnAll: true },
			sandbox.current.keys.euAgentSecret,
		);
		expect(asAgent.items().map((item) => item.json.id)).toEqual([SANDBOX_IDS.euWorkspace]);
		const create = await workspace(
			{ operation: 'create', workspaceName: 'Nope' },
			sandbox.current.keys.euAgentSecret,
		);
		expect(create.error('Convocore')?.message).toMatch(/workspace secret/);
		const legacy = await workspace(
			{ operation: 'get', workspaceId: byId(id) },
			sandbox.current.keys.euLegacy,
		);
		expect(legacy.error('Convocore')?.message).toMatch(/not found/i);
	});
});
