/**
 * The Convocore node as an AI-agent tool, through n8n-core's tool path (test/harness/aiTool.ts):
 * what the model sees, fills and reads back.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { askAgent as ask } from '../harness/aiTool';
import { useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const askAgent = (toolParameters: INodeParameters, args: Record<string, unknown>) =>
	ask(sandbox.current, toolParameters, args);

const startCall: INodeParameters = {
	resource: 'call',
	operation: 'start',
	agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent },
	to: "={{ $fromAI('to', 'The phone number to call, in E.164 format, e.g. +14155550123') }}",
	additionalFields: {
		leadInfo: { username: "={{ $fromAI('name', 'The name of the person called') }}" },
	},
};

describe("Convocore as an AI-agent tool, through n8n-core's tool path", () => {
	it('Start Call: the model sees the action as the description, fills plain fields, and the call is placed once', async () => {
		const reply = await askAgent(startCall, { to: '+4917655544433', name: 'Sam Patel' });
		expect(reply.description).toBe('Start a phone call in Convocore');
		expect(reply.schemaKeys).toEqual(['name', 'to']);
		expect(JSON.parse(reply.answer)).toEqual([
			expect.objectContaining({
				message: expect.stringContaining('+4917655544433'),
				websocketUrl: expect.any(String),
			}),
		]);
		expect(sandbox.current.placedCalls).toEqual([
			expect.objectContaining({ to: '+4917655544433' }),
		]);
		expect(sandbox.current.requests({ path: '/calls' })[0].body).toEqual(
			expect.objectContaining({ to: '+4917655544433', leadInfo: { username: 'Sam Patel' } }),
		);
	});

	it('a bad number from the model comes back as a message naming the field and the rule, and nothing is called', async () => {
		const reply = await askAgent(startCall, { to: 'call Sam', name: 'Sam Patel' });
		expect(reply.answer).toMatch(
			/^Error: Invalid call request: to: must be a phone number in E\.164 format/,
		);
		expect(sandbox.current.placedCalls).toHaveLength(0);
	});

	it('Get Conversation: the model reads a summary by conversation ID', async () => {
		const reply = await askAgent(
			{
				resource: 'conversation',
				operation: 'get',
				agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent },
				convoId: {
					__rl: true,
					mode: 'id',
					value: "={{ $fromAI('conversationId', 'The conversation ID') }}",
				},
			},
			{ conversationId: SANDBOX_IDS.callConvoId },
		);
		expect(reply.description).toBe('Get a conversation in Convocore');
		expect(JSON.parse(reply.answer)).toEqual([
			expect.objectContaining({
				ID: SANDBOX_IDS.callConvoId,
				summary: expect.stringContaining('Tuesday'),
			}),
		]);
	});
});

describe('Knowledge Base as an AI-agent tool', () => {
	const ownAgent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
	const addDocument: INodeParameters = {
		resource: 'knowledgeBase',
		operation: 'create',
		agentId: ownAgent,
		sourceType: 'doc',
		name: "={{ $fromAI('name', 'A short title for the document') }}",
		content: "={{ $fromAI('content', 'The text the agent should know') }}",
		additionalFields: {
			description: "={{ $fromAI('description', 'One sentence on what the document is about') }}",
			tags: "={{ $fromAI('tags', 'Comma-separated tags, e.g. faq, pricing') }}",
		},
	};

	it('Create: the model fills plain text fields and one document is added', async () => {
		const reply = await askAgent(addDocument, {
			name: 'Parking',
			content: 'Free parking behind the building.',
			description: 'Where to park',
			tags: 'faq, visit',
		});
		expect(reply.description).toBe('Add a document to a knowledge base in Convocore');
		expect(reply.schemaKeys).toEqual(['content', 'description', 'name', 'tags']);
		expect(JSON.parse(reply.answer)).toEqual([
			expect.objectContaining({ name: 'Parking', content: 'Free parking behind the building.' }),
		]);
		expect(sandbox.current.requests({ method: 'POST' }).map((request) => request.body)).toEqual([
			{
				name: 'Parking',
				sourceType: 'doc',
				content: 'Free parking behind the building.',
				metadata: { description: 'Where to park' },
				tags: ['faq', 'visit'],
			},
		]);
	});

	it('Create: empty content from the model comes back as a message naming the field, and nothing is sent', async () => {
		const reply = await askAgent(addDocument, {
			name: 'Parking',
			content: ' ',
			description: 'Where to park',
			tags: '',
		});
		expect(reply.answer).toMatch(
			/^Error: Invalid knowledge document: content: is required for a text document/,
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Get Many: the model lists an agent’s documents, simplified, up to its limit', async () => {
		const reply = await askAgent(
			{
				resource: 'knowledgeBase',
				operation: 'getAll',
				agentId: { __rl: true, mode: 'id', value: "={{ $fromAI('agentId', 'The agent ID') }}" },
				limit: "={{ $fromAI('limit', 'How many documents to return', 'number') }}",
			},
			{ agentId: SANDBOX_IDS.rentalAgent, limit: 1 },
		);
		expect(reply.description).toBe('Get many knowledge base documents in Convocore');
		expect(reply.schemaKeys).toEqual(['agentId', 'limit']);
		const documents = JSON.parse(reply.answer) as Array<Record<string, unknown>>;
		expect(documents).toEqual([
			expect.objectContaining({
				ID: SANDBOX_IDS.knowledgeDocIds[0],
				contentPreview: expect.any(String),
			}),
		]);
		expect(documents[0]).not.toHaveProperty('chunks');
	});
});

describe('Agent > Send Message as an AI-agent tool', () => {
	const sendMessage: INodeParameters = {
		resource: 'agent',
		operation: 'sendMessage',
		agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.rentalAgent },
		message: "={{ $fromAI('message', 'The question for the Convocore agent') }}",
		conversationId:
			"={{ $fromAI('conversationId', 'The conversation ID, to continue a conversation') }}",
	};

	it('the model fills the message and the conversation ID, and reads the reply', async () => {
		const reply = await askAgent(sendMessage, {
			message: 'How much does a cleaning cost?',
			conversationId: 'tool-convo-1',
		});
		expect(reply.description).toBe('Send a message to an agent in Convocore');
		expect(reply.schemaKeys).toEqual(['conversationId', 'message']);
		expect(JSON.parse(reply.answer)).toEqual([
			expect.objectContaining({
				reply: 'A check-up costs 60 EUR; a cleaning 90 EUR.',
				conversationId: 'tool-convo-1',
			}),
		]);
		expect(sandbox.current.interact.turns.map((turn) => turn.convoId)).toEqual(['tool-convo-1']);
	});

	it('a failed turn reaches the model as readable text', async () => {
		sandbox.current.injectFault({ path: '/interact', kind: 'close-1011' });
		const reply = await askAgent(sendMessage, {
			message: 'When are you open?',
			conversationId: 'tool-convo-2',
		});
		expect(reply.answer).toMatch(
			/^Error: Convocore closed the turn with code 1011 \(Internal error\) instead of 1000/,
		);
	});
});
