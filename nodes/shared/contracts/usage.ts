import { z } from 'zod';
import { findList } from './common';
import { lazy } from './lazy';

/**
 * Usage of an agent (`POST /agents/{agentId}/usage`, body `{ range?: { start?, end? } }`) and of a
 * workspace (`POST /workspaces/{workspaceId}/usage`, `{ uiTimeRange?, range?: { start, end },
 * logsPage? }`), OpenAPI 1.0.4. The range is in milliseconds since the Unix epoch (the docs page of
 * workspace usage says so). Both are reads sent as POST.
 *
 * The answers, as published and as 0.2.0 read them:
 * - agent: `{ creditsConsumed (required), metrics (any) }` (the vendor's earlier docs page; the
 *   OpenAPI leaves it untyped). 0.2.0 read `{ totals: { conversations, …, credits } }`.
 * - workspace: free-form ("usage statistics including message counts, token usage, and cost
 *   data"); what it holds is not documented, nor where the usage logs of `logsPage` sit.
 */

const epochMs = (field: string) =>
	z
		.number({
			invalid_type_error: `must be a number of milliseconds since the Unix epoch (${field})`,
		})
		.int('must be a whole number of milliseconds')
		.min(0, 'must not be before 1970');

export const usageRangeSchema = lazy(() =>
	z
		.object({ start: epochMs('start').optional(), end: epochMs('end').optional() })
		.strict()
		.refine(
			(range) => range.start === undefined || range.end === undefined || range.end > range.start,
			{ message: 'end must be after start', path: ['end'] },
		),
);

/** The workspace's range: both ends are required there (OpenAPI 1.0.4). */
export const workspaceUsageRangeSchema = lazy(() =>
	z
		.object({ start: epochMs('start'), end: epochMs('end') })
		.strict()
		.refine((range) => range.end > range.start, {
			message: 'end must be after start',
			path: ['end'],
		}),
);

export const agentUsageRequestSchema = lazy(() =>
	z.object({ range: usageRangeSchema.optional() }).strict(),
);
/** `uiTimeRange` is documented as "any" (a predefined range of the dashboard): accepted, its values are not public. */
export const workspaceUsageRequestSchema = lazy(() =>
	z
		.object({
			uiTimeRange: z.unknown().optional(),
			range: workspaceUsageRangeSchema.optional(),
			logsPage: z
				.number({ invalid_type_error: 'must be a page number' })
				.int('must be a whole page number')
				.min(0, 'must be 0 or more')
				.optional(),
		})
		.strict(),
);
export type UsageRange = z.output<typeof usageRangeSchema>;

/**
 * The usage logs are paged by `logsPage`. Whether the first page is 0 or 1 is not published (the
 * docs page's example asks for 1): Workspace > Get Usage reads from 0 and survives both.
 * MAX_LOGS_PAGES bounds one listing (logsPage 0 to 999), whatever the server answers.
 */
export const MAX_LOGS_PAGES = 1000;

/** Where a usage log entry's ID may sit (not documented): the first of these that holds text or a number. */
export const LOG_ID_KEYS = ['id', 'ID', '_id', 'logId'] as const;

/**
 * The totals 0.2.0 output, in this order, each a plain number (n8n's Summarize adds them up); kept
 * where an answer has them. Other numeric totals an answer holds are kept after these.
 */
export const USAGE_TOTAL_FIELDS = [
	'conversations',
	'agentTurns',
	'smsSent',
	'calls',
	'callMinutes',
	'credits',
] as const;
export type UsageTotals = Record<(typeof USAGE_TOTAL_FIELDS)[number], number>;

/** A number as text, as some servers and proxies send totals: digits, a sign, a fraction; no leading zero (an ID or a phone number stays text). */
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** The number a text holds when it is one, else the value unchanged. */
export function numberFromText(value: unknown): unknown {
	if (typeof value !== 'string' || !NUMBER_TEXT.test(value.trim())) return value;
	const number = Number(value.trim());
	return Number.isFinite(number) ? number : value;
}

/** Fields that name something rather than count it: their text is never read as a number. */
const NAMING_FIELD = /(?:^id$|Id$|ID$|^_id$|name|phone|email|key$)/i;

/**
 * A usage answer with every number sent as text read as the number, at any depth, except in
 * fields that name something (IDs, names, phone numbers). Nothing is dropped.
 */
export function readUsageNumbers(value: unknown, field = ''): unknown {
	if (Array.isArray(value)) return value.map((entry) => readUsageNumbers(entry, field));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as Record<string, unknown>).map(([key, entry]) => [
				key,
				readUsageNumbers(entry, key),
			]),
		);
	}
	return NAMING_FIELD.test(field) ? value : numberFromText(value);
}

/**
 * A figure under a name 0.2.0 read as a total: a number, or a text that is one, is read as the
 * number. The published answers are free-form, so the same name may hold a nested value (e.g.
 * `calls: { count, credits }`, a list, null): that is kept as it came, never an error. Only text
 * that is no number (e.g. "1,500": 1500, or 1.5?) is refused, naming the field, rather than handed
 * on where a number is expected.
 */
