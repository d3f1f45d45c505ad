/**
 * The records that live under an agent (helpers/agentRef.ts): each Get reads the Agent field and
 * the record's own ID together, and a missing ID is refused before anything is sent, with an
 * error that names the record, the field, the rule and the item.
 */
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.rentalAgent };
const blank = { __rl: true, mode: 'id', value: '  ' };

describe('a record under an agent, read with its agent', () => {
	it.each([
		['campaign', 'campaignId', 'campaign'],
		['customMetric', 'metricId', 'custom metric'],
		['variable', 'variableId', 'variable'],
		['tool', 'toolId', 'tool'],
		['knowledgeBase', 'docId', 'knowledge document'],
		['conversation', 'convoId', 'conversation'],
		['lead', 'leadId', 'lead'],
	])('%s > Get without %s is refused before sending, naming it', async (resource, idName, what) => {
		const run = await runConvocore(
			{ resource, operation: 'get', agentId: agent, [idName]: blank },
			{ credential: sandboxCredential(sandbox.current), typeVersion: 6 },
		);
		const error = run.error('Convocore');
		expect(error?.message).toBe(`Invalid ${what}: ${idName}: is required`);
		expect(error?.description).toBe(`• ${idName}: is required\nIn item 0.`);
		expect(sandbox.current.requests()).toEqual([]);
	});

	it('reads the agent and the ID as given, trimmed', async () => {
		const run = await runConvocore(
			{
				resource: 'tool',
				operation: 'get',
				agentId: agent,
				toolId: { __rl: true, mode: 'id', value: ' no-such-tool ' },
			},
			{ credential: sandboxCredential(sandbox.current), typeVersion: 6 },
		);
		expect(run.error('Convocore')).toBeDefined();
		expect(sandbox.current.requests().map((request) => request.path)).toEqual([
			'/tools/no-such-tool',
		]);
	});
});
