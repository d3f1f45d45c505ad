import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { usageOutputOf, type UsageRange } from '../../shared/contracts/usage';

/**
 * From and To of Workspace > Get Usage and Agent > Get Usage: n8n date-times, sent as
 * milliseconds since the Unix epoch (agent-at-work spec §6), checked before anything is sent.
 */

/** What a usage request sends, and the range as it goes in the output. */
export interface UsagePlanRange {
	range?: Required<UsageRange>;
}

function fail(ctx: IExecuteFunctions, itemIndex: number, problem: string): never {
	throw new NodeOperationError(
		ctx.getNode(),
		`Invalid usage period in item ${itemIndex}: ${problem}`,
		{ itemIndex },
	);
}

/** The offset of `zone` from UTC at `utcMs`, in milliseconds (Intl: the node may not ship luxon). */
function zoneOffsetMs(utcMs: number, zone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: zone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	}).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
	const asUtc = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return asUtc - Math.floor(utcMs / 1000) * 1000;
}

const LOCAL_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** A date-time as milliseconds since the epoch; undefined when it cannot be read. */
export function toEpochMs(value: unknown, zone: string): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
	// A luxon DateTime from an expression such as {{ $now.minus({ months: 1 }) }}.
	if (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function'
	) {
		const ms = (value as { toMillis: () => number }).toMillis();
		return Number.isFinite(ms) ? ms : undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const local = LOCAL_DATE_TIME.exec(text);
	if (local) {
		const [year, month, day, hour, minute, second, fraction] = local
			.slice(1)
			.map((entry) => Number(entry ?? 0));
		const millis = local[7] ? Number(local[7].padEnd(3, '0')) : fraction;
		const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
		// Date.UTC rolls 2026-02-30 over into March: a date it changed is not a day of the calendar.
		if (
			new Date(wall).getUTCDate() !== day ||
			new Date(wall).getUTCMonth() !== month - 1 ||
			hour > 23 ||
			minute > 59 ||
			second > 59
		)
			return undefined;
		// Twice: the offset at the guessed instant may differ from the one at the answer (DST).
		const first = wall - zoneOffsetMs(wall, zone);
		return wall - zoneOffsetMs(first, zone);
	}
	// With an offset or Z: ISO 8601 (n8n's own format for date-times).
	if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
	const parsed = Date.parse(text);
	return Number.isNaN(parsed) ? undefined : parsed;
}

const isEmpty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** From and To of one item: both empty (no range), or both readable with To after From. */
export function readUsageRange(ctx: IExecuteFunctions, itemIndex: number): UsagePlanRange {
	const from = ctx.getNodeParameter('from', itemIndex, '') as unknown;
	const to = ctx.getNodeParameter('to', itemIndex, '') as unknown;
	if (isEmpty(from) && isEmpty(to)) return {};
	if (isEmpty(from))
		fail(ctx, itemIndex, 'from: is required when To is given (give both or neither)');
	if (isEmpty(to))
		fail(ctx, itemIndex, 'to: is required when From is given (give both or neither)');
	const zone = ctx.getTimezone();
	const start = toEpochMs(from, zone);
	const end = toEpochMs(to, zone);
	const example = 'e.g. 2026-10-01T00:00:00 or {{ $now.startOf("month") }}';
	if (start === undefined)
		fail(
			ctx,
			itemIndex,
			`from: must be a date-time (${example}), got ${JSON.stringify(String(from)).slice(0, 60)}`,
		);
	if (end === undefined)
		fail(
			ctx,
			itemIndex,
			`to: must be a date-time (${example}), got ${JSON.stringify(String(to)).slice(0, 60)}`,
		);
	if (start < 0) fail(ctx, itemIndex, 'from: must not be before 1970');
	if (end <= start)
		fail(
			ctx,
			itemIndex,
			`to: must be after From (From is ${new Date(start).toISOString()}, To is ${new Date(end).toISOString()})`,
		);
	return { range: { start: Math.round(start), end: Math.round(end) } };
}

/** The request body: the range when one was given, else nothing (Convocore's own default). */
export function usageBody(plan: UsagePlanRange): IDataObject {
	return plan.range ? { range: { ...plan.range } } : {};
}

/**
 * One output item: who, the period as ISO date-times (null when none was given), then the answer
 * (contracts/usage.ts usageOutputOf): `creditsConsumed`, 0.2.0's flat totals where the answer has
 * them, and everything else it holds, nested as it came.
 */
export function usageItem(
	who: IDataObject,
	plan: UsagePlanRange,
	answer: Record<string, unknown>,
): IDataObject {
	const head: IDataObject = {
		...who,
		from: plan.range ? new Date(plan.range.start).toISOString() : null,
		to: plan.range ? new Date(plan.range.end).toISOString() : null,
	};
	return { ...head, ...(usageOutputOf(answer, Object.keys(head)) as IDataObject) };
}
