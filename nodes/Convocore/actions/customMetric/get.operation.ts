import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { customMetricAnswerSchema } from '../../../shared/contracts/customMetricWrites';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, metricIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { customMetricPath, readMetricRef, type MetricRef } from './common';

const show = { resource: ['customMetric'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the metric belongs to'),
	metricIdProperty(show, 'The metric to read'),
	timeoutOnlyOptions(show),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<MetricRef> {
	return readMetricRef(this, itemIndex, 'custom metric');
}

/** `GET /agents/{agentId}/custom-metrics/{metricId}` (getMetric page): the metric's record as one item. */
export async function execute(this: IExecuteFunctions, plan: MetricRef, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'GET',
			path: customMetricPath(plan.agentId, plan.metricId),
			raw: true,
			response: customMetricAnswerSchema,
		},
		scope,
	);
	return [{ json: answer.metric as IDataObject }];
}

export const get: ConvocoreOperation<MetricRef> = { description, prepare, execute };
