import { z } from 'zod';
import { lazy } from './lazy';

/**
 * Usage of an agent (`POST /agents/{agentId}/usage`, body `{ range?: { start?, end? } }`) and of a
 * workspace (`POST /workspaces/{workspaceId}/usage`, `{ range?: { start, end }, logsPage? }`),
 * agent-at-work spec §6. The sources disagree on the range's unit; the reading built here sends
 * milliseconds since the Unix epoch (the unit of every Convocore timestamp). The answers are not
 * described: the node reads the totals as plain numbers, wherever they sit (below).
 */

const epochMs = (field: string) =>
	z.number({ invalid_type_error: `must be a number of milliseconds since the Unix epoch (${field})` }).int('must be a whole number of milliseconds').min(0, 'must not be before 1970');

export const usageRangeSchema = lazy(() =>
	z
		.object({ start: epochMs('start').optional(), end: epochMs('end').optional() })
		.strict()
		.refine((range) => range.start === undefined || range.end === undefined || range.end > range.start, { message: 'end must be after start', path: ['end'] }),
);

export const agentUsageRequestSchema = lazy(() => z.object({ range: usageRangeSchema.optional() }).strict());
export const workspaceUsageRequestSchema = lazy(() => z.object({ range: usageRangeSchema.optional(), logsPage: z.number().int().min(0).optional() }).passthrough());
export type UsageRange = z.output<typeof usageRangeSchema>;

/**
 * The totals the node outputs, in this order: each a plain number, so that n8n's Summarize node
 * can add them up. Other numeric totals an answer holds are kept after these.
 */
export const USAGE_TOTAL_FIELDS = ['conversations', 'agentTurns', 'smsSent', 'calls', 'callMinutes', 'credits'] as const;
export type UsageTotals = Record<(typeof USAGE_TOTAL_FIELDS)[number], number>;

/** A usage answer: an object (after the envelope), its totals under `totals` or at its top level. */
export const usageAnswerSchema = lazy(() => z.object({ totals: z.record(z.unknown()).optional() }).passthrough());

/** The numeric totals of a usage answer, flat: `totals`' numbers, else the answer's own top-level numbers. */
export function usageTotalsOf(answer: Record<string, unknown>): Record<string, number> {
	const source = typeof answer.totals === 'object' && answer.totals !== null && !Array.isArray(answer.totals) ? (answer.totals as Record<string, unknown>) : answer;
	const totals: Record<string, number> = {};
	const numeric = Object.entries(source).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]));
	for (const field of USAGE_TOTAL_FIELDS) {
		const found = numeric.find(([key]) => key === field);
		if (found) totals[field] = found[1];
	}
	for (const [key, value] of numeric) if (!(key in totals)) totals[key] = value;
	return totals;
}
