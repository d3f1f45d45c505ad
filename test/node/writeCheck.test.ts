/**
 * The write check beyond agents, through n8n's engine against a server that answers each write
 * with a record lacking one field the node set (test/harness/faultServer.ts), as a server whose
 * schema lacks it would: the item names the field in `warnings`, and an answer without the
 * record (only `{ success, message }`) is not judged.
 */
import type { INodeParameters } from 'n8n-workflow';
import { runConvocore } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';

const SECRET_KEY = 'vg_writecheck_made_up_key';
let server: FaultServer;

beforeAll(async () => {
	server = await FaultServer.start([
		{
			method: 'POST',
			path: '/leads',
			success: {
				success: true,
				message: 'Lead created',
				data: { id: 'lead-1', agentId: 'agent-1', name: 'Ana' },
			},
		},
		{
			method: 'POST',
			path: '/workspaces',
			success: {
				success: true,
				message: 'Workspace created',
				data: { id: 'ws-9', workspaceName: 'Acme' },
			},
		},
		{ method: 'PATCH', path: '/leads/lead-1', success: { success: true, message: 'Lead updated' } },
	]);
});
afterAll(async () => {
	await server.close();
});

async function run(parameters: INodeParameters) {
	const result = await runConvocore(parameters, {
		credential: { region: 'custom', baseUrl: server.baseUrl, secretKey: SECRET_KEY },
		typeVersion: 4,
	});
	return {
		items: result.items(),
		hints: result.run.data.resultData.runData.Convocore[0].hints ?? [],
	};
}

describe('the write check on other resources', () => {
	it('Lead > Create: a field the answer lacks is named on the item and in a hint', async () => {
		const { items, hints } = await run({
			resource: 'lead',
			operation: 'create',
			agentId: { __rl: true, mode: 'id', value: 'agent-1' },
			leadFields: { name: 'Ana', email: 'ana@example.com' },
		});
		expect(items[0].json.warnings).toEqual([
			expect.stringMatching(/^Lead: Convocore answered without this field as set: email\./),
		]);
		expect(hints).toEqual([
			expect.objectContaining({
				type: 'warning',
				message: expect.stringMatching(/^Item 0: Lead: .*email/),
			}),
		]);
	});

	it('Workspace > Create: a list the answer lacks is named', async () => {
		const { items } = await run({
			resource: 'workspace',
			operation: 'create',
			workspaceName: 'Acme',
			workspaceEmails: 'ops@acme.example',
		});
		expect(items[0].json.warnings).toEqual([
			expect.stringMatching(/without this field as set: workspaceEmails\./),
		]);
	});

	it('Lead > Update: an answer without the record is not judged', async () => {
		const { items, hints } = await run({
			resource: 'lead',
			operation: 'update',
			leadId: 'lead-1',
			updateFields: { name: 'Ana B' },
		});
		expect(items[0].json).not.toHaveProperty('warnings');
		expect(hints).toEqual([]);
	});
});
