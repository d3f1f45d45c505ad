/**
 * The Convocore node as an AI-agent tool, through n8n-core's tool path (test/harness/aiTool.ts):
 * what the model sees, fills and reads back.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox';
import { askAgent as ask } from '../harness/aiTool';
import { useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const askAgent = (toolParameters: INodeParameters, args: Record<string, unknown>) => ask(sandbox.current, toolParameters, args);

const startCall: INodeParameters = {
	resource: 'call',
	operation: 'start',
	agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent },
	to: "={{ $fromAI('to', 'The phone number to call, in E.164 format, e.g. +14155550123') }}",
	additionalFields: { leadInfo: { username: "={{ $fromAI('name', 'The name of the person called') }}" } },
};

describe('Convocore as an AI-agent tool, through n8n-core\'s tool path', () => {
	it('Start Call: the model sees a description that says it is billed, fills plain fields, and the call is placed once', async () => {
		const reply = await askAgent(startCall, { to: '+4917655544433', name: 'Sam Patel' });
		expect(reply.description).toBe('Start a real phone call (billed per minute) in Convocore');
		expect(reply.schemaKeys).toEqual(['name', 'to']);
		expect(JSON.parse(reply.answer)).toEqual([expect.objectContaining({ message: expect.stringContaining('+4917655544433'), websocketUrl: expect.any(String) })]);
		expect(sandbox.current.placedCalls).toEqual([expect.objectContaining({ to: '+4917655544433' })]);
		expect(sandbox.current.requests({ path: '/calls' })[0].body).toEqual(
			expect.objectContaining({ to: '+4917655544433', leadInfo: { username: 'Sam Patel' } }),
		);
	});

	it('a bad number from the model comes back as a message naming the field and the rule, and nothing is called', async () => {
		const reply = await askAgent(startCall, { to: 'call Sam', name: 'Sam Patel' });
		expect(reply.answer).toMatch(/^Error: Invalid call request: to: must be a phone number in E\.164 format/);
		expect(sandbox.current.placedCalls).toHaveLength(0);
	});

	it('Get Conversation: the model reads a summary by conversation ID', async () => {
		const reply = await askAgent(
			{
				resource: 'conversation',
				operation: 'get',
				agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent },
				convoId: { __rl: true, mode: 'id', value: "={{ $fromAI('conversationId', 'The conversation ID') }}" },
			},
			{ conversationId: SANDBOX_IDS.callConvoId },
		);
		expect(reply.description).toBe('Get a conversation in Convocore');
		expect(JSON.parse(reply.answer)).toEqual([expect.objectContaining({ ID: SANDBOX_IDS.callConvoId, summary: expect.stringContaining('Tuesday') })]);
	});
});
