/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against a local server with a made-up key, never ships (package.json "files" is dist/ only) */
/**
 * Conversation > Export (All) as a CSV file under every shape of `data` a user may meet (issue 40,
 * item 7), through n8n's engine: the CSV text of the public client's reading (the sandbox's strict
 * mode), the list OpenAPI 1.0.4 publishes, holding the CSV's lines (the sandbox's published mode),
 * and a list of records (a scripted server). Each gives the same file.
 */
import type { INodeParameters } from 'n8n-workflow';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { FaultServer } from '../harness/faultServer';

const strict = useSandbox();
const published = useSandbox({ mode: 'published' });

const exportAll: INodeParameters = {
	resource: 'conversation',
	operation: 'export',
	agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent },
	which: 'all',
	output: 'csvFile',
};

async function csvFile(credential: Parameters<typeof runConvocore>[1]['credential']) {
	const [item] = (await runConvocore(exportAll, { credential })).items();
	return {
		csv: Buffer.from(item.binary!.data.data, 'base64').toString('utf8'),
		json: item.json,
	};
}

const conversationsOf = (sandbox: Sandbox) =>
	Object.values(sandbox.state.conversations).filter(
		(convo) => convo.agentId === SANDBOX_IDS.ownAccountAgent,
	).length;

describe('Conversation > Export (All) as a CSV file', () => {
	it('published mode (data: the CSV lines, as an array) gives the same file as strict mode (data: CSV text)', async () => {
		const fromText = await csvFile(sandboxCredential(strict.current));
		const fromLines = await csvFile(sandboxCredential(published.current));
		const count = conversationsOf(published.current);
		expect(count).toBeGreaterThan(1);
		expect(fromLines.json).toEqual({ exported: count });
		expect(fromLines.csv).toBe(fromText.csv);
		expect(fromLines.csv.split('\n')[0]).toMatch(/^ID,userName,/);
		expect(fromLines.csv).toContain(SANDBOX_IDS.aiChattingConvoId);
		expect(published.current.requests({ path: /\/convos\/export$/ })[0].status).toBe(200);
	});

	it('a list of records as data is written as CSV, one row per record', async () => {
		const path = `/agents/${SANDBOX_IDS.ownAccountAgent}/convos/export`;
		const server = await FaultServer.start([
			{
				method: 'GET',
				path,
				success: {
					success: true,
					message: '2 conversation(s)',
					data: [
						{ ID: 'c-1', userName: 'Ada', tags: ['vip'] },
						{ ID: 'c-2', userName: 'Bo, Jr.' },
					],
				},
			},
		]);
		try {
			const { csv, json } = await csvFile({
				region: 'custom',
				baseUrl: server.baseUrl,
				secretKey: 'vg_exportShapes_0123456789abcdef',
			});
			expect(csv).toBe('ID,userName,tags\nc-1,Ada,"[""vip""]"\nc-2,"Bo, Jr.",');
			expect(json).toEqual({ exported: 2 });
		} finally {
			await server.close();
		}
	});
});
