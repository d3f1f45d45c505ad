import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	campaignAnswerSchema,
	createCampaignRequestSchema,
	type CreateCampaignRequest,
} from '../../../shared/contracts/campaign';
import type { RequestScope } from '../../transport/retries';
import { recordOf, requestChecked } from '../../helpers/answers';
import { checkWrite, withoutFields } from '../../helpers/writeCheck';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty, leadGroupProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import {
	agentRefSchema,
	campaignOutput,
	campaignsPath,
	metricsProperty,
	readMetrics,
} from './common';

const show = { resource: ['campaign'], operation: ['create'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that makes the calls'),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the campaign',
		displayOptions: { show },
	},
	leadGroupProperty(show, 'The lead group whose leads the campaign calls', 'leadGroupName'),
	{
		displayName: 'Delay Between Calls (Seconds)',
		name: 'delayBetweenEachCall',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 30,
		description: 'Seconds to wait between two calls of the campaign',
		displayOptions: { show },
	},
	{
		displayName: 'Concurrent Calls',
		name: 'concurrentSlots',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1,
		description: 'How many calls the campaign places at the same time',
		displayOptions: { show },
	},
	metricsProperty(show, 'New metrics the agent extracts after each call of the campaign'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Initial Prompt',
				name: 'initialPrompt',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: 'What the agent is told at the start of each call',
			},
			{
				displayName: 'Override Initial Prompt',
				name: 'overrideInitialPrompt',
				type: 'boolean',
				default: false,
				description: "Whether the Initial Prompt replaces the agent's own instead of adding to it",
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
				description: 'What the agent does with each call once it ended',
			},
		],
	},
	timeoutOnlyOptions(show),
];

type Plan = { agentId: string; body: CreateCampaignRequest };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body = compact({
		name: this.getNodeParameter('name', itemIndex, ''),
		leadGroupName: readIdParameter(this, 'leadGroupName', itemIndex),
		delayBetweenEachCall: this.getNodeParameter('delayBetweenEachCall', itemIndex, 30),
		concurrentSlots: this.getNodeParameter('concurrentSlots', itemIndex, 1),
		initialPrompt: additional.initialPrompt,
		postCallPrompt: additional.postCallPrompt,
		postCallMetrics: listFrom(additional.postCallMetrics),
		overrideInitialPrompt: additional.overrideInitialPrompt,
		newlyCreatedMetrics: readMetrics(this, itemIndex),
	});
	const { agentId } = validate(
		this,
		agentRefSchema,
		{ agentId: readAgentId(this, itemIndex) },
		itemIndex,
		'campaign',
	);
	// Created paused: starting places real calls, which Campaign > Start does idempotently.
	return {
		agentId,
		body: validate(this, createCampaignRequestSchema, body, itemIndex, 'campaign'),
	};
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: campaignsPath(plan.agentId),
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: campaignAnswerSchema,
		},
		scope,
	);
	const record = recordOf(answer);
	// New metrics are created from the request, not stored on the campaign.
	return [
		{
			json: checkWrite(this, campaignOutput(record), {
				sent: withoutFields(plan.body, ['newlyCreatedMetrics']),
				record,
				itemIndex: scope.itemIndex ?? 0,
				what: 'Campaign',
			}),
		},
	];
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
