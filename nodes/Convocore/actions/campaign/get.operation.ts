import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty, campaignIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { campaignOutput, findCampaign, readCampaignRef, type CampaignRef } from './common';

const show = { resource: ['campaign'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that runs the campaign'),
	campaignIdProperty(show, 'The campaign to read, with its progress'),
	timeoutOnlyOptions(show),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<CampaignRef> {
	return readCampaignRef(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, plan: CampaignRef, scope: RequestScope) {
	return [{ json: campaignOutput(await findCampaign(this, plan, scope)) }];
}

export const get: ConvocoreOperation<CampaignRef> = { description, prepare, execute };
