import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { agentSchema } from '../../../shared/contracts/agent';
import { isLlmNode, maskedSecretsIn } from '../../../shared/contracts/agentNodes';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentPath } from '../../helpers/paths';
import { dryRunOutput } from '../../helpers/dryRun';
import { getBaseUrl } from '../../transport/request';
import { checkWrite } from '../../helpers/writeCheck';
import type { Show } from '../../descriptions/displayOptions';
import { agentOutput, writeAgent } from './api';

/**
 * What Agent > Connect and Disconnect MCP Server share: the agent's nodes read as Convocore gives
 * them, the checks before any write, and the one `PATCH /agents/{id}` with `{ agent: { nodes } }`
 * in which every node and every key is exactly as read except the changed `mcpServers`.
 * `PATCH` with `nodes` replaces the agent's array (our reading: the update schema types it as an
 * array), so a node left out would be deleted and a secret written back masked would be lost.
 */

/** A node as read: only its `id` is needed to target it; every other key goes back untouched. */
export type StoredNode = Record<string, unknown> & { id: string };

/** A node named in the output: never more than its ID and name (its llmConfig holds a key). */
export interface NodeRef {
	id: string;
	name: string;
}

export function refOf(node: StoredNode): NodeRef {
	return { id: node.id, name: typeof node.name === 'string' ? node.name : '' };
}

/** Refuses one item with the field, the problem and the item named; nothing has been written. */
export function refuse(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	field: string,
	problem: string,
	hint?: string,
): never {
	throw new NodeOperationError(
		ctx.getNode(),
		`Cannot ${action} in item ${itemIndex}: ${field}: ${problem}`,
		{
			itemIndex,
			description: [hint, `In item ${itemIndex}. Nothing was changed on the agent.`]
				.filter(Boolean)
				.join('\n'),
		},
	);
}

function nodesOf(record: Record<string, unknown>): unknown[] | undefined {
	return Array.isArray(record.nodes) ? record.nodes : undefined;
}

/** `GET /agents/{id}`: the agent and its nodes; a node without an ID cannot be written back safely. */
export async function readAgentNodes(
	ctx: IExecuteFunctions,
	agentId: string,
	{ scope, action }: { scope: RequestScope; action: string },
): Promise<{ record: Record<string, unknown>; nodes: StoredNode[] }> {
	const itemIndex = scope.itemIndex ?? 0;
	const record = await requestChecked(
		ctx,
		{ method: 'GET', path: agentPath(agentId), response: agentSchema },
		scope,
	);
	const raw = record.nodes;
	if (raw !== undefined && raw !== null && !Array.isArray(raw))
		refuse(
			ctx,
			itemIndex,
			action,
			'agentId',
			`agent ${agentId} answered with nodes that are not a list`,
		);
	const nodes = nodesOf(record) ?? [];
	nodes.forEach((node, index) => {
		const id = (node as { id?: unknown } | null)?.id;
		if (typeof node !== 'object' || node === null || typeof id !== 'string' || !id.trim())
			refuse(
				ctx,
				itemIndex,
				action,
				'agentId',
				`node ${index} of agent ${agentId} has no ID, so the nodes cannot be written back as they are`,
				'Convocore requires an ID on every node; open the agent in Convocore and save its canvas.',
			);
	});
	return { record, nodes: nodes as StoredNode[] };
}

/** Refuses an agent with no LLM node: a classic single-prompt agent has nowhere to put a server. */
export function requireLlmNodes(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	agentId: string,
	nodes: StoredNode[],
): void {
	if (nodes.some(isLlmNode)) return;
	refuse(
		ctx,
		itemIndex,
		action,
		'agentId',
		`agent ${agentId} has no LLM nodes (nodes with no type or type default)`,
		"MCP servers live on the LLM nodes of Convocore's node/canvas runtime (enableNodes on). A classic single-prompt agent has none: build the agent on the canvas first, or give one interaction its servers with SMS > Send's MCP Servers.",
	);
}

/** The nodes whose IDs are chosen, in the agent's order; an ID the agent lacks is refused by name. */
export function chosenNodes(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	{ agentId, nodes, ids }: { agentId: string; nodes: StoredNode[]; ids: string[] },
): Set<string> {
	const known = new Set(nodes.map((node) => node.id));
	const missing = ids.filter((id) => !known.has(id));
	if (missing.length)
		refuse(
			ctx,
			itemIndex,
			action,
			'nodeIds',
			`no node ${missing.join(', ')} on agent ${agentId}`,
			`Its nodes: ${nodes.map((node) => `${refOf(node).name || '(no name)'} (${node.id})`).join(', ') || 'none'}.`,
		);
	return new Set(ids);
}

