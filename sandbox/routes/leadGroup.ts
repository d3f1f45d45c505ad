import type { BulkLead } from '../../nodes/shared/contracts/leadImport';
import {
	addLeadsToGroupRequestSchema,
	createLeadGroupRequestSchema,
	deleteLeadGroupQuerySchema,
} from '../../nodes/shared/contracts/leadGroup';
import { findAgent } from '../server/auth';
import { groupKey, groupLeads } from '../domain/campaign';
import type { SandboxLeadGroup } from '../domain/records';
import { ApiError, parseOrThrow } from '../server/errors';
import { isPublished } from '../server/mode';
import { leadGroupExistsReading } from '../domain/readings';
import type { SandboxLead } from '../domain/state';
import type { Route, RouteContext } from './types';

/** Lead groups: a lead belongs to at most one group (its `groupName`); a group is known by its name. */

function groupsOf(ctx: RouteContext): Record<string, SandboxLeadGroup> {
	return (ctx.state.leadGroups ??= {});
}

/** Puts the agent's leads named by `ids` into the group; an ID that is not one of them is a 404, before any change. */
function assignLeads(ctx: RouteContext, agentId: string, name: string, ids: string[]): void {
	const leads = ids.map((id) => {
		const lead = ctx.state.leads[id];
		if (!lead || lead.agentId !== agentId)
			throw new ApiError(404, 'LEAD_NOT_FOUND', `Lead ${id} of agent ${agentId} was not found.`);
		return lead;
	});
	for (const lead of leads) lead.groupName = name;
}

/** New leads (the public client's reading of `leads`), stored straight into the group. */
function createLeadsInGroup(
	ctx: RouteContext,
	agent: { ID: string; workspaceId: string },
	name: string,
	inputs: BulkLead[],
): string[] {
	const now = Date.now();
	return inputs.map((input) => {
		ctx.state.counters.leads += 1;
		const id = `lead-${ctx.state.counters.leads}`;
		ctx.state.leads[id] = {
			...input,
			id,
			agentId: agent.ID,
			workspaceId: agent.workspaceId,
			ts: now,
			groupName: name,
		} as SandboxLead;
		return id;
	});
}

function createGroup(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { groupName, leads = [] } = parseOrThrow(
		createLeadGroupRequestSchema,
		ctx.body,
		'lead group',
	);
	const key = groupKey(agent.ID, groupName);
	const existing = Boolean(groupsOf(ctx)[key] || groupLeads(ctx.state, agent.ID, groupName).length);
	const ids = leads.filter((lead): lead is string => typeof lead === 'string');
	const newLeads = leads.filter((lead): lead is BulkLead => typeof lead !== 'string');
	// A group is the name its leads carry (the public client: "a group exists only while it has
	// leads"), so new leads may join an existing group; creating an existing group with nothing new
	// is a 409. Under the reading `leadGroupExists: refuses` (sandbox/domain/readings.ts) an
	// existing name is a 409 CONFLICT whatever comes with it, and nothing is stored.
	if (existing && leadGroupExistsReading(ctx.state) === 'refuses')
		throw new ApiError(
			409,
			'CONFLICT',
			`Agent ${agent.ID} already has a lead group named ${groupName}.`,
		);
	if (existing && newLeads.length === 0)
		throw new ApiError(
			409,
			'LEAD_GROUP_EXISTS',
			`Agent ${agent.ID} already has a lead group named ${groupName}.`,
		);
	assignLeads(ctx, agent.ID, groupName, ids);
	createLeadsInGroup(ctx, agent, groupName, newLeads);
	groupsOf(ctx)[key] ??= { agentId: agent.ID, name: groupName, createdAt: Date.now() };
	const leadCount = groupLeads(ctx.state, agent.ID, groupName).length;
	// The answer is undescribed in the OpenAPI; neither mode invents lead IDs in it.
	if (isPublished()) return { body: { success: true, leadCount } };
	return {
		status: 201,
		body: {
			success: true,
			message: existing ? 'Leads added to the lead group' : 'Lead group created',
			data: { name: groupName, leadCount },
		},
	};
}

function listGroups(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const names = new Set(
		Object.values(groupsOf(ctx))
			.filter((group) => group.agentId === agent.ID)
			.map((group) => group.name),
	);
	for (const lead of Object.values(ctx.state.leads))
		if (lead.agentId === agent.ID && lead.groupName) names.add(lead.groupName);
	return {
		body: [...names]
			.sort()
			.map((name) => ({ name, leadCount: groupLeads(ctx.state, agent.ID, name).length })),
	};
}

function addLeads(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { leadIds } = parseOrThrow(addLeadsToGroupRequestSchema, ctx.body, 'lead group leads');
	const name = ctx.params.groupName;
	const key = groupKey(agent.ID, name);
	if (!groupsOf(ctx)[key] && !groupLeads(ctx.state, agent.ID, name).length)
		throw new ApiError(
			404,
			'LEAD_GROUP_NOT_FOUND',
			`Agent ${agent.ID} has no lead group named ${name}.`,
		);
	const ids = leadIds.split(',').map((id) => id.trim());
	const sources = new Set(ids.map((id) => ctx.state.leads[id]?.groupName));
	assignLeads(ctx, agent.ID, name, ids);
	// Moved leads leave their group, and a group exists only while it has leads (the public client).
	for (const source of sources)
		if (source && source !== name && !groupLeads(ctx.state, agent.ID, source).length)
			delete groupsOf(ctx)[groupKey(agent.ID, source)];
	const leadCount = groupLeads(ctx.state, agent.ID, name).length;
	// Published (OpenAPI 1.0.4): `{ success, leadCount? }`, closed.
	if (isPublished()) return { body: { success: true, leadCount } };
	return { body: { success: true, message: 'Leads added', data: { name, leadCount } } };
}

function deleteGroup(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { groupId } = parseOrThrow(
		deleteLeadGroupQuerySchema,
		ctx.query,
		'lead group delete query',
	);
	const key = groupKey(agent.ID, groupId);
	const members = groupLeads(ctx.state, agent.ID, groupId);
	if (!groupsOf(ctx)[key] && !members.length)
		throw new ApiError(
			404,
			'LEAD_GROUP_NOT_FOUND',
			`Agent ${agent.ID} has no lead group named ${groupId}.`,
		);
	// "Delete Leads by Group" (OpenAPI summary), and the public MCP client uses it to delete every
	// lead of the group for good: the leads go with the group, in both modes, and are counted.
	for (const lead of members) delete ctx.state.leads[lead.id];
	delete groupsOf(ctx)[key];
	return {
		body: {
			success: true,
			message: `Lead group ${groupId} and its ${members.length} lead(s) deleted`,
			deletedCount: members.length,
		},
	};
}

export const leadGroupRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/groups', handler: createGroup },
	{ method: 'GET', pattern: '/agents/:agentId/groups', handler: listGroups },
	{ method: 'PUT', pattern: '/agents/:agentId/groups/:groupName', handler: addLeads },
	{ method: 'DELETE', pattern: '/agents/:agentId/leads/group', handler: deleteGroup },
];
