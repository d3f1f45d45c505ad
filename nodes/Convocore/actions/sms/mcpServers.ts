import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	mcpNameSchema,
	mcpTransportSchema,
	mcpUrlSchema,
	type McpServer,
} from '../../../shared/contracts/agentNodes';
import { validate } from '../../helpers/parameters';
import type { Show } from '../../descriptions/displayOptions';

/**
 * SMS > Send's MCP Servers (agent mode): tool servers for this one interaction, sent as
 * `options.agentOptions.mcpServers` ("temporary tool servers attached to this interaction only,
 * not saved on the agent", the seed). The seed shows no item shape: each entry takes the shape
 * of the published `nodes[].mcpServers[]` item, `{ name, url, transport }` (our reading).
 */

export function mcpServersProperty(show: Show): INodeProperties {
	return {
		displayName: 'MCP Servers',
		name: 'mcpServers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add MCP Server',
		default: {},
		description:
			"Tool servers the agent may use for this SMS only (an n8n MCP Server Trigger's production URL); not saved on the agent",
		displayOptions: { show: { ...show, mode: ['agent'] } },
		options: [
			{
				displayName: 'Server',
				name: 'server',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. n8n-orders',
						description: 'The name the agent knows the server by',
					},
					{
						displayName: 'URL',
						name: 'url',
						type: 'string',
						default: '',
						placeholder: 'e.g. https://n8n.example.com/mcp/orders',
						description: 'The server URL (http, https, ws or wss)',
					},
					{
						displayName: 'Transport',
						name: 'transport',
						type: 'options',
						options: [
							{ name: 'SSE', value: 'sse' },
							{ name: 'WebSocket', value: 'websocket' },
						],
						default: 'sse',
					},
				],
			},
		],
	};
}

const serversSchema = lazy(() =>
	z.object({
		server: z.array(
			z.object({ name: mcpNameSchema(), url: mcpUrlSchema(), transport: mcpTransportSchema() }),
			{ invalid_type_error: 'must be a list of servers' },
		),
	}),
);

/**
 * The agent options of one item with MCP Servers added, or as they were when none is set. Servers
 * in both MCP Servers and Agent Options (JSON) are refused: one of the two would be lost.
 */
export function withMcpServers(
	ctx: IExecuteFunctions,
	itemIndex: number,
	mode: string,
	agentOptions: IDataObject | undefined,
): IDataObject | undefined {
	// The item's mode, read once by the caller: MCP Servers is an agent-mode field.
	if (mode !== 'agent') return agentOptions;
	const raw = ctx.getNodeParameter('mcpServers', itemIndex, {}) as IDataObject;
	const { server } = validate(
		ctx,
		serversSchema,
		{ server: raw?.server ?? [] },
		itemIndex,
		'MCP Servers (mcpServers)',
	);
	if (server.length === 0) return agentOptions;
	if (agentOptions?.mcpServers !== undefined)
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid MCP Servers in item ${itemIndex}: mcpServers: set the servers here or in options.agentOptions.mcpServers, not both`,
			{ itemIndex },
		);
	const mcpServers: McpServer[] = server.map(({ name, url, transport }) => ({
		name,
		url,
		transport: transport as McpServer['transport'],
	}));
	return { ...agentOptions, mcpServers: mcpServers as IDataObject[] };
}
