import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { z } from 'zod';
import { METRIC_PAGE, customMetricsPageContract } from '../../../shared/contracts/customMetric';
import { lazy } from '../../../shared/contracts/lazy';
import { convocoreApiRequest } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { agentRef, type AgentRef } from '../../helpers/agentRef';

/** The v3 custom-metric routes (docs.convocore.ai /api-reference/v3/customMetrics/*). */
export function customMetricsPath(agentId: string): string {
	return `/agents/${encodeURIComponent(agentId)}/custom-metrics`;
}

export function customMetricPath(agentId: string, metricId: string): string {
	return `${customMetricsPath(agentId)}/${encodeURIComponent(metricId)}`;
}

const metricIdSchema = lazy(() =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text (a metric ID)' })
		.trim()
		.min(1, 'is required'),
);
const metricRef = agentRef('metricId', metricIdSchema, 'custom metric');
export type MetricRef = AgentRef<'metricId'>;
export const readMetricRef = metricRef.read;

type MetricRow = z.output<typeof customMetricsPageContract>['metrics'][number];

/** One page of an agent's metrics (`limit` + `startAfterId`), for the pickers. */
export async function fetchMetricPage(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	agentId: string,
	startAfterId?: string,
	scope: RequestScope = {},
): Promise<{ metrics: MetricRow[]; nextStartAfterId?: string }> {
	const qs: IDataObject = { limit: METRIC_PAGE.maxLimit };
	if (startAfterId) qs.startAfterId = startAfterId;
	const page = (await convocoreApiRequest.call(
		ctx,
		{ method: 'GET', path: customMetricsPath(agentId), qs, response: customMetricsPageContract },
		scope,
	)) as z.output<typeof customMetricsPageContract>;
	// A full page may have a next one; a short page is the end.
	const last =
		page.metrics.length === METRIC_PAGE.maxLimit
			? page.metrics[page.metrics.length - 1]?.id
			: undefined;
	return { metrics: page.metrics, ...(last ? { nextStartAfterId: last } : {}) };
}
