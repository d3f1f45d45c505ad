import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { mcpNameSchema } from '../../../shared/contracts/agentNodes';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { dryRunOption, REQUEST_WITH_SECRETS_REDACTED } from '../../descriptions/dryRun';
import { readAgentId } from '../../helpers/agentId';
import { dryRunOutput, readDryRun } from '../../helpers/dryRun';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import {
	chosenNodes,
	hasServer,
	nodeIdsProperty,
	readAgentNodes,
	refOf,
	refuseMaskedSecrets,
	serversOf,
	writeNodes,
} from './agentNodes';
import {
	nodeIdsSchema,
	readNodeIds,
	requireChosenIds,
	serverNameProperty,
} from './mcpServerFields';

const show = { resource: ['agent'], operation: ['disconnectMcpServer'] };
const ACTION = 'disconnect the MCP server';

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose nodes lose the MCP server'),
	serverNameProperty(show, 'The name of the server to remove, exactly as the nodes have it'),
	{
		displayName: 'Nodes',
		name: 'nodeSelection',
		type: 'options',
		options: [
			{ name: 'All Nodes', value: 'allNodes', description: 'Every node that has the server' },
			{ name: 'Chosen Nodes', value: 'chosen', description: 'The nodes picked below' },
		],
		default: 'allNodes',
		description: 'Which of the agent’s nodes lose the server',
		displayOptions: { show },
	},
	nodeIdsProperty(show, 'The nodes that lose the server'),
	optionsCollection(show, [dryRunOption(REQUEST_WITH_SECRETS_REDACTED), timeoutOption()]),
];

const planSchema = lazy(() =>
	z
		.object({
			agentId: agentIdSchema,
			serverName: mcpNameSchema(),
			nodeSelection: z.enum(['allNodes', 'chosen'], {
				errorMap: () => ({ message: 'must be allNodes or chosen' }),
			}),
			nodeIds: nodeIdsSchema(),
			dryRun: z.boolean(),
		})
		.superRefine(requireChosenIds),
);
type DisconnectPlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<DisconnectPlan> {
	const nodeSelection = this.getNodeParameter('nodeSelection', itemIndex, 'allNodes');
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			serverName: this.getNodeParameter('serverName', itemIndex, ''),
			nodeSelection,
			nodeIds: readNodeIds(this, itemIndex, nodeSelection),
			dryRun: readDryRun(this, itemIndex),
		},
		itemIndex,
		'MCP server disconnection',
	);
}

/**
 * Removes the server by name. Nothing to remove (no node has it) sends nothing and says so in the
 * output, `removedFrom: []`: a re-run after a success is not an error, as for a delete that
 * already happened.
 */
export async function execute(this: IExecuteFunctions, plan: DisconnectPlan, scope: RequestScope) {
	const itemIndex = scope.itemIndex ?? 0;
	const { agentId, serverName } = plan;
	const { nodes } = await readAgentNodes(this, agentId, { scope, action: ACTION });
	const chosen =
		plan.nodeSelection === 'chosen'
			? chosenNodes(this, itemIndex, ACTION, { agentId, nodes, ids: plan.nodeIds })
			: undefined;
	const targets = nodes.filter(
		(node) => (chosen === undefined || chosen.has(node.id)) && hasServer(node, serverName),
	);
	const result: IDataObject = {
		agentId,
		serverName,
		removedFrom: targets.map(refOf) as unknown as IDataObject[],
	};
	if (targets.length === 0) {
		this.addExecutionHints({
			message: `Item ${itemIndex}: no ${chosen ? 'chosen ' : ''}node of agent ${agentId} has an MCP server named "${serverName}": nothing was sent`,
			type: 'info',
			location: 'outputPane',
		});
		const output = { ...result, changed: false };
		// Dry Run keeps its one shape: nothing would be sent.
		return [{ json: plan.dryRun ? dryRunOutput([], output) : output }];
	}
	refuseMaskedSecrets(this, itemIndex, ACTION, agentId, nodes);
	const removeFrom = new Set(targets.map((node) => node.id));
	const updated = nodes.map((node) =>
		removeFrom.has(node.id)
			? { ...node, mcpServers: serversOf(node).filter((server) => server?.name !== serverName) }
			: node,
	);
	result.changed = true;
	return [
		{
			json: await writeNodes(this, { agentId, nodes: updated, dryRun: plan.dryRun, result, scope }),
		},
	];
}

export const disconnectMcpServer: ConvocoreOperation<DisconnectPlan> = {
	description,
	// One item at a time: each reads the agent's nodes and writes them all back, so two items on
	// the same agent in parallel would each write what the other had not yet changed.
	defaultConcurrency: 1,
	prepare,
	execute,
};
