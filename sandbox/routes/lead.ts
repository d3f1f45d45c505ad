import {
	createLeadRequestSchema,
	listAgentLeadsQuerySchema,
	updateLeadRequestSchema,
} from '../../nodes/shared/contracts/lead';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import type { SandboxLead } from '../domain/state';
import type { Route, RouteContext } from './types';

/** Leads: bodies as the OpenAPI gives them; `?agentId=` accepted on get and delete (newer client). */

function leadRecord(lead: SandboxLead): Record<string, unknown> {
	// A deep copy without the sandbox's own bookkeeping (the API has no workspace on a lead).
	const record = JSON.parse(JSON.stringify(lead)) as Record<string, unknown>;
	delete record.workspaceId;
	return record;
}

function findLead(ctx: RouteContext): SandboxLead {
	const lead = ctx.state.leads[ctx.params.id];
	if (!lead || lead.workspaceId !== ctx.caller.workspace.id)
		throw new ApiError(404, 'LEAD_NOT_FOUND', `Lead ${ctx.params.id} was not found.`);
	findAgent(ctx.state, ctx.caller, lead.agentId);
	if (ctx.query.agentId !== undefined && ctx.query.agentId !== lead.agentId) {
		throw new ApiError(
			404,
			'LEAD_NOT_FOUND',
			`Lead ${ctx.params.id} does not belong to agent ${ctx.query.agentId}.`,
		);
	}
	return lead;
}

function createLead(ctx: RouteContext) {
	const { lead: input } = parseOrThrow(createLeadRequestSchema, ctx.body, 'lead');
	const agent = findAgent(ctx.state, ctx.caller, String(input.agentId));
	ctx.state.counters.leads += 1;
	const lead: SandboxLead = {
		...input,
		id: `lead-${ctx.state.counters.leads}`,
		agentId: agent.ID,
		workspaceId: agent.workspaceId,
		ts: Date.now(),
	};
	ctx.state.leads[lead.id] = lead;
	ctx.emitEvent('lead_captured', {
		agentId: agent.ID,
		agentName: agent.title,
		...(lead.name ? { leadName: lead.name } : {}),
		...(lead.email ? { leadEmail: lead.email } : {}),
		...(lead.phone ? { leadPhone: lead.phone } : {}),
		channel: 'webchat',
		operation: 'captured',
	});
	return { body: { success: true, message: 'Lead created', data: leadRecord(lead) } };
}

function getLead(ctx: RouteContext) {
	return { body: { success: true, message: 'Lead found', data: leadRecord(findLead(ctx)) } };
}

function updateLead(ctx: RouteContext) {
	const { lead: changes } = parseOrThrow(updateLeadRequestSchema, ctx.body, 'lead update');
	const lead = findLead(ctx);
	const { metaData, ...rest } = changes;
	Object.assign(lead, rest);
	if (metaData) lead.metaData = { ...(lead.metaData ?? {}), ...metaData };
	return { body: { success: true, message: 'Lead updated', data: leadRecord(lead) } };
}

function deleteLead(ctx: RouteContext) {
	const lead = findLead(ctx);
	delete ctx.state.leads[lead.id];
	return { body: { success: true, message: `Lead ${lead.id} deleted` } };
}

function text(value: unknown): string {
	return typeof value === 'string' ? value.toLowerCase() : '';
}

function listAgentLeads(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const query = parseOrThrow(listAgentLeadsQuerySchema, ctx.query, 'leads query');
	const term = query.searchTerm?.toLowerCase();
	const all = Object.values(ctx.state.leads)
		.filter((lead) => lead.agentId === agent.ID)
		.filter((lead) => !query.groupName || lead.groupName === query.groupName)
		.filter((lead) => {
			if (!term) return true;
			const record = lead as unknown as Record<string, unknown>;
			return ['name', 'email', 'phone', 'userName', 'userEmail', 'userPhone'].some((key) =>
				text(record[key]).includes(term),
			);
		})
		.sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : 1));
	const start = (query.page - 1) * query.limit;
	return {
		body: {
			leads: all.slice(start, start + query.limit).map(leadRecord),
			total: all.length,
			page: query.page,
			limit: query.limit,
		},
	};
}

export const leadRoutes: Route[] = [
	{ method: 'POST', pattern: '/leads', handler: createLead },
	{ method: 'GET', pattern: '/leads/:id', handler: getLead },
	{ method: 'PATCH', pattern: '/leads/:id', handler: updateLead },
	{ method: 'DELETE', pattern: '/leads/:id', handler: deleteLead },
	{ method: 'GET', pattern: '/agents/:agentId/leads', handler: listAgentLeads },
];
