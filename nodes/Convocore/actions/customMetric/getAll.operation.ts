import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';
import { METRIC_PAGE } from '../../../shared/contracts/customMetrics';
import { collectCursorPages, convocoreApiRequest, type RequestScope } from '../../../shared/transport';
import { agentIdSchema } from '../../../shared/contracts/agents';
import { agentIdProperty, readAgentId, returnAllAndLimit, validate, type ConvocoreOperation } from '../operation';

const show = { resource: ['customMetric'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose custom metrics to list'),
	...returnAllAndLimit(show),
];

const planSchema = z.object({
	agentId: agentIdSchema,
	returnAll: z.boolean(),
	limit: z.number().int('must be a whole number').min(1, 'must be at least 1'),
});
type ListPlan = z.output<typeof planSchema>;

/**
 * One page as it comes: only what paging needs is checked (an array of metrics with ids), so a
 * metric with fields beyond the specification is passed on as it is rather than refused.
 */
const pageSchema = z
	.object({
		metrics: z.array(z.object({ id: z.string().min(1) }).passthrough()),
		total: z.number().optional(),
	})
	.passthrough();
type Metric = z.output<typeof pageSchema>['metrics'][number];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ListPlan> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			returnAll,
			limit: returnAll ? 1 : this.getNodeParameter('limit', itemIndex, 50),
		},
		itemIndex,
		'custom metric listing',
	);
}

export async function execute(this: IExecuteFunctions, plan: ListPlan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/custom-metrics`;
	const metrics = await collectCursorPages<Metric>(
		async (startAfterId, limit) => {
			const qs: IDataObject = { limit };
			if (startAfterId !== undefined) qs.startAfterId = startAfterId;
			const answer = await convocoreApiRequest.call(this, { method: 'GET', path, qs }, scope);
			const page = pageSchema.safeParse(answer);
			if (!page.success) {
				throw new NodeApiError(
					this.getNode(),
					{ message: 'Unexpected answer' } as JsonObject,
					{
						message: `Convocore answered GET ${path} without a list of metrics`,
						description: 'Expected { success, metrics: [...], total }. This is likely a change on the Convocore side.',
						itemIndex: scope.itemIndex,
					},
				);
			}
			// `total` is not passed on: its exact meaning is unspecified, and a short page is a
			// reliable end (at worst one extra request when the last page is exactly full).
			return { items: page.data.metrics };
		},
		{ max: plan.returnAll ? Infinity : plan.limit, pageSize: METRIC_PAGE.maxLimit },
	);
	return metrics.map((metric) => ({ json: metric as IDataObject }));
}

export const getAll: ConvocoreOperation<ListPlan> = {
	description,
	prepare,
	execute,
};
