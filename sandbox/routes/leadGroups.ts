import { addLeadsToGroupRequestSchema, createLeadGroupRequestSchema, deleteLeadGroupQuerySchema } from '../../nodes/shared/contracts/leadGroups';
import { findAgent } from '../auth';
import { groupKey, groupLeads, type SandboxLeadGroup } from '../campaigns';
import { ApiError, parseOrThrow } from '../errors';
import type { Route, RouteContext } from './types';

/** Lead groups: a lead belongs to at most one group (its `groupName`); a group is known by its name. */

function groupsOf(ctx: RouteContext): Record<string, SandboxLeadGroup> {
	return (ctx.state.leadGroups ??= {});
}

/** Puts the agent's leads named by `ids` into the group; an ID that is not one of them is a 404, before any change. */
function assignLeads(ctx: RouteContext, agentId: string, name: string, ids: string[]): void {
	const leads = ids.map((id) => {
		const lead = ctx.state.leads[id];
		if (!lead || lead.agentId !== agentId) throw new ApiError(404, 'LEAD_NOT_FOUND', `Lead ${id} of agent ${agentId} was not found.`);
		return lead;
	});
	for (const lead of leads) lead.groupName = name;
}

function createGroup(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { groupName, leads } = parseOrThrow(createLeadGroupRequestSchema, ctx.body, 'lead group');
	const key = groupKey(agent.ID, groupName);
	if (groupsOf(ctx)[key] || groupLeads(ctx.state, agent.ID, groupName).length) throw new ApiError(409, 'LEAD_GROUP_EXISTS', `Agent ${agent.ID} already has a lead group named ${groupName}.`);
	assignLeads(ctx, agent.ID, groupName, leads ?? []);
	groupsOf(ctx)[key] = { agentId: agent.ID, name: groupName, createdAt: Date.now() };
	return { status: 201, body: { success: true, message: 'Lead group created', data: { name: groupName, leadCount: leads?.length ?? 0 } } };
}

function listGroups(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const names = new Set(Object.values(groupsOf(ctx)).filter((group) => group.agentId === agent.ID).map((group) => group.name));
	for (const lead of Object.values(ctx.state.leads)) if (lead.agentId === agent.ID && lead.groupName) names.add(lead.groupName);
	return { body: [...names].sort().map((name) => ({ name, leadCount: groupLeads(ctx.state, agent.ID, name).length })) };
}

function addLeads(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { leadIds } = parseOrThrow(addLeadsToGroupRequestSchema, ctx.body, 'lead group leads');
	const name = ctx.params.groupName;
	const key = groupKey(agent.ID, name);
	if (!groupsOf(ctx)[key] && !groupLeads(ctx.state, agent.ID, name).length) throw new ApiError(404, 'LEAD_GROUP_NOT_FOUND', `Agent ${agent.ID} has no lead group named ${name}.`);
	assignLeads(ctx, agent.ID, name, leadIds.split(',').map((id) => id.trim()));
	return { body: { success: true, message: 'Leads added', data: { name, leadCount: groupLeads(ctx.state, agent.ID, name).length } } };
}

function deleteGroup(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { groupId } = parseOrThrow(deleteLeadGroupQuerySchema, ctx.query, 'lead group delete query');
	const key = groupKey(agent.ID, groupId);
	const members = groupLeads(ctx.state, agent.ID, groupId);
	if (!groupsOf(ctx)[key] && !members.length) throw new ApiError(404, 'LEAD_GROUP_NOT_FOUND', `Agent ${agent.ID} has no lead group named ${groupId}.`);
	// The leads stay; they only leave the group.
	for (const lead of members) delete lead.groupName;
	delete groupsOf(ctx)[key];
	return { body: { success: true, message: `Lead group ${groupId} deleted` } };
}

export const leadGroupRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/groups', handler: createGroup },
	{ method: 'GET', pattern: '/agents/:agentId/groups', handler: listGroups },
	{ method: 'PUT', pattern: '/agents/:agentId/groups/:groupName', handler: addLeads },
	{ method: 'DELETE', pattern: '/agents/:agentId/leads/group', handler: deleteGroup },
];
