import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { toEpochMs } from '../../helpers/usageRange';
import type { Show } from '../../descriptions/displayOptions';

/**
 * From and To of Custom Metric > Get Data: n8n date-times, both required, sent as Unix SECONDS
 * (`startTs`, `endTs`: the getMetricData and getAllMetricsData pages say seconds, unlike the usage
 * routes' milliseconds), checked before anything is sent.
 */

export function secondsRangeProperties(show: Show): INodeProperties[] {
	const sent =
		"Sent to Convocore as Unix seconds; a date-time without an offset is read in the workflow's time zone";
	return [
		{
			displayName: 'From',
			name: 'from',
			type: 'dateTime',
			required: true,
			default: '',
			description: `Start of the period, included, e.g. {{ $now.minus({ days: 7 }) }}. ${sent}.`,
			displayOptions: { show },
		},
		{
			displayName: 'To',
			name: 'to',
			type: 'dateTime',
			required: true,
			default: '',
			description: `End of the period, included; must be after From, e.g. {{ $now }}. ${sent}.`,
			displayOptions: { show },
		},
	];
}

export interface SecondsRange {
	startTs: number;
	endTs: number;
	/** The period as ISO date-times, for the output. */
	from: string;
	to: string;
}

const isEmpty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function readSecondsRange(ctx: IExecuteFunctions, itemIndex: number): SecondsRange {
	const fail = (problem: string): never => {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid custom metric data period in item ${itemIndex}: ${problem}`,
			{ itemIndex },
		);
	};
	const from = ctx.getNodeParameter('from', itemIndex, '') as unknown;
	const to = ctx.getNodeParameter('to', itemIndex, '') as unknown;
	if (isEmpty(from)) fail('from: is required (the start of the period)');
	if (isEmpty(to)) fail('to: is required (the end of the period)');
	const zone = ctx.getTimezone();
	const start = toEpochMs(from, zone);
	const end = toEpochMs(to, zone);
	const example = 'e.g. 2026-11-01T00:00:00 or {{ $now.minus({ days: 7 }) }}';
	if (start === undefined)
		return fail(
			`from: must be a date-time (${example}), got ${JSON.stringify(String(from)).slice(0, 60)}`,
		);
	if (end === undefined)
		return fail(
			`to: must be a date-time (${example}), got ${JSON.stringify(String(to)).slice(0, 60)}`,
		);
	if (start < 0) fail('from: must not be before 1970');
	if (end <= start)
		fail(
			`to: must be after From (From is ${new Date(start).toISOString()}, To is ${new Date(end).toISOString()})`,
		);
	// Whole seconds, both rounded down: a value stamped second s happened during [s, s + 1), so it
	// is in the period exactly when s is in [startTs, endTs] (To 23:59:59.999 takes 23:59:59, not midnight).
	const startTs = Math.floor(start / 1000);
	const endTs = Math.floor(end / 1000);
	return { startTs, endTs, from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}
