import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { METRIC_PAGE, customMetricsPageContract } from '../../../shared/contracts/customMetric';
import { convocoreApiRequest } from '../../transport/request';
import { collectCursorPages } from '../../transport/pagination';
import { type RequestScope } from '../../transport/retries';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { agentIdProperty } from '../../descriptions/pickers';
import { hintWhenLimitReached } from '../../helpers/parameters';
import { listPlanSchema, mostOf, readListPlan } from '../../helpers/listing';
import { listDescription } from '../../descriptions/listing';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['customMetric'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	of: agentIdProperty(show, 'The agent whose custom metrics to list'),
});

const planSchema = lazy(() => listPlanSchema({ agentId: agentIdSchema }));
type ListPlan = z.output<typeof planSchema>;

type Metric = z.output<typeof customMetricsPageContract>['metrics'][number];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ListPlan> {
	const given = { agentId: readAgentId(this, itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'custom metric listing');
}

export async function execute(this: IExecuteFunctions, plan: ListPlan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/custom-metrics`;
	const metrics = await collectCursorPages<Metric>(
		async (startAfterId, limit) => {
			const qs: IDataObject = { limit };
			if (startAfterId !== undefined) qs.startAfterId = startAfterId;
			// The transport checks the page against its contract (a list of metrics with ids).
			const page = (await convocoreApiRequest.call(
				this,
				{ method: 'GET', path, qs, response: customMetricsPageContract },
				scope,
			)) as z.output<typeof customMetricsPageContract>;
			// `total` is not passed on: its exact meaning is unspecified, and a short page is a
			// reliable end (at worst one extra request when the last page is exactly full).
			return { items: page.metrics };
		},
		{
			max: mostOf(plan),
			pageSize: METRIC_PAGE.maxLimit,
			what: 'custom metrics',
		},
	);
	if (!plan.returnAll)
		hintWhenLimitReached(this, metrics.length, plan.limit, 'custom metrics', scope.itemIndex ?? 0);
	return metrics.map((metric) => ({ json: metric as IDataObject }));
}

export const getAll: ConvocoreOperation<ListPlan> = {
	description,
	prepare,
	execute,
};
