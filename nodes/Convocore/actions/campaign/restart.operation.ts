import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	campaignAnswerSchema,
	restartCampaignRequestSchema,
	type RestartCampaignRequest,
} from '../../../shared/contracts/campaign';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { recordOf, requestChecked } from '../../helpers/answers';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption } from '../../descriptions/dryRun';
import { agentIdProperty, campaignIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { campaignOutput, campaignsPath, readCampaignRef, type CampaignRef } from './common';

const show = { resource: ['campaign'], operation: ['restart'] };

export const description: INodeProperties[] = [
	{
		displayName:
			'Restarting calls every lead of the group again from the first, with real, billed calls. It is never retried after it may have reached Convocore; a re-run restarts again.',
		name: 'campaignRestartNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The agent that runs the campaign'),
	campaignIdProperty(show, 'The campaign to restart'),
	{
		displayName: 'Workspace Owner Email',
		name: 'workspaceOwnerEmail',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		default: '',
		description: "The workspace owner's email, which the API asks for",
		displayOptions: { show },
	},
	{
		displayName: 'Reset Conversations',
		name: 'resetConversations',
		type: 'boolean',
		default: false,
		description:
			"Whether to delete the campaign's conversations so far (irreversible) before it starts again",
		displayOptions: { show },
	},
	optionsCollection(show, [
		dryRunOption(
			'validate and return the exact request that would restart the campaign, sending nothing',
		),
		timeoutOption(),
	]),
];

type Plan = CampaignRef & { body: RestartCampaignRequest; dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const body = {
		workspaceOwnerEmail: this.getNodeParameter('workspaceOwnerEmail', itemIndex, ''),
		resetConversations: this.getNodeParameter('resetConversations', itemIndex, false),
	};
	return {
		...readCampaignRef(this, itemIndex),
		body: validate(this, restartCampaignRequestSchema, body, itemIndex, 'campaign restart'),
		dryRun: readDryRun(this, itemIndex),
	};
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `${campaignsPath(plan.agentId)}/${encodeURIComponent(plan.campaignId)}/restart`;
	if (plan.dryRun) {
		const url = `${await getBaseUrl.call(this, scope.itemIndex)}${path}`;
		const request = { method: 'PATCH', url, body: plan.body };
		const { campaignId } = plan;
		return [
			{
				json: isOneShapeDryRun(this)
					? dryRunOutput([request], { campaignId })
					: ({ dryRun: true, campaignId, request } as IDataObject),
			},
		];
	}
	const answer = await requestChecked(
		this,
		{
			method: 'PATCH',
			path,
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: campaignAnswerSchema,
		},
		scope,
	);
	return [
		{
			json: {
				restarted: true,
				campaignId: plan.campaignId,
				campaign: campaignOutput(recordOf(answer)),
			} as IDataObject,
		},
	];
}

export const restart: ConvocoreOperation<Plan> = {
	description,
	defaultConcurrency: 1,
	prepare,
	execute,
};
