import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { METRIC_TYPES } from '../../../shared/contracts/campaign';
import {
	createCustomMetricAnswerSchema,
	createCustomMetricRequestSchema,
} from '../../../shared/contracts/customMetricWrites';
import { lazy } from '../../../shared/contracts/lazy';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { customMetricsPath } from './common';

const show = { resource: ['customMetric'], operation: ['create'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that extracts the metric from its conversations'),
	{
		displayName: 'Key',
		name: 'key',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'asked_for_human',
		description: 'Name of the metric: starts with a letter; letters, digits and _',
		displayOptions: { show },
	},
	{
		displayName: 'Description',
		name: 'metricDescription',
		type: 'string',
		required: true,
		default: '',
		description: 'What the agent looks for, e.g. "Whether the customer asked to talk to a person"',
		displayOptions: { show },
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'boolean',
		options: [...METRIC_TYPES]
			.sort()
			.map((type) => ({ name: type[0].toUpperCase() + type.slice(1), value: type })),
		displayOptions: { show },
	},
	{
		displayName: 'Enum Options',
		name: 'enumOptions',
		type: 'string',
		required: true,
		default: '',
		description: 'The allowed values, separated by commas',
		displayOptions: { show: { ...show, type: ['enum'] } },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({ agentId: agentIdSchema, body: createCustomMetricRequestSchema }),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const type = this.getNodeParameter('type', itemIndex, 'boolean');
	const metric = compact({
		key: this.getNodeParameter('key', itemIndex, ''),
		description: this.getNodeParameter('metricDescription', itemIndex, ''),
		type,
		options:
			type === 'enum' ? listFrom(this.getNodeParameter('enumOptions', itemIndex, '')) : undefined,
	});
	return validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), body: { metric } },
		itemIndex,
		'custom metric',
	);
}

/**
 * `POST /agents/{agentId}/custom-metrics` (createMetric page), which answers the new metric's
 * `metricId` and record. Until 0.3.0 this sent `POST …/metrics` (OpenAPI), which answers no ID;
 * the body is the same `{ metric }`. The output keeps what it had (the metric as sent, `created`,
 * `message`) and adds `id` and the record's fields.
 */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: customMetricsPath(plan.agentId),
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: createCustomMetricAnswerSchema,
		},
		scope,
	);
	const id = answer.metricId ?? answer.metric?.id;
	return [
		{
			json: {
				...(id ? { id } : {}),
				...(answer.metric as IDataObject | undefined),
				...plan.body.metric,
				created: answer.success,
				...(answer.message ? { message: answer.message } : {}),
			} as IDataObject,
		},
	];
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
