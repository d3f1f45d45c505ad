import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	EXPORT_TIME_RANGES,
	exportFilteredLeadsRequestSchema,
	exportLeadsAnswerSchema,
} from '../../../shared/contracts/leadImport';
import { lazy } from '../../../shared/contracts/lazy';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { readBinaryField, toCsv, type OutputMode } from '../../helpers/exportFile';
import { binaryFieldProperty, outputModeProperty } from '../../descriptions/exportFile';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { leadFiltersProperty } from './common';

const show = { resource: ['lead'], operation: ['export'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose leads to export'),
	leadFiltersProperty(show, [
		{
			displayName: 'Time Range',
			name: 'timeRange',
			type: 'options',
			default: 'all',
			options: [
				{ name: 'All Time', value: 'all' },
				{ name: 'Last 30 Days', value: 'last30days' },
			],
		},
	]),
	outputModeProperty(show, ['items', 'csvFile']),
	binaryFieldProperty(show),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		filters: exportFilteredLeadsRequestSchema,
		timeRange: z.enum(EXPORT_TIME_RANGES),
	}),
);
type Plan = z.output<typeof planSchema> & { output: OutputMode; binaryField: string };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const filters = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	const plan = validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), filters, timeRange: filters.timeRange ?? 'all' },
		itemIndex,
		'lead export',
	);
	return { ...plan, ...readBinaryField(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const base = `/agents/${encodeURIComponent(plan.agentId)}/leads`;
	// A group or search text needs the filtered route; a time range alone has its own.
	const filtered = Boolean(plan.filters.groupName || plan.filters.searchTerm);
	const answer = filtered
		? await requestChecked(
				this,
				{
					method: 'POST',
					path: `${base}/export-filtered`,
					read: true,
					body: plan.filters as IDataObject,
					raw: true,
					response: exportLeadsAnswerSchema,
				},
				scope,
			)
		: await requestChecked(
				this,
				{
					method: 'GET',
					path: `${base}/export`,
					qs: { timeRange: plan.timeRange },
					raw: true,
					response: exportLeadsAnswerSchema,
				},
				scope,
			);
	if (plan.output === 'items') return answer.leads.map((lead) => ({ json: lead as IDataObject }));
	const binary = await this.helpers.prepareBinaryData(
		Buffer.from(toCsv(answer.leads), 'utf8'),
		'leads.csv',
		'text/csv',
	);
	return [
		{
			json: { total: answer.total, exported: answer.leads.length },
			binary: { [plan.binaryField]: binary },
		},
	];
}

export const exportLeads: ConvocoreOperation<Plan> = { description, prepare, execute };
