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
import type { Sandbox } from '../../sandbox';
import { nodeTypes, sandboxCredential } from './convocore';
import { node, runWorkflow } from './engine';

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
		const tools = (
			(await this.getInputConnectionData(
				NodeConnectionTypes.AiTool,
				0,
			)) as StructuredToolInterface[]
		).flat();
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
		const schemaKeys = Object.keys(
			(tool.schema as { shape: Record<string, unknown> }).shape,
		).sort();
		return [
			[
				{
					json: {
						name: tool.name,
						description: tool.description,
						schemaKeys,
						answer: String(answer),
					},
					pairedItem: { item: 0 },
				},
			],
		];
	}
}

nodeTypes.add(TOOL_TYPE, toolVariant(new Convocore())).add(AGENT_TYPE, new ScriptedAgent());

/** Runs the scripted agent with one Convocore tool set up by `toolParameters`, calling it with `args`. */
export async function askAgent(
	sandbox: Sandbox,
	toolParameters: INodeParameters,
	args: Record<string, unknown>,
) {
	const result = await runWorkflow({
		nodeTypes,
		nodes: [
			node('Scripted Agent', AGENT_TYPE, {}),
			node('Convocore Tool', TOOL_TYPE, toolParameters, {
				typeVersion: 2,
				credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
			}),
		],
		connections: {
			'Convocore Tool': {
				[NodeConnectionTypes.AiTool]: [
					[{ node: 'Scripted Agent', type: NodeConnectionTypes.AiTool, index: 0 }],
				],
			},
		},
		credentials: { convocoreApi: sandboxCredential(sandbox) },
		input: [{ json: { args } }],
	});
	const error = result.error('Scripted Agent');
	if (error) throw error;
	return result.output('Scripted Agent')[0].json as {
		name: string;
		description: string;
		schemaKeys: string[];
		answer: string;
	};
}
