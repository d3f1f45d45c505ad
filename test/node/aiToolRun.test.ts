/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The Convocore node as an AI-agent tool, on n8n-core's real tool path: a scripted agent node (the
 * "model") gets the tools through getInputConnectionData, which builds them with n8n-core's
 * createNodeAsTool from the node's $fromAI parameters, and calls one with the arguments a model
 * would produce. What the tool answers is what a model reads.
 *
 * The tool node type is made from the Convocore node the way n8n makes "<Node> Tool" types: same
 * description and execute, no main input, an ai_tool output, `usableAsTool.replacements` applied.
 */
import type { StructuredToolInterface } from '@langchain/core/tools';
import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { SANDBOX_IDS } from '../../sandbox';
import { nodeTypes, sandboxCredential, useSandbox } from '../harness/convocore';
import { node, runWorkflow } from '../harness/engine';

const sandbox = useSandbox();
const TOOL_TYPE = 'n8n-nodes-convocore.convocoreTool';
const AGENT_TYPE = 'test.scriptedAgent';

function toolVariant(base: Convocore): INodeType {
	const { usableAsTool, ...description } = base.description;
	const replacements = typeof usableAsTool === 'object' ? (usableAsTool.replacements ?? {}) : {};
	return {
		description: {
			...description,
			...replacements,
			name: 'convocoreTool',
			displayName: 'Convocore Tool',
			inputs: [],
			outputs: [NodeConnectionTypes.AiTool],
		} as INodeTypeDescription,
		methods: base.methods,
		execute: base.execute,
	};
}

/** The "model": calls the tool named in the input item with the item's arguments. */
// eslint-disable-next-line @n8n/community-nodes/node-usable-as-tool -- a stand-in for n8n's AI Agent: it uses tools and is never offered as one
class ScriptedAgent implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Scripted Agent',
		name: 'scriptedAgent',
		group: ['transform'],
		version: 1,
		description: 'Calls one tool with scripted arguments',
		defaults: { name: 'Scripted Agent' },
		inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, displayName: 'Tools' }],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const tools = ((await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as StructuredToolInterface[]).flat();
		const { args } = this.getInputData()[0].json as { args: Record<string, unknown> };
		const [tool] = tools;
		let answer: unknown;
		try {
			answer = await tool.invoke(args);
		} catch (error) {
			// An agent hands a failed tool call back to its model as text: the error's message (to
			// which n8n-core 2.41 appends the description as "Details").
			answer = `Error: ${(error as Error).message}`;
		}
		const schemaKeys = Object.keys((tool.schema as { shape: Record<string, unknown> }).shape).sort();
		return [[{ json: { name: tool.name, description: tool.description, schemaKeys, answer: String(answer) }, pairedItem: { item: 0 } }]];
	}
}

nodeTypes.add(TOOL_TYPE, toolVariant(new Convocore())).add(AGENT_TYPE, new ScriptedAgent());

async function askAgent(toolParameters: INodeParameters, args: Record<string, unknown>) {
	const result = await runWorkflow({
		nodeTypes,
		nodes: [
			node('Scripted Agent', AGENT_TYPE, {}),
			node('Convocore Tool', TOOL_TYPE, toolParameters, {
				typeVersion: 2,
				credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
			}),
		],
		connections: { 'Convocore Tool': { [NodeConnectionTypes.AiTool]: [[{ node: 'Scripted Agent', type: NodeConnectionTypes.AiTool, index: 0 }]] } },
		credentials: { convocoreApi: sandboxCredential(sandbox.current) },
		input: [{ json: { args } }],
	});
	const error = result.error('Scripted Agent');
	if (error) throw error;
	return result.output('Scripted Agent')[0].json as { name: string; description: string; schemaKeys: string[]; answer: string };
}

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
		const reply = await askAgent(addDocument, { name: 'Parking', content: 'Free parking behind the building.', description: 'Where to park', tags: 'faq, visit' });
		expect(reply.description).toBe('Add a document to a knowledge base in Convocore');
		expect(reply.schemaKeys).toEqual(['content', 'description', 'name', 'tags']);
		expect(JSON.parse(reply.answer)).toEqual([expect.objectContaining({ name: 'Parking', content: 'Free parking behind the building.' })]);
		expect(sandbox.current.requests({ method: 'POST' }).map((request) => request.body)).toEqual([
			{ name: 'Parking', sourceType: 'doc', content: 'Free parking behind the building.', metadata: { description: 'Where to park' }, tags: ['faq', 'visit'] },
		]);
	});

	it('Create: empty content from the model comes back as a message naming the field, and nothing is sent', async () => {
		const reply = await askAgent(addDocument, { name: 'Parking', content: ' ', description: 'Where to park', tags: '' });
		expect(reply.answer).toMatch(/^Error: Invalid knowledge document: content: is required for a text document/);
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
		expect(documents).toEqual([expect.objectContaining({ ID: SANDBOX_IDS.knowledgeDocIds[0], contentPreview: expect.any(String) })]);
		expect(documents[0]).not.toHaveProperty('chunks');
	});
});
