import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	customMetricWriteAnswerSchema,
	deleteCustomMetricsRequestSchema,
} from '../../../shared/contracts/customMetricWrites';
import { lazy } from '../../../shared/contracts/lazy';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['customMetric'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose metrics to delete'),
	{
		displayName: 'Metric IDs',
		name: 'metricIds',
		type: 'string',
		required: true,
		default: '',
		description:
			'The metrics to delete, separated by commas (or a list from an expression); Get Many shows their IDs. Deleting is irreversible.',
		displayOptions: { show },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({ agentId: agentIdSchema, body: deleteCustomMetricsRequestSchema }),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const metricIds = listFrom(this.getNodeParameter('metricIds', itemIndex, '')) ?? [];
	return validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), body: { metricIds } },
		itemIndex,
		'custom metric deletion',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/metrics/delete`;
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path,
			body: plan.body as IDataObject,
			raw: true,
			response: customMetricWriteAnswerSchema,
		},
		scope,
	);
	return [{ json: { deleted: answer.success, metricIds: plan.body.metricIds } }];
}

export const deleteMetrics: ConvocoreOperation<Plan> = { description, prepare, execute };
