import { z } from 'zod';
import {
	agentUsageRequestSchema,
	workspaceUsageRangeSchema,
	workspaceUsageRequestSchema,
	type UsageRange,
} from '../../nodes/shared/contracts/usage';
import { assertWorkspaceSecret, findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { isPublished } from '../server/mode';
import { publishedUsage, usageIn, usageLogsPage, usageTotals } from '../domain/usage';
import { usageLogsFirstPageReading } from '../domain/readings';
import type { UsageRecord } from '../domain/records';
import type { Route, RouteContext } from './types';

/**
 * Usage of an agent and of a workspace over a range, totalled from the sandbox's ledger
 * (sandbox/domain/usage.ts). The range is in milliseconds since the Unix epoch (the docs page of
 * workspace usage says so); text dates are refused with 400. Without a range, everything
 * recorded counts. `uiTimeRange` (documented as "any", values not public) is accepted and not
 * applied. `logsPage` adds one page of usage logs.
 *
 * Answers:
 * - strict: 0.2.0's reading, `{ success, message, data: { agentId | workspaceId, range, totals,
 *   agents?, logs? } }`, so that the node's reading of it stays tested;
 * - published: the agent's `{ creditsConsumed, metrics }` exactly (the vendor's docs page), and
 *   a nested workspace answer (free-form as published; its keys are the sandbox's own).
 */

/** As published, `logsPage` is any number (OpenAPI 1.0.4 sets no bounds); which is the first page is a reading (logsOf). */
const publishedWorkspaceRequestSchema = z
	.object({
		uiTimeRange: z.unknown().optional(),
		range: workspaceUsageRangeSchema.optional(),
		logsPage: z.number().optional(),
	})
	.strict();

function rangeOut(range: UsageRange | undefined) {
	return range ? { start: range.start ?? null, end: range.end ?? null } : null;
}

function agentUsage(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { range } = parseOrThrow(agentUsageRequestSchema, ctx.body ?? {}, 'usage request');
	const records = usageIn(ctx.state.usage ?? [], range).filter(
		(record) => record.agentId === agent.ID,
	);
	if (isPublished()) return { body: publishedUsage(records) };
	return {
		body: {
			success: true,
			message: `Usage of agent ${agent.ID}`,
			data: { agentId: agent.ID, range: rangeOut(range), totals: usageTotals(records) },
		},
	};
}

function perAgent(records: UsageRecord[]) {
	return [...new Set(records.map((record) => record.agentId))].sort().map((agentId) => ({
		agentId,
		records: records.filter((record) => record.agentId === agentId),
	}));
}

/**
 * One page of logs under the reading of the first page (sandbox/domain/readings.ts): 0-based,
 * 1-based refusing logsPage 0, or 1-based answering logsPage 0 as page 1.
 */
function logsOf(ctx: RouteContext, records: UsageRecord[], logsPage: number) {
	const reading = usageLogsFirstPageReading(ctx.state);
	if (reading === 'zero') return usageLogsPage(records, logsPage, 0);
	if (reading === 'one' && logsPage < 1)
		throw new ApiError(400, 'BAD_REQUEST', 'Input validation failed', [
			{ message: 'logsPage: must be 1 or more (the first page is 1)' },
		]);
	return usageLogsPage(records, logsPage, 1);
}

function workspaceUsage(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Workspace usage');
	const workspaceId = ctx.params.workspaceId;
	if (workspaceId !== ctx.caller.workspace.id) {
		throw new ApiError(
			403,
			'WORKSPACE_MISMATCH',
			`This secret belongs to workspace ${ctx.caller.workspace.id}; it cannot read the usage of workspace ${workspaceId}.`,
		);
	}
	const { range, logsPage } = parseOrThrow(
		isPublished() ? publishedWorkspaceRequestSchema : workspaceUsageRequestSchema,
		ctx.body ?? {},
		'usage request',
	);
	const records = usageIn(ctx.state.usage ?? [], range).filter(
		(record) => record.workspaceId === workspaceId,
	);
	const logs = logsPage === undefined ? {} : { logsPage, logs: logsOf(ctx, records, logsPage) };
	if (isPublished()) {
		const agents = perAgent(records).map((entry) => ({
			agentId: entry.agentId,
			...publishedUsage(entry.records),
		}));
		return {
			body: { workspaceId, range: rangeOut(range), ...publishedUsage(records), agents, ...logs },
		};
	}
	const agents = perAgent(records).map((entry) => ({
		agentId: entry.agentId,
		totals: usageTotals(entry.records),
	}));
	return {
		body: {
			success: true,
			message: `Usage of workspace ${workspaceId}`,
			data: { workspaceId, range: rangeOut(range), totals: usageTotals(records), agents, ...logs },
		},
	};
}

export const usageRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/usage', handler: agentUsage },
	{ method: 'POST', pattern: '/workspaces/:workspaceId/usage', handler: workspaceUsage },
];
