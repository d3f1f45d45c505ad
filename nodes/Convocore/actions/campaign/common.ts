import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	CAMPAIGN_PAGE,
	METRIC_TYPES,
	campaignIdSchema,
	campaignPageSchema,
	campaignProgress,
	type Campaign,
} from '../../../shared/contracts/campaign';
import { lazy } from '../../../shared/contracts/lazy';
import { collectNumberedPages } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import type { Show } from '../../descriptions/displayOptions';
import { listFrom } from '../../helpers/listField';
import { agentRef, type AgentRef } from '../../helpers/agentRef';

export function campaignsPath(agentId: string): string {
	return `/agents/${encodeURIComponent(agentId)}/campaigns`;
}

/** The agent of an operation that names no campaign (Create). */
export const agentRefSchema = lazy(() => z.object({ agentId: agentIdSchema }));

const campaignRef = agentRef('campaignId', campaignIdSchema, 'campaign');
export type CampaignRef = AgentRef<'campaignId'>;
export const readCampaignRef = campaignRef.read;

/** One page of `GET /agents/{agentId}/campaigns` (pages from 1). */
export async function fetchCampaignPage(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	agentId: string,
	page: number,
	limit: number,
	scope: RequestScope = {},
) {
	return await requestChecked(
		ctx,
		{
			method: 'GET',
			path: campaignsPath(agentId),
			qs: { page, limit },
			raw: true,
			response: campaignPageSchema,
		},
		scope,
	);
}

/** There is no single-campaign route: the list is read page by page until the campaign turns up. */
export async function findCampaign(
	ctx: IExecuteFunctions,
	{ agentId, campaignId }: CampaignRef,
	scope: RequestScope,
): Promise<Campaign> {
	// Paged as Get Many: a server that caps pages below 100 is followed by its own page size.
	const listed = await collectNumberedPages(
		async (page, limit) => {
			const answer = await fetchCampaignPage(ctx, agentId, page, limit, scope);
			return { items: answer.campaigns, total: answer.total };
		},
		{
			max: Infinity,
			pageSize: CAMPAIGN_PAGE.maxLimit,
			what: 'campaigns',
			keyOf: (campaign) => campaign.id,
			until: (campaign) => campaign.id === campaignId,
		},
	);
	const found = listed.find((campaign) => campaign.id === campaignId);
	if (found) return found;
	throw new NodeOperationError(
		ctx.getNode(),
		`Not found: agent ${agentId} has no campaign ${campaignId}`,
		{
			itemIndex: scope.itemIndex,
			description: 'Pick the campaign from the list, or check its ID with Campaign > Get Many.',
		},
	);
}

/** A campaign for the output: the record as it came, with its counters as `progress`. */
export function campaignOutput(campaign: Record<string, unknown>): IDataObject {
	return { ...campaign, progress: campaignProgress(campaign) } as IDataObject;
}

/** Campaign Metrics: typed rows (key, description, type, options), not a JSON box. */
export function metricsProperty(show: Show, description: string): INodeProperties {
	return {
		displayName: 'Campaign Metrics',
		name: 'metrics',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Metric',
		default: {},
		description,
		displayOptions: { show },
		options: [
			{
				displayName: 'Metric',
				name: 'metric',
				values: [
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description:
							'What the agent extracts after each call, e.g. "Whether the lead booked a demo"',
					},
					{
						displayName: 'Key',
						name: 'key',
						type: 'string',
						default: '',
						placeholder: 'booked_demo',
						description: 'Name of the metric: starts with a letter; letters, digits and _',
					},
					{
						displayName: 'Options',
						name: 'options',
						type: 'string',
						default: '',
						description: 'For an Enum metric: the allowed values, separated by commas',
						displayOptions: { show: { type: ['enum'] } },
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						default: 'boolean',
						options: [...METRIC_TYPES]
							.sort()
							.map((type) => ({ name: type[0].toUpperCase() + type.slice(1), value: type })),
					},
				],
			},
		],
	};
}

/** The metric rows of one item, each as the API's metric object (options only where given). */
export function readMetrics(ctx: IExecuteFunctions, itemIndex: number): unknown[] | undefined {
	const rows =
		(ctx.getNodeParameter('metrics.metric', itemIndex, []) as IDataObject[] | undefined) ?? [];
	if (!Array.isArray(rows) || rows.length === 0) return undefined;
	return rows.map(({ options, ...metric }) => {
		const list = listFrom(options);
		return list ? { ...metric, options: list } : metric;
	});
}
