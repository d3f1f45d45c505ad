import {
	bulkLeadsRequestSchema,
	deleteLeadsQuerySchema,
	exportFilteredLeadsRequestSchema,
	exportLeadsQuerySchema,
	type ExportFilteredLeadsRequest,
} from '../../nodes/shared/contracts/leadImport';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { isPublished } from '../server/mode';
import type { SandboxLead } from '../domain/state';
import type { Route, RouteContext } from './types';

/** Leads in bulk: import, export (all or filtered), delete by IDs, delete all. */

const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

function importLeads(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { leads } = parseOrThrow(bulkLeadsRequestSchema, ctx.body, 'leads');
	const now = Date.now();
	const leadIds = leads.map((input) => {
		ctx.state.counters.leads += 1;
		const id = `lead-${ctx.state.counters.leads}`;
		// Stored in the shape it came in (user* fields), as the platform keeps untyped records.
		ctx.state.leads[id] = {
			...input,
			id,
			agentId: agent.ID,
			workspaceId: agent.workspaceId,
			ts: now,
		} as SandboxLead;
		return id;
	});
	// Published: `{ success, count }`, closed, no IDs (OpenAPI 1.0.4). Strict keeps our 0.2 reading
	// (the IDs in `data.leadIds`) and adds the published count.
	if (isPublished()) return { body: { success: true, count: leadIds.length } };
	return {
		status: 201,
		body: {
			success: true,
			count: leadIds.length,
			message: `${leadIds.length} lead(s) imported`,
			data: { created: leadIds.length, leadIds },
		},
	};
}

function record(lead: SandboxLead): Record<string, unknown> {
	const copy = JSON.parse(JSON.stringify(lead)) as Record<string, unknown>;
	delete copy.workspaceId;
	return copy;
}

function exported(ctx: RouteContext, filter: ExportFilteredLeadsRequest) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const since = filter.timeRange === 'last30days' ? Date.now() - THIRTY_DAYS_MS : -Infinity;
	const term = filter.searchTerm?.toLowerCase();
	const leads = Object.values(ctx.state.leads)
		.filter((lead) => lead.agentId === agent.ID && lead.ts >= since)
		.filter((lead) => !filter.groupName || lead.groupName === filter.groupName)
		.filter((lead) => !term || JSON.stringify(record(lead)).toLowerCase().includes(term))
		.sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : 1))
		.map(record);
	return { body: { leads, total: leads.length } };
}

function deleteMany(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { leadIds } = parseOrThrow(deleteLeadsQuerySchema, ctx.query, 'leads delete query');
	const ids = leadIds
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
	const missing = ids.filter((id) => ctx.state.leads[id]?.agentId !== agent.ID);
	if (missing.length)
		throw new ApiError(
			404,
			'LEAD_NOT_FOUND',
			`Lead(s) ${missing.join(', ')} of agent ${agent.ID} were not found; nothing was deleted.`,
		);
	for (const id of ids) delete ctx.state.leads[id];
	return { body: { success: true, deletedCount: ids.length } };
}

function deleteAll(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	let deletedCount = 0;
	for (const [id, lead] of Object.entries(ctx.state.leads)) {
		if (lead.agentId !== agent.ID) continue;
		delete ctx.state.leads[id];
		deletedCount++;
	}
	return { body: { success: true, deletedCount } };
}

export const bulkLeadRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/leads/bulk', handler: importLeads },
	{
		method: 'GET',
		pattern: '/agents/:agentId/leads/export',
		handler: (ctx) =>
			exported(ctx, parseOrThrow(exportLeadsQuerySchema, ctx.query, 'leads export query')),
	},
	{
		method: 'POST',
		pattern: '/agents/:agentId/leads/export-filtered',
		handler: (ctx) =>
			exported(
				ctx,
				parseOrThrow(exportFilteredLeadsRequestSchema, ctx.body, 'leads export filter'),
			),
	},
	{ method: 'DELETE', pattern: '/agents/:agentId/leads', handler: deleteMany },
	{ method: 'DELETE', pattern: '/agents/:agentId/leads/all', handler: deleteAll },
];
