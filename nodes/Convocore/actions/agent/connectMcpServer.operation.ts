import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	isLlmNode,
	mcpNameSchema,
	mcpTransportSchema,
	mcpUrlSchema,
	type McpServer,
} from '../../../shared/contracts/agentNodes';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { dryRunOption, REQUEST_WITH_SECRETS_REDACTED } from '../../descriptions/dryRun';
import { readAgentId } from '../../helpers/agentId';
import { readDryRun } from '../../helpers/dryRun';
import { compact, validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import {
	chosenNodes,
	hasServer,
	nodeIdsProperty,
	readAgentNodes,
	refOf,
	refuseMaskedSecrets,
	requireLlmNodes,
	serversOf,
	writeNodes,
	type StoredNode,
} from './agentNodes';
import { mcpServerFields, nodeIdsSchema, readNodeIds, requireChosenIds } from './mcpServerFields';

const show = { resource: ['agent'], operation: ['connectMcpServer'] };
const ACTION = 'connect the MCP server';

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose nodes get the MCP server'),
	...mcpServerFields(show),
	{
		displayName: 'Nodes',
		name: 'nodeSelection',
		type: 'options',
		options: [
			{
				name: 'All LLM Nodes',
				value: 'allLlmNodes',
				description: 'Every node with no type or type default',
			},
			{ name: 'Chosen Nodes', value: 'chosen', description: 'The nodes picked below' },
		],
		default: 'allLlmNodes',
		description: 'Which of the agent’s nodes get the server',
		displayOptions: { show },
	},
	nodeIdsProperty(show, 'The nodes that get the server'),
	{
		displayName: 'Reconnect',
		name: 'reconnect',
		type: 'collection',
		placeholder: 'Add Reconnect Setting',
		default: {},
		description: 'How Convocore reconnects when the server drops the connection',
		displayOptions: { show },
		options: [
			{
				displayName: 'Delay (Milliseconds)',
				name: 'delayMs',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 1000,
				description: 'How long to wait between attempts',
			},
			{
				displayName: 'Enabled',
				name: 'enabled',
				type: 'boolean',
				default: true,
				description: 'Whether to reconnect when the connection drops',
			},
			{
				displayName: 'Max Attempts',
				name: 'maxAttempts',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 3,
				description: 'How many times to try before giving up',
			},
		],
	},
	optionsCollection(show, [dryRunOption(REQUEST_WITH_SECRETS_REDACTED), timeoutOption()]),
];

const planSchema = lazy(() =>
	z
		.object({
			agentId: agentIdSchema,
			serverName: mcpNameSchema(),
			serverUrl: mcpUrlSchema(),
			transport: mcpTransportSchema(),
			nodeSelection: z.enum(['allLlmNodes', 'chosen'], {
				errorMap: () => ({ message: 'must be allLlmNodes or chosen' }),
			}),
			nodeIds: nodeIdsSchema(),
			reconnect: z
				.object({
					enabled: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
					maxAttempts: z
						.number({ invalid_type_error: 'must be a number' })
						.int('must be a whole number')
						.min(1, 'must be at least 1')
						.optional(),
					delayMs: z
						.number({ invalid_type_error: 'must be a number' })
						.min(0, 'must be 0 or more')
						.optional(),
				})
				.strict(),
			dryRun: z.boolean(),
		})
		.superRefine(requireChosenIds),
);

interface ConnectPlan {
	agentId: string;
	server: McpServer;
	nodeSelection: 'allLlmNodes' | 'chosen';
	nodeIds: string[];
	dryRun: boolean;
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ConnectPlan> {
	const nodeSelection = this.getNodeParameter('nodeSelection', itemIndex, 'allLlmNodes');
	const plan = validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			serverName: this.getNodeParameter('serverName', itemIndex, ''),
			serverUrl: this.getNodeParameter('serverUrl', itemIndex, ''),
			transport: this.getNodeParameter('transport', itemIndex, 'sse'),
			nodeSelection,
			nodeIds: readNodeIds(this, itemIndex, nodeSelection),
			reconnect: this.getNodeParameter('reconnect', itemIndex, {}),
			dryRun: readDryRun(this, itemIndex),
		},
		itemIndex,
		'MCP server connection',
	);
	const reconnect = compact(plan.reconnect);
	const server: McpServer = {
		name: plan.serverName,
		url: plan.serverUrl,
		transport: plan.transport as McpServer['transport'],
		...(Object.keys(reconnect).length ? { reconnect } : {}),
	};
	return { ...plan, server };
}

/** The node with the server added, or the entry of the same name replaced where it was; every other key as read. */
function withServer(node: StoredNode, server: McpServer): StoredNode {
	const servers = serversOf(node);
	const at = servers.findIndex((entry) => entry?.name === server.name);
	const next =
		at < 0 ? [...servers, server] : servers.map((entry, index) => (index === at ? server : entry));
	return { ...node, mcpServers: next };
}

export async function execute(this: IExecuteFunctions, plan: ConnectPlan, scope: RequestScope) {
	const itemIndex = scope.itemIndex ?? 0;
	const { agentId, server } = plan;
	const { record, nodes } = await readAgentNodes(this, agentId, { scope, action: ACTION });
	requireLlmNodes(this, itemIndex, ACTION, agentId, nodes);
	const targets =
		plan.nodeSelection === 'chosen'
			? chosenNodes(this, itemIndex, ACTION, { agentId, nodes, ids: plan.nodeIds })
			: new Set(nodes.filter(isLlmNode).map((node) => node.id));
	refuseMaskedSecrets(this, itemIndex, ACTION, agentId, nodes);
	const name = server.name as string;
	const changedNodes: IDataObject[] = [];
	const updated = nodes.map((node) => {
		if (!targets.has(node.id)) return node;
		changedNodes.push({ ...refOf(node), change: hasServer(node, name) ? 'replaced' : 'added' });
		return withServer(node, server);
	});
	if (record.enableNodes === false)
		this.addExecutionHints({
			message: `Item ${itemIndex}: agent ${agentId} has enableNodes off: it runs as a classic single-prompt agent and does not use its nodes' MCP servers until enableNodes is on (Agent > Update)`,
			type: 'warning',
			location: 'outputPane',
		});
	const result: IDataObject = {
		agentId,
		server: server as IDataObject,
		nodesWithServer: updated
			.filter((node) => hasServer(node, name))
			.map(refOf) as unknown as IDataObject[],
		changedNodes,
	};
	return [
		{
			json: await writeNodes(this, { agentId, nodes: updated, dryRun: plan.dryRun, result, scope }),
		},
	];
}

export const connectMcpServer: ConvocoreOperation<ConnectPlan> = {
	description,
	// One item at a time: each reads the agent's nodes and writes them all back, so two items on
	// the same agent in parallel would each write what the other had not yet changed.
	defaultConcurrency: 1,
	prepare,
	execute,
};
