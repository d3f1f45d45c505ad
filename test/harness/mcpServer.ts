/* eslint-disable @n8n/community-nodes/no-restricted-imports, import-x/no-unresolved -- the SDK's documented subpath imports (…/server/sse.js) resolve through its "./*" export, whose types entry the lint resolver misreads; tsc and Node resolve them. Test code: an HTTP server in Node under jest and the demo, never ships (package.json "files" is dist/ only) */
/**
 * An MCP server made with the official SDK's server classes, on a free loopback port: what the
 * sandbox's scripted agent connects to in the tests and the demo (n8n's MCP Server Trigger needs a
 * real n8n: `npm run e2e`). One transport per server, as real servers differ:
 *
 * - `streamable-http`: Streamable HTTP, stateless (a fresh server per POST); `GET` is refused with
 *   405, as the SDK's stateless servers do.
 * - `sse`: the older HTTP+SSE transport: `GET <path>` opens the stream and names
 *   `<path>/messages?sessionId=…` for the POSTs; a POST to `<path>` itself is 404.
 *
 * With `bearer`, every request without `Authorization: Bearer <bearer>` is answered 401.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** The path served unless one is given (the demo serves example 20's `/mcp/<path>`). */
export const ORDER_PATH = '/mcp/orders';

/** The order lookup every suite serves: order 1234 is known, `fail` is a tool error, any other is unknown. */
export function lookUpOrder(orderId: string): { text: string; isError?: boolean } {
	if (orderId === 'fail') return { text: 'The order system is down.', isError: true };
	if (orderId === '1234') return { text: JSON.stringify({ answer: ORDER_1234 }) };
	return { text: JSON.stringify({ answer: `I found no order ${orderId}.` }) };
}
export const ORDER_1234 = 'Order 1234 is shipped, arriving Tuesday.';

export interface OrderServer {
	url: string;
	/** Tool calls received, in order. */
	calls: Array<{ tool: string; args: Record<string, unknown> }>;
	/** Requests received (method and path), in order: which transport the client spoke. */
	requests: string[];
	close(): Promise<void>;
}

const TOOLS = [
	{
		name: 'lookup_order',
		description: 'Looks up an order by its number and says where it is.',
		inputSchema: {
			type: 'object' as const,
			properties: { orderId: { type: 'string', description: 'The order number' } },
			required: ['orderId'],
		},
	},
	{
		name: 'store_hours',
		description: 'Says when the store is open.',
		inputSchema: { type: 'object' as const, properties: {} },
	},
];

/** The SDK's low-level server with the tools as JSON Schema, as a server in any language publishes them. */
function mcpServer(calls: OrderServer['calls'], extraTool: boolean): Server {
	const server = new Server({ name: 'orders', version: '1.0.0' }, { capabilities: { tools: {} } });
	server.setRequestHandler(ListToolsRequestSchema, async () => ({
		tools: extraTool ? TOOLS : TOOLS.slice(0, 1),
	}));
	server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
		const args = params.arguments ?? {};
		calls.push({ tool: params.name, args });
		if (params.name === 'store_hours' && extraTool)
			return { content: [{ type: 'text', text: 'Open 9 to 5.' }] };
		if (params.name !== 'lookup_order')
			return { content: [{ type: 'text', text: `No tool ${params.name}.` }], isError: true };
		const { text, isError } = lookUpOrder(String(args.orderId));
		return { content: [{ type: 'text', text }], ...(isError ? { isError } : {}) };
	});
	return server;
}

async function body(req: IncomingMessage): Promise<unknown> {
	let text = '';
	for await (const chunk of req) text += String(chunk);
	return text ? JSON.parse(text) : undefined;
}

export async function startOrderServer(
	transport: 'streamable-http' | 'sse',
	options: { bearer?: string; extraTool?: boolean; path?: string } = {},
): Promise<OrderServer> {
	const calls: OrderServer['calls'] = [];
	const requests: string[] = [];
	const sse = new Map<string, SSEServerTransport>();
	const base = options.path ?? ORDER_PATH;
	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const path = new URL(req.url ?? '/', 'http://localhost').pathname;
		requests.push(`${req.method} ${path}`);
		if (options.bearer && req.headers.authorization !== `Bearer ${options.bearer}`)
			return res.writeHead(401, { 'www-authenticate': 'Bearer' }).end('Unauthorized');
		if (transport === 'streamable-http') {
			if (path !== base || req.method !== 'POST')
				return res.writeHead(405, { allow: 'POST' }).end();
			const server = mcpServer(calls, options.extraTool === true);
			const http = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
			res.on('close', () => void server.close());
			await server.connect(http);
			return await http.handleRequest(req, res, await body(req));
		}
		if (req.method === 'GET' && path === base) {
			const stream = new SSEServerTransport(`${base}/messages`, res);
			sse.set(stream.sessionId, stream);
			res.on('close', () => sse.delete(stream.sessionId));
			return await mcpServer(calls, options.extraTool === true).connect(stream);
		}
		const session = sse.get(
			new URL(req.url ?? '/', 'http://localhost').searchParams.get('sessionId') ?? '',
		);
		if (req.method === 'POST' && path === `${base}/messages` && session)
			return await session.handlePostMessage(req, res, await body(req));
		res.writeHead(404).end('Not found');
	};
	const http = createServer((req, res) => {
		handle(req, res).catch(() => res.headersSent || res.writeHead(500).end());
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const port = (http.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}${base}`,
		calls,
		requests,
		close: async () => {
			http.closeAllConnections();
			await new Promise((resolve) => http.close(resolve));
		},
	};
}
