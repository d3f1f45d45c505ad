import { agentUsageRequestSchema, workspaceUsageRequestSchema, type UsageRange } from '../../nodes/shared/contracts/usage';
import { assertWorkspaceSecret, findAgent } from '../auth';
import { ApiError, parseOrThrow } from '../errors';
import { usageIn, usageTotals } from '../usage';
import type { Route, RouteContext } from './types';

/**
 * Usage of an agent and of a workspace over a range (agent-at-work spec §6), totalled from the
 * sandbox's ledger (sandbox/usage.ts). The range is in milliseconds since the Unix epoch, the
 * reading the node builds; text dates are refused with 400, so a node sending them fails. Without
 * a range, everything recorded counts.
 */

function rangeOut(range: UsageRange | undefined) {
	return range ? { start: range.start ?? null, end: range.end ?? null } : null;
}

function agentUsage(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { range } = parseOrThrow(agentUsageRequestSchema, ctx.body ?? {}, 'usage request');
	const records = usageIn(ctx.state.usage ?? [], range).filter((record) => record.agentId === agent.ID);
	return { body: { success: true, message: `Usage of agent ${agent.ID}`, data: { agentId: agent.ID, range: rangeOut(range), totals: usageTotals(records) } } };
}

function workspaceUsage(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Workspace usage');
	const workspaceId = ctx.params.workspaceId;
	if (workspaceId !== ctx.caller.workspace.id) {
		throw new ApiError(403, 'WORKSPACE_MISMATCH', `This secret belongs to workspace ${ctx.caller.workspace.id}; it cannot read the usage of workspace ${workspaceId}.`);
	}
	const { range } = parseOrThrow(workspaceUsageRequestSchema, ctx.body ?? {}, 'usage request');
	const records = usageIn(ctx.state.usage ?? [], range).filter((record) => record.workspaceId === workspaceId);
	const agentIds = [...new Set(records.map((record) => record.agentId))].sort();
	const agents = agentIds.map((agentId) => ({ agentId, totals: usageTotals(records.filter((record) => record.agentId === agentId)) }));
	return { body: { success: true, message: `Usage of workspace ${workspaceId}`, data: { workspaceId, range: rangeOut(range), totals: usageTotals(records), agents } } };
}

export const usageRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/usage', handler: agentUsage },
	{ method: 'POST', pattern: '/workspaces/:workspaceId/usage', handler: workspaceUsage },
];
