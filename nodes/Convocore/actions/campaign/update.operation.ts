import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	campaignAnswerSchema,
	updateCampaignRequestSchema,
	type UpdateCampaignRequest,
} from '../../../shared/contracts/campaign';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty, campaignIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { campaignsPath, metricsProperty, readCampaignRef, readMetrics } from './common';

const show = { resource: ['campaign'], operation: ['update'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that runs the campaign'),
	campaignIdProperty(show, 'The campaign to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Concurrent Calls',
				name: 'concurrentSlots',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1,
				description: 'How many calls the campaign places at the same time',
			},
			{
				displayName: 'Delay Between Calls (Seconds)',
				name: 'delayBetweenEachCall',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 30,
				description: 'Seconds to wait between two calls',
			},
			{
				displayName: 'Initial Prompt',
				name: 'initialPrompt',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
			},
			{
				displayName: 'Lead Group Name',
				name: 'leadGroupName',
				type: 'string',
				default: '',
				description: 'The lead group whose leads the campaign calls',
			},
			{ displayName: 'Name', name: 'name', type: 'string', default: '' },
			{
				displayName: 'Override Initial Prompt',
				name: 'overrideInitialPrompt',
				type: 'boolean',
				default: false,
				description: "Whether the Initial Prompt replaces the agent's own",
			},
			{
				displayName: 'Post-Call Metrics',
				name: 'postCallMetrics',
				type: 'string',
				default: '',
				description: 'Keys of existing metrics to extract after each call, separated by commas',
			},
			{
				displayName: 'Post-Call Prompt',
				name: 'postCallPrompt',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
			},
		],
	},
	metricsProperty(show, 'New metrics to add to the campaign'),
	timeoutOnlyOptions(show),
];

type Plan = { agentId: string; body: UpdateCampaignRequest };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { agentId, campaignId } = readCampaignRef(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const campaignData = compact({
		id: campaignId,
		...fields,
		postCallMetrics: listFrom(fields.postCallMetrics),
	});
	const body = compact({ campaignData, newlyCreatedMetrics: readMetrics(this, itemIndex) });
	return {
		agentId,
		body: validate(this, updateCampaignRequestSchema, body, itemIndex, 'campaign update'),
	};
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'PATCH',
			path: campaignsPath(plan.agentId),
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: campaignAnswerSchema,
		},
		scope,
	);
	return [
		{
			json: {
				...answer,
				campaignId: plan.body.campaignData.id,
				updated: Object.keys(plan.body.campaignData).filter((key) => key !== 'id'),
			} as IDataObject,
		},
	];
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