const total = () =>
	z.preprocess(
		numberFromText,
		z.unknown().superRefine((value, ctx) => {
			if (typeof value === 'string')
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					message: 'must be a number (or a number as text)',
				});
		}),
	);

const totalsFields = () =>
	Object.fromEntries(USAGE_TOTAL_FIELDS.map((field) => [field, total()])) as Record<
		(typeof USAGE_TOTAL_FIELDS)[number],
		ReturnType<typeof total>
	>;

/** The totals 0.2.0 read, under `totals` or at the top: numbers where present. */
const legacyTotalsShape = () => ({
	...totalsFields(),
	totals: z.object(totalsFields()).passthrough().optional(),
});

/**
 * The agent's answer: `creditsConsumed` as published, or 0.2.0's `credits` (at the top or under
 * `totals`); an answer with neither is refused, so a report never comes out empty in silence.
 */
export const agentUsageAnswerSchema = lazy(() =>
	z
		.object({
			creditsConsumed: total().optional(),
			metrics: z.unknown().optional(),
			...legacyTotalsShape(),
		})
		.passthrough()
		.refine(
			(answer) =>
				answer.creditsConsumed !== undefined ||
				answer.credits !== undefined ||
				answer.totals?.credits !== undefined,
			{
				message:
					'is required (Convocore documents the agent usage answer as { creditsConsumed, metrics })',
				path: ['creditsConsumed'],
			},
		),
);

/** The workspace's answer: free-form; the totals 0.2.0 read must be numbers where present. */
export const workspaceUsageAnswerSchema = lazy(() =>
	z.object({ creditsConsumed: total().optional(), ...legacyTotalsShape() }).passthrough(),
);

/** 0.2.0's contract name, for both answers. */
export const usageAnswerSchema = workspaceUsageAnswerSchema;

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The numeric totals of a usage answer, flat (0.2.0's output): `totals`' numbers, else the answer's own top-level numbers. */
export function usageTotalsOf(answer: Record<string, unknown>): Record<string, number> {
	const source = isRecord(answer.totals) ? answer.totals : answer;
	const totals: Record<string, number> = {};
	const numeric = Object.entries(source).filter(
		(entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
	);
	for (const field of USAGE_TOTAL_FIELDS) {
		const found = numeric.find(([key]) => key === field);
		if (found) totals[field] = found[1];
	}
	for (const [key, value] of numeric) if (!(key in totals)) totals[key] = value;
	return totals;
}

/**
 * What a usage answer becomes in the output, after the caller's own fields (`taken`, which the
 * answer cannot overwrite: its own copy of the agent's ID says the same):
 * 1. `creditsConsumed` (published; 0.2.0's `credits` where the answer has only that);
 * 2. 0.2.0's flat totals where the answer has them, and `credits` (the same as `creditsConsumed`
 *    where the answer has no `credits`), so saved workflows that add up `credits` keep working;
 * 3. everything else the answer holds, nested as it came (`metrics`, per-agent lists…), with
 *    numbers sent as text read as numbers. `totals` is not repeated: its numbers are in 2.
 */
export function usageOutputOf(
	answer: Record<string, unknown>,
	taken: readonly string[],
): Record<string, unknown> {
	const read = readUsageNumbers(answer) as Record<string, unknown>;
	const flat = usageTotalsOf(read);
	// Each is filled from the other only where the answer has no value of its own under that
	// name: a nested `creditsConsumed` or `credits` (free-form answers) is kept as it came below.
	const creditsConsumed =
		typeof read.creditsConsumed === 'number'
			? read.creditsConsumed
			: read.creditsConsumed === undefined
				? flat.credits
				: undefined;
	const output: Record<string, unknown> = {};
	if (creditsConsumed !== undefined) output.creditsConsumed = creditsConsumed;
	Object.assign(output, flat);
	if (output.credits === undefined && read.credits === undefined && creditsConsumed !== undefined)
		output.credits = creditsConsumed;
	for (const [key, value] of Object.entries(read)) {
		if (key === 'totals' && isRecord(value)) {
			// The totals' non-numeric entries are not in 2: kept nested.
			const rest = Object.fromEntries(Object.entries(value).filter(([field]) => !(field in flat)));
			if (Object.keys(rest).length) output.totals = rest;
			continue;
		}
		if (!(key in output) && !taken.includes(key)) output[key] = value;
	}
	return output;
}

/** Where the usage logs may sit in a workspace usage answer (not documented): the first of these lists. */
const LOGS_KEYS = ['logs', 'usageLogs'] as const;

/** The log entries of a workspace usage answer; undefined when it holds no list of them. */
export function usageLogsOf(answer: unknown): Record<string, unknown>[] | undefined {
	const list = findList(answer, LOGS_KEYS);
	return list?.map((entry) =>
		isRecord(entry)
			? (readUsageNumbers(entry) as Record<string, unknown>)
			: { value: readUsageNumbers(entry) },
	);
}
