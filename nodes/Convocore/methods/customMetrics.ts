import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { fetchMetricPage } from '../actions/customMetric/common';
import { requireChosenAgentId } from './agents';

/** The chosen agent's metrics, a page of 100 at a time, matched on key, description and ID; `valueOf` picks what the field stores. */
async function searchMetrics(
	ctx: ILoadOptionsFunctions,
	valueOf: (metric: { id: string; key: string }) => string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const agentId = requireChosenAgentId(ctx, 'custom metrics');
	const page = await fetchMetricPage(ctx, agentId, paginationToken || undefined);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const metric of page.metrics) {
		const key = typeof metric.key === 'string' && metric.key ? metric.key : metric.id;
		const type = typeof metric.type === 'string' ? ` (${metric.type})` : '';
		const description = typeof metric.description === 'string' ? metric.description : '';
		if (wanted && !`${key} ${description} ${metric.id}`.toLowerCase().includes(wanted)) continue;
		results.push({
			name: `${key}${type}`,
			value: valueOf({ id: metric.id, key }),
			...(description ? { description } : {}),
		});
	}
	return { results, ...(page.nextStartAfterId ? { paginationToken: page.nextStartAfterId } : {}) };
}

/** Metric picker by ID (Custom Metric > Get, Update). */
export async function searchCustomMetrics(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchMetrics(this, (metric) => metric.id, filter, paginationToken);
}

/** Metric picker by key (Custom Metric > Get Data: the data route names a metric by its key). */
export async function searchCustomMetricKeys(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchMetrics(this, (metric) => metric.key, filter, paginationToken);
}
