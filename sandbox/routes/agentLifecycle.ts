import {
	createAgentRequestSchema,
	updateAgentRequestSchema,
} from '../../nodes/shared/contracts/agentFields';
import { importTemplateRequestSchema } from '../../nodes/shared/contracts/agentTemplate';
import { agentNodesSchema } from '../../nodes/shared/contracts/agentNodes';
import { assertWorkspaceSecret, findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import type { SandboxAgent, SandboxState } from '../domain/state';
import { agentRecord } from './agent';
import type { Route, RouteContext } from './types';

/**
 * Agents made, changed, copied and removed through the API: POST /agents, PATCH and DELETE
 * /agents/{id}, and the template export and import the node's Clone is built from. Bodies are
 * checked with the node's own contract; every change shows in GET /agents, GET /agents/{id}
 * and the search at once.
 */

/** Keys of an agent record that identify it: never copied from a template onto a new agent. */
const IDENTITY_KEYS = new Set([
	'ID',
	'id',
	'ownerID',
	'title',
	'createdAtUNIX',
	'lastModified',
	'withRefresh',
]);

/**
 * The agent's own API key (`SECRET_API_KEY`, an agent secret): a copy gets none of its source's.
 * A clone that carried it would answer to the source's key.
 */
const OWN_SECRET_KEYS = new Set(['SECRET_API_KEY']);

/** What the write keeps: all but the fields a test told the sandbox to drop (`state.droppedAgentFields`). */
function kept(state: SandboxState, fields: Record<string, unknown>): Record<string, unknown> {
	const dropped = new Set(state.droppedAgentFields ?? []);
	return Object.fromEntries(Object.entries(fields).filter(([key]) => !dropped.has(key)));
}

function nowUnix(): number {
	return Math.floor(Date.now() / 1000);
}

function newAgent(
	state: SandboxState,
	ctx: RouteContext,
	title: string,
	fields: Record<string, unknown>,
): SandboxAgent {
	state.createdAgents = (state.createdAgents ?? 0) + 1;
	const workspace = ctx.caller.workspace;
	const agent: SandboxAgent = {
		ID: `agent-new-${state.createdAgents}`,
		ownerID: workspace.id,
		workspaceId: workspace.id,
		region: workspace.region,
		title,
		initialPrompt: `You are ${title}.`,
		smsNumbers: [],
		secretFields: {},
		createdAtUNIX: nowUnix(),
		fields,
	};
	state.agents[agent.ID] = agent;
	return agent;
}

/** Sets fields on an agent; the title is the agent's own (the picker and the listing sort by it). */
function applyFields(
	state: SandboxState,
	agent: SandboxAgent,
	fields: Record<string, unknown>,
): void {
	const { title, ...rest } = kept(state, fields);
	if (typeof title === 'string') agent.title = title.trim();
	agent.fields = { ...agent.fields, ...rest, lastModified: nowUnix() };
}

function createAgent(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Creating an agent');
	const { agent: fields } = parseOrThrow(createAgentRequestSchema, ctx.body, 'agent');
	const { title, ...rest } = fields;
	const agent = newAgent(ctx.state, ctx, title, kept(ctx.state, rest));
	return {
		body: { success: true, message: `Agent ${agent.ID} created`, data: agentRecord(agent) },
	};
}

function updateAgent(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { agent: fields } = parseOrThrow(updateAgentRequestSchema, ctx.body, 'agent update');
	if (fields.nodes !== undefined) fields.nodes = checkedNodes(fields.nodes);
	applyFields(ctx.state, agent, fields);
	return {
		body: { success: true, message: `Agent ${agent.ID} updated`, data: agentRecord(agent) },
	};
}

/**
 * `agent.nodes` of a PATCH, checked against the published node shape: the strict mode refuses an
 * unknown key loudly, the published one drops it as Convocore's server does. What is stored is
 * the nodes as sent, every key in its order (zod's output would put them in the schema's), minus
 * what the published mode dropped. The array replaces the agent's (our reading of the update).
 */
function checkedNodes(nodes: unknown[]): unknown[] {
	const parsed = parseOrThrow(agentNodesSchema, nodes, 'agent nodes');
	return keptKeys(nodes, parsed) as unknown[];
}

/** `sent` with only the keys `parsed` kept, in `sent`'s order, at every depth. */
function keptKeys(sent: unknown, parsed: unknown): unknown {
	if (Array.isArray(sent) && Array.isArray(parsed))
		return sent.map((entry, index) => keptKeys(entry, parsed[index]));
	if (!isObject(sent) || !isObject(parsed)) return sent;
	return Object.fromEntries(
		Object.entries(sent)
			.filter(([key]) => key in parsed)
			.map(([key, value]) => [key, keptKeys(value, parsed[key])]),
	);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Removes the agent and what only it had: its knowledge base and custom metrics; its numbers stay, unassigned. */
function deleteAgent(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { state } = ctx;
	delete state.agents[agent.ID];
	delete state.metrics[agent.ID];
	for (const [id, document] of Object.entries(state.knowledgeDocs))
		if (document.agentId === agent.ID) delete state.knowledgeDocs[id];
	for (const number of Object.values(state.numbers))
		if (number.agentId === agent.ID) number.agentId = undefined;
	return { body: { success: true, message: `Agent ${agent.ID} deleted` } };
}

/**
 * The template of an agent. `agentData` is the whole record, secret fields included: no public
 * source says the export leaves them out, so the sandbox assumes the worst and the node redacts.
 */
function exportTemplate(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const record = agentRecord(agent);
	const agentTemplate = {
		name: agent.title,
		description: typeof record.description === 'string' ? record.description : '',
		nodes: Array.isArray(record.nodes) ? record.nodes : [],
		tools: Array.isArray(record.tools) ? record.tools : [],
		variables: agent.variables ?? [],
		agentData: record,
		workspaceId: agent.workspaceId,
	};
	return { body: { agentTemplate } };
}

/** A new agent from a template of this workspace: the template's data minus the source's identity. */
function importTemplate(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Importing an agent template');
	const request = parseOrThrow(importTemplateRequestSchema, ctx.body, 'template import');
	const { agentTemplate } = request;
	if (agentTemplate.workspaceId !== ctx.caller.workspace.id) {
		throw new ApiError(
			403,
			'WORKSPACE_MISMATCH',
			`This secret belongs to workspace ${ctx.caller.workspace.id}; it cannot import into workspace ${agentTemplate.workspaceId}.`,
		);
	}
	if (request.fromAgentId !== undefined) findAgent(ctx.state, ctx.caller, request.fromAgentId);
	const data =
		typeof agentTemplate.agentData === 'object' && agentTemplate.agentData !== null
			? (agentTemplate.agentData as Record<string, unknown>)
			: {};
	const fields = Object.fromEntries(
		Object.entries(data).filter(([key]) => !IDENTITY_KEYS.has(key) && !OWN_SECRET_KEYS.has(key)),
	);
	if (agentTemplate.nodes) fields.nodes = agentTemplate.nodes;
	if (agentTemplate.tools) fields.tools = agentTemplate.tools;
	const title =
		request.agentName ??
		agentTemplate.name ??
		(typeof data.title === 'string' ? data.title : 'Imported agent');
	const agent = newAgent(ctx.state, ctx, title, fields);
	if (agentTemplate.variables) agent.variables = agentTemplate.variables;
	return {
		body: { success: true, message: `Agent ${agent.ID} imported`, data: agentRecord(agent) },
	};
}

export const agentLifecycleRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents', handler: createAgent },
	{ method: 'POST', pattern: '/agents/import-template', handler: importTemplate },
	{ method: 'PATCH', pattern: '/agents/:agentId', handler: updateAgent },
	{ method: 'DELETE', pattern: '/agents/:agentId', handler: deleteAgent },
	{ method: 'GET', pattern: '/agents/:agentId/export-template', handler: exportTemplate },
];
