import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { Show } from '../../descriptions/displayOptions';
import { z } from 'zod';

/** The fields of Agent > Connect and Disconnect MCP Server that name, locate and pick. */

export function serverNameProperty(show: Show, description: string): INodeProperties {
	return {
		displayName: 'Server Name',
		name: 'serverName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. n8n-orders',
		description,
		displayOptions: { show },
	};
}

/** Server Name, Server URL and Transport of Connect MCP Server. */
export function mcpServerFields(show: Show): INodeProperties[] {
	return [
		serverNameProperty(
			show,
			'The name the nodes know the server by. A node that already has a server of this name gets it replaced.',
		),
		{
			displayName: 'Server URL',
			name: 'serverUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://n8n.example.com/mcp/orders',
			description:
				"The MCP Server Trigger's production URL (http, https, ws or wss). Convocore connects to it, so it must be reachable from the internet.",
			displayOptions: { show },
		},
		{
			displayName: 'Transport',
			name: 'transport',
			type: 'options',
			options: [
				{
					name: 'SSE',
					value: 'sse',
					description: "Server-Sent Events, as n8n's MCP Server Trigger serves them",
				},
				{ name: 'WebSocket', value: 'websocket', description: 'A WebSocket MCP server' },
			],
			default: 'sse',
			description: 'How Convocore talks to the server',
			displayOptions: { show },
		},
	];
}

/**
 * Nodes (chosen) of one item: the picked IDs, or the IDs an expression gives as a list or as
 * comma-separated text. Not read when the selection is not `chosen`.
 */
export function readNodeIds(
	ctx: IExecuteFunctions,
	itemIndex: number,
	selection: unknown,
): unknown {
	if (selection !== 'chosen') return [];
	const value = ctx.getNodeParameter('nodeIds', itemIndex, []) as unknown;
	const list = typeof value === 'string' ? value.split(',') : value;
	if (!Array.isArray(list)) return list;
	return list.map((id) => (typeof id === 'string' ? id.trim() : id)).filter((id) => id !== '');
}

/** The picked node IDs: text each; at least one when the selection is `chosen`. */
export const nodeIdsSchema = () =>
	z.array(z.string({ invalid_type_error: 'must be text (node IDs)' }), {
		invalid_type_error: 'must be a list of node IDs',
	});

/** Refuses `chosen` with no node picked, on the `nodeIds` field. */
export function requireChosenIds(
	plan: { nodeSelection: string; nodeIds: string[] },
	ctx: z.RefinementCtx,
): void {
	if (plan.nodeSelection === 'chosen' && plan.nodeIds.length === 0)
		ctx.addIssue({ code: 'custom', path: ['nodeIds'], message: 'choose at least one node' });
}
