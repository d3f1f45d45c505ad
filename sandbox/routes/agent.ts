import { agentSearchQuerySchema } from '../../nodes/shared/contracts/agent';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { agentPhoneNumbers } from '../domain/call';
import type { SandboxAgent } from '../domain/state';
import type { Route, RouteContext } from './types';

/** Agents as `GET /agents` and `GET /agents/{id}` return them: the full record, secrets included. */

export function agentRecord(agent: SandboxAgent): Record<string, unknown> {
	return {
		ID: agent.ID,
		id: agent.ID,
		title: agent.title,
		description: `${agent.title}, answering calls, SMS and chats`,
		ownerID: agent.ownerID,
		theme: 'light',
		agentPlatform: 'vg',
		disabled: false,
		isDeployed: true,
		enableNodes: true,
		vg_initPrompt: agent.initialPrompt,
		createdAtUNIX: agent.createdAtUNIX,
		lastModified: agent.createdAtUNIX,
		...agent.secretFields,
		// What the API set last wins: a PATCHed voiceConfig replaces the seeded one, keys and all.
		...agent.fields,
	};
}

function listAgents(ctx: RouteContext) {
	const agents = Object.values(ctx.state.agents)
		.filter((agent) => agent.workspaceId === ctx.caller.workspace.id)
		.filter((agent) => ctx.caller.kind === 'workspace' || agent.ID === ctx.caller.agent?.ID)
		.sort((a, b) => a.title.localeCompare(b.title));
	return {
		body: { success: true, message: `${agents.length} agent(s)`, data: agents.map(agentRecord) },
	};
}

/** The search's own shape (no envelope): the page, the starred agents, the totals. */
function searchAgents(ctx: RouteContext) {
	const query = parseOrThrow(agentSearchQuerySchema, ctx.query, 'agent search query');
	if (query.workspaceId !== ctx.caller.workspace.id) {
		throw new ApiError(
			403,
			'WORKSPACE_MISMATCH',
			`This secret belongs to workspace ${ctx.caller.workspace.id}; it cannot search workspace ${query.workspaceId}.`,
		);
	}
	const wanted = query.search?.trim().toLowerCase() ?? '';
	const records = Object.values(ctx.state.agents)
		.filter((agent) => agent.workspaceId === query.workspaceId)
		.filter((agent) => ctx.caller.kind === 'workspace' || agent.ID === ctx.caller.agent?.ID)
		.filter((agent) => !wanted || `${agent.title} ${agent.ID}`.toLowerCase().includes(wanted))
		.map(agentRecord);
	const created = (record: Record<string, unknown>) => Number(record.createdAtUNIX) || 0;
	const order: Record<
		typeof query.sortBy,
		(a: Record<string, unknown>, b: Record<string, unknown>) => number
	> = {
		newest: (a, b) => created(b) - created(a),
		lastCreated: (a, b) => created(b) - created(a),
		oldest: (a, b) => created(a) - created(b),
		firstCreated: (a, b) => created(a) - created(b),
		alphabetical: (a, b) => String(a.title).localeCompare(String(b.title)),
	};
	const starred = records.filter((record) => record.starred === true);
	const matching = (query.starredOnly ? starred : records).sort(order[query.sortBy]);
	const start = (query.page - 1) * query.limit;
	return {
		body: {
			agents: matching.slice(start, start + query.limit),
			starredAgents: starred,
			total: matching.length,
			totalStarred: starred.length,
			page: query.page,
			limit: query.limit,
			hasMore: start + query.limit < matching.length,
		},
	};
}

function getAgent(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	return { body: { success: true, message: 'Agent found', data: agentRecord(agent) } };
}

function getAgentPhone(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const numbers = agentPhoneNumbers(ctx.state, agent).map((phone) => {
		const number = ctx.state.numbers[phone];
		return {
			phoneNumber: number.phoneNumber,
			phoneNumberSid: number.phoneNumberSid,
			capabilities: [...number.capabilities],
			senderMode: number.senderMode,
		};
	});
	return { body: { success: true, message: `${numbers.length} number(s)`, data: numbers } };
}

export const agentRoutes: Route[] = [
	{ method: 'GET', pattern: '/agents', handler: listAgents },
	// Before /agents/:agentId, which would otherwise take "search" for an agent ID.
	{ method: 'GET', pattern: '/agents/search', handler: searchAgents },
	{ method: 'GET', pattern: '/agents/:agentId', handler: getAgent },
	{ method: 'GET', pattern: '/agents/:agentId/phone', handler: getAgentPhone },
];
