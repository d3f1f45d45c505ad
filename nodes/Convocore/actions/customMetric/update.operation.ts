import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { METRIC_TYPES } from '../../../shared/contracts/campaign';
import {
	updateCustomMetricAnswerSchema,
	updateCustomMetricRequestSchema,
} from '../../../shared/contracts/customMetricWrites';
import { lazy } from '../../../shared/contracts/lazy';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty, metricIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { customMetricPath, readMetricRef, type MetricRef } from './common';

const show = { resource: ['customMetric'], operation: ['update'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the metric belongs to'),
	metricIdProperty(show, 'The metric to change; system metrics cannot be changed'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Only what is given changes. Changing the type does not convert the values conversations already gave.',
		displayOptions: { show },
		options: [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'What the agent looks for (at most 500 characters)',
			},
			{
				displayName: 'Enum Options',
				name: 'enumOptions',
				type: 'string',
				default: '',
				description:
					'The allowed values of an enum metric, separated by commas: they replace the current ones',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				default: 'boolean',
				options: [...METRIC_TYPES]
					.sort()
					.map((type) => ({ name: type[0].toUpperCase() + type.slice(1), value: type })),
				description: 'An enum needs Enum Options; the other types take none',
			},
		],
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ body: updateCustomMetricRequestSchema }));
type Plan = MetricRef & z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const ref = readMetricRef(this, itemIndex, 'custom metric update');
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const metric: IDataObject = {};
	if (fields.description !== undefined) metric.description = fields.description;
	if (fields.type !== undefined) metric.type = fields.type;
	if (fields.enumOptions !== undefined) metric.options = listFrom(fields.enumOptions) ?? [];
	return {
		...ref,
		...validate(this, planSchema, { body: { metric } }, itemIndex, 'custom metric update'),
	};
}

/** `PUT /agents/{agentId}/custom-metrics/{metricId}` (updateMetric page) `{ metric: { …changes } }`: the metric as it now is. */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = customMetricPath(plan.agentId, plan.metricId);
	const answer = await requestChecked(
		this,
		{
			method: 'PUT',
			path,
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: updateCustomMetricAnswerSchema,
		},
		scope,
	);
	// Without the record in the answer, what was sent stands for it, with the ID it was sent to.
	const record = (answer.metric as IDataObject | undefined) ?? {
		id: plan.metricId,
		...plan.body.metric,
	};
	return [
		{
			json: {
				...record,
				updated: answer.success,
				...(answer.message ? { message: answer.message } : {}),
			} as IDataObject,
		},
	];
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
