import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	allMetricsDataAnswerSchema,
	oneMetricDataAnswerSchema,
	type MetricData,
} from '../../../shared/contracts/customMetricData';
import { lazy } from '../../../shared/contracts/lazy';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, metricKeyProperty } from '../../descriptions/pickers';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { customMetricsPath } from './common';
import { readSecondsRange, secondsRangeProperties } from './period';

const show = { resource: ['customMetric'], operation: ['getData'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose metric data to read'),
	{
		displayName: 'Metrics',
		name: 'which',
		type: 'options',
		default: 'all',
		options: [
			{ name: 'All Metrics', value: 'all', description: 'Every metric the agent has' },
			{ name: 'One Metric', value: 'one', description: 'One metric, chosen by its key' },
		],
		displayOptions: { show },
	},
	metricKeyProperty({ ...show, which: ['one'] }),
	...secondsRangeProperties(show),
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'aggregates',
		options: [
			{
				name: 'Aggregates',
				value: 'aggregates',
				description:
					'One item per metric: average, sum, min and max of a number metric; counts of the top 10 values of any other (the rest as "other")',
			},
			{
				name: 'Time Series',
				value: 'timeSeries',
				description:
					'One item per data point: timestamp (ISO date), value and conversation ID, ready for a chart or a spreadsheet',
			},
		],
		displayOptions: { show },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		metricKey: z
			.string({ required_error: 'is required', invalid_type_error: 'must be text (a metric key)' })
			.trim()
			.min(1, 'is required')
			.optional(),
		output: z.enum(['aggregates', 'timeSeries'], {
			errorMap: () => ({ message: 'must be aggregates or timeSeries' }),
		}),
	}),
);
type Plan = z.output<typeof planSchema> & ReturnType<typeof readSecondsRange>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const one = this.getNodeParameter('which', itemIndex, 'all') === 'one';
	const plan = validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			metricKey: one ? readIdParameter(this, 'metricKey', itemIndex) : undefined,
			output: this.getNodeParameter('output', itemIndex, 'aggregates'),
		},
		itemIndex,
		'custom metric data request',
	);
	return { ...plan, ...readSecondsRange(this, itemIndex) };
}

/** The aggregates of one metric as one flat item: the period, then what Convocore computed. */
function aggregateItem(data: MetricData, plan: Plan): IDataObject {
	const { key, type, totalDataPoints, average, sum, min, max, counts, ...rest } = data;
	// The series has its own output (Time Series); the aggregates item stays one flat row.
	delete rest.timeSeries;
	const figures =
		type === 'numeric' || counts === undefined
			? { average: average ?? null, sum: sum ?? null, min: min ?? null, max: max ?? null }
			: { counts: counts as IDataObject };
	return {
		key,
		type,
		from: plan.from,
		to: plan.to,
		totalDataPoints,
		...figures,
		...(rest as IDataObject),
	};
}

function seriesItems(this: IExecuteFunctions, data: MetricData, itemIndex: number): IDataObject[] {
	if (!data.timeSeries) {
		if (data.totalDataPoints === 0) return [];
		// An answer with data points but no series would otherwise look like "no data".
		throw new NodeOperationError(
			this.getNode(),
			`Convocore answered ${data.totalDataPoints} data points of metric ${data.key} without their time series (includeTimeSeries=true was sent)`,
			{ itemIndex },
		);
	}
	return data.timeSeries.map((point) => ({
		key: data.key,
		// Convocore's `ts` is in Unix seconds.
		timestamp: new Date(point.ts * 1000).toISOString(),
		value: point.value,
		conversationId: point.convo_id ?? null,
	}));
}

export async function execute(
	this: IExecuteFunctions,
	plan: Plan,
	scope: RequestScope,
): Promise<INodeExecutionData[]> {
	const qs: IDataObject = { startTs: plan.startTs, endTs: plan.endTs };
	// Without it the series is left out, as Convocore does by default to keep answers light.
	if (plan.output === 'timeSeries') qs.includeTimeSeries = 'true';
	let metrics: MetricData[];
	if (plan.metricKey !== undefined) {
		const path = `${customMetricsPath(plan.agentId)}/${encodeURIComponent(plan.metricKey)}/data`;
		metrics = [
			(
				await requestChecked(
					this,
					{ method: 'GET', path, qs, raw: true, response: oneMetricDataAnswerSchema },
					scope,
				)
			).data,
		];
	} else {
		const path = `${customMetricsPath(plan.agentId)}/data`;
		metrics = (
			await requestChecked(
				this,
				{ method: 'GET', path, qs, raw: true, response: allMetricsDataAnswerSchema },
				scope,
			)
		).data;
	}
	const itemIndex = scope.itemIndex ?? 0;
	const rows =
		plan.output === 'timeSeries'
			? metrics.flatMap((data) => seriesItems.call(this, data, itemIndex))
			: metrics.map((data) => aggregateItem(data, plan));
	return rows.map((json) => ({ json }));
}

export const getData: ConvocoreOperation<Plan> = { description, prepare, execute };
