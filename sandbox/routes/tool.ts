import {
	createToolRequestSchema,
	updateToolRequestSchema,
} from '../../nodes/shared/contracts/tool';
import { assertAgentInScope, findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { isPublished } from '../server/mode';
import type { SandboxState, SandboxTool } from '../domain/state';
import type { Route, RouteContext } from './types';

/** An agent's tools (agent-at-work spec §2); the interact socket calls them (sandbox/domain/toolCalls.ts). */

function toolsOf(state: SandboxState): Record<string, SandboxTool> {
	return (state.tools ??= {});
}

/** The tool, when its agent is in the caller's workspace (and scope, for an agent secret). */
function findTool(ctx: RouteContext): SandboxTool {
	const tool = toolsOf(ctx.state)[ctx.params.toolId];
	const agent = tool && ctx.state.agents[tool.agentId];
	if (!tool || !agent || agent.workspaceId !== ctx.caller.workspace.id)
		throw new ApiError(
			404,
			'TOOL_NOT_FOUND',
			`Tool ${ctx.params.toolId} was not found in this workspace.`,
		);
	assertAgentInScope(ctx.caller, tool.agentId);
	return tool;
}

function createTool(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { tool } = parseOrThrow(createToolRequestSchema, ctx.body, 'tool');
	ctx.state.createdTools = (ctx.state.createdTools ?? 0) + 1;
	const now = Date.now();
	const record: SandboxTool = {
		method: 'POST',
		disabled: false,
		channels: [],
		fields: [],
		isDefault: false,
		isGlobal: false,
		...tool,
		id: `tool-${ctx.state.createdTools}`,
		agentId: agent.ID,
		createdAt: now,
		updatedAt: now,
	};
	toolsOf(ctx.state)[record.id] = record;
	return {
		status: 201,
		body: { success: true, message: `Tool ${record.name} created`, data: record },
	};
}

function listTools(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const tools = Object.values(toolsOf(ctx.state)).filter((tool) => tool.agentId === agent.ID);
	return { body: { success: true, message: `${tools.length} tool(s)`, data: tools } };
}

function getTool(ctx: RouteContext) {
	return { body: { success: true, message: 'Tool found', data: findTool(ctx) } };
}

/**
 * The published update schema requires `tool.name` and `tool.description` (the MCP client says to
 * send only what changes, so a caller sends the current ones): refused without them in both modes,
 * in the published server's words in published mode.
 */
function requireNameAndDescription(changes: Record<string, unknown>): void {
	const missing = (['name', 'description'] as const).filter((key) => changes[key] === undefined);
	if (missing.length === 0) return;
	const issues = missing.map((key) => ({ message: `tool.${key}: Required` }));
	if (isPublished()) throw new ApiError(400, 'BAD_REQUEST', 'Input validation failed', issues);
	throw new ApiError(
		400,
		'VALIDATION_ERROR',
		`Invalid tool update: ${issues.map((issue) => issue.message).join('; ')} (the update schema requires the name and description, the current ones when unchanged)`,
		issues,
	);
}

function updateTool(ctx: RouteContext) {
	const tool = findTool(ctx);
	const { tool: changes } = parseOrThrow(updateToolRequestSchema, ctx.body, 'tool update');
	requireNameAndDescription(changes);
	// A PATCH: only the keys sent change.
	Object.assign(tool, changes, { updatedAt: Date.now() });
	return { body: { success: true, message: `Tool ${tool.name} updated`, data: tool } };
}

function deleteTool(ctx: RouteContext) {
	const tool = findTool(ctx);
	delete toolsOf(ctx.state)[tool.id];
	return { body: { success: true, message: `Tool ${tool.name} deleted` } };
}

export const toolRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/tools', handler: createTool },
	{ method: 'GET', pattern: '/agents/:agentId/tools', handler: listTools },
	{ method: 'GET', pattern: '/tools/:toolId', handler: getTool },
	{ method: 'PATCH', pattern: '/tools/:toolId', handler: updateTool },
	{ method: 'DELETE', pattern: '/tools/:toolId', handler: deleteTool },
];
