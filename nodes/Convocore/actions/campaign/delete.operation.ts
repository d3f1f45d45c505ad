import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { campaignAnswerSchema } from '../../../shared/contracts/campaign';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, campaignIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { campaignsPath, readCampaignRef, type CampaignRef } from './common';

const show = { resource: ['campaign'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that runs the campaign'),
	campaignIdProperty(
		show,
		'The campaign to delete. Deleting is irreversible; its leads and conversations stay.',
	),
	timeoutOnlyOptions(show),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<CampaignRef> {
	return readCampaignRef(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, plan: CampaignRef, scope: RequestScope) {
	await requestChecked(
		this,
		{
			method: 'DELETE',
			path: campaignsPath(plan.agentId),
			qs: { campaignId: plan.campaignId },
			raw: true,
			response: campaignAnswerSchema,
		},
		scope,
	);
	return [{ json: { deleted: true, campaignId: plan.campaignId } }];
}

export const deleteCampaign: ConvocoreOperation<CampaignRef> = { description, prepare, execute };
