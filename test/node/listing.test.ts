/**
 * The list operations built once (descriptions/listing.ts, helpers/listing.ts): Agent and Lead
 * Group > Get Many, whose routes answer every record at once, apply Limit and, with several input
 * items, name each item that Limit stopped, as the paged listings do. Through n8n's engine against
 * the sandbox over real HTTP.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();

async function listTwice(parameters: INodeParameters) {
	return await runConvocore(
		{ operation: 'getAll', returnAll: false, limit: 1, ...parameters },
		{ credential: sandboxCredential(sandbox.current), input: [{ json: {} }, { json: {} }] },
	);
}

describe.each([
	['agent', 'agents', {}],
	[
		'leadGroup',
		'lead groups',
		{ agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent } },
	],
])('%s > Get Many', (resource, what, parameters) => {
	it('keeps Limit per item and names each item that Limit stopped', async () => {
		const result = await listTwice({ resource, ...parameters });
		expect(result.error('Convocore')).toBeUndefined();
		expect(result.items()).toHaveLength(2);
		expect(result.run.data.resultData.runData.Convocore[0].hints).toEqual(
			[0, 1].map((item) => ({
				message: `Item ${item}: stopped at Limit: 1 ${what} returned and Convocore may have more. Turn on Return All or raise Limit to get them.`,
				type: 'info',
				location: 'outputPane',
			})),
		);
	});
});