/** Refuses to write back nodes holding a secret Convocore answered masked: the mask would replace the key. */
export function refuseMaskedSecrets(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	agentId: string,
	nodes: StoredNode[],
): void {
	const masked = maskedSecretsIn(nodes, 'nodes');
	if (masked.length === 0) return;
	refuse(
		ctx,
		itemIndex,
		action,
		'agentId',
		`agent ${agentId} was answered with masked secrets in ${masked.join(', ')}`,
		'Convocore hid these values. Changing the nodes means sending every node back as it was read, and the mask would replace the real keys. Change the MCP servers in the Convocore app instead.',
	);
}

/**
 * Sends the nodes (or, with Dry Run, shows the PATCH with secrets redacted and sends nothing).
 * Returns the item's output: `result` plus warnings when the answer does not hold the servers sent.
 */
export async function writeNodes(
	ctx: IExecuteFunctions,
	{
		agentId,
		nodes,
		dryRun,
		result,
		scope,
	}: {
		agentId: string;
		nodes: StoredNode[];
		dryRun: boolean;
		result: IDataObject;
		scope: RequestScope;
	},
): Promise<IDataObject> {
	const path = agentPath(agentId);
	const body = { agent: { nodes } } as unknown as IDataObject;
	if (dryRun) {
		const url = `${await getBaseUrl.call(ctx, scope.itemIndex)}${path}`;
		return dryRunOutput([{ method: 'PATCH', url, body: agentOutput(body, body) }], result);
	}
	const record = await writeAgent(
		ctx,
		'PATCH',
		path,
		{ agent: { nodes } as unknown as IDataObject },
		scope,
	);
	// Only the servers are judged: the answer may show a node's key masked or reorder keys.
	const sentServers = nodes.map((node) => ({ id: node.id, mcpServers: node.mcpServers }));
	const answered = nodesOf(record);
	return checkWrite(ctx, result, {
		sent: { nodes: sentServers },
		record: answered ? { nodes: answered } : record,
		itemIndex: scope.itemIndex ?? 0,
		what: `Agent ${agentId}`,
	});
}

/** The `mcpServers` of a node as read: a list, or none. */
export function serversOf(node: StoredNode): Array<Record<string, unknown>> {
	return Array.isArray(node.mcpServers) ? (node.mcpServers as Array<Record<string, unknown>>) : [];
}

export function hasServer(node: StoredNode, name: string): boolean {
	return serversOf(node).some((server) => server?.name === name);
}

/** Node > Nodes (chosen): the agent's nodes, listed by name and type, for the picker. */
export function nodeIdsProperty(show: Show, description: string): INodeProperties {
	return {
		displayName: 'Node Names or IDs',
		name: 'nodeIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getAgentNodes', loadOptionsDependsOn: ['agentId'] },
		required: true,
		default: [],
		description: `${description}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		displayOptions: { show: { ...show, nodeSelection: ['chosen'] } },
	};
}

/** The options of the node picker: every node of the agent, its type in the name. */
export async function agentNodeOptions(
	ctx: ILoadOptionsFunctions,
	agentId: string,
): Promise<INodePropertyOptions[]> {
	const record = await requestChecked(ctx, {
		method: 'GET',
		path: agentPath(agentId),
		response: agentSchema,
	});
	const nodes = (nodesOf(record) ?? []).filter(
		(node): node is StoredNode =>
			typeof node === 'object' &&
			node !== null &&
			typeof (node as { id?: unknown }).id === 'string',
	);
	if (nodes.length === 0)
		throw new NodeOperationError(
			ctx.getNode(),
			`Agent ${agentId} has no nodes: MCP servers live on the LLM nodes of the node/canvas runtime (enableNodes)`,
		);
	return nodes.map((node) => {
		const kind = isLlmNode(node) ? 'LLM node' : `${String(node.type)} node`;
		const servers = serversOf(node)
			.map((server) => server?.name)
			.filter((name) => typeof name === 'string');
		return {
			name: `${refOf(node).name || node.id} (${kind})`,
			value: node.id,
			description: servers.length ? `MCP servers: ${servers.join(', ')}` : `ID ${node.id}`,
		};
	});
}
