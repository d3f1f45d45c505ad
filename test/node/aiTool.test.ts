/**
 * What an AI agent sees of the node used as a tool: n8n generates the tool description from the
 * operation's action ("<action> in Convocore") and hands the model only an error's message.
 */
import { NodeHelpers, type INode } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { CONVOCORE_NODE_TYPE, node } from '../harness/engine';

const sandbox = useSandbox();
const nodeType = new Convocore();

function toolDescription(resource: string, operation: string): string {
	const tool: INode = node(
		'Convocore Tool',
		CONVOCORE_NODE_TYPE,
		{ resource, operation, descriptionType: 'auto' },
		{ typeVersion: 2 },
	);
	return NodeHelpers.getToolDescriptionForNode(tool, nodeType) as string;
}

describe('Convocore as an AI-agent tool', () => {
	it.each([
		// Plain action labels (they are the default node names); the cost is in the tool variant's
		// node description (below) and in each operation's description and notice.
		['sms', 'send', 'Send an SMS in Convocore'],
		['call', 'start', 'Start a phone call in Convocore'],
		['phoneNumber', 'buy', 'Buy a phone number in Convocore'],
		['conversation', 'get', 'Get a conversation in Convocore'],
	])('the generated description of %s %s is its action label', (resource, operation, expected) => {
		expect(toolDescription(resource, operation)).toBe(expected);
	});

	it('the tool variant describes the node with its real-world effects', () => {
		const { usableAsTool } = nodeType.description;
		expect(typeof usableAsTool === 'object' && usableAsTool.replacements?.description).toMatch(
			/act for real and cost money/,
		);
	});

	it('a call with plain $fromAI-style fields and two mistakes tells the model both in the message', async () => {
		const result = await runConvocore(
			{
				resource: 'call',
				operation: 'start',
				agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent },
				to: '={{ "555-0123" }}',
				additionalFields: { leadInfo: { email: '={{ "not an email" }}', username: 'Sam' } },
			},
			{ credential: sandboxCredential(sandbox.current), typeVersion: 2 },
		);
		const message = result.error('Convocore')?.message;
		expect(message).toBe(
			'Invalid call request: to: must be a phone number in E.164 format: + then country code and number, digits only (e.g. +14155550123); leadInfo.email: must be an email address',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});
