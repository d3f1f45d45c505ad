import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { leadEnvelopeSchema, leadIdSchema } from '../../../shared/contracts/lead';
import type { RequestScope } from '../../transport/retries';
import { requestChecked, recordOf as leadOf } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { leadIdProperty, readLeadId } from './common';
import { agentRef, type AgentRef } from '../../helpers/agentRef';
const show = { resource: ['lead'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the lead'),
	leadIdProperty(show, 'The lead to read'),
	timeoutOnlyOptions(show),
];

const leadRef = agentRef('leadId', leadIdSchema, 'lead', readLeadId);
export type LeadRef = AgentRef<'leadId'>;
export const readLeadRef = leadRef.read;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<LeadRef> {
	return readLeadRef(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, plan: LeadRef, scope: RequestScope) {
	// `?agentId=` is not in the OpenAPI; the newer public client sends it (beyond-the-seed 3.4).
	const path = `/leads/${encodeURIComponent(plan.leadId)}`;
	const answer = await requestChecked(
		this,
		{ method: 'GET', path, qs: { agentId: plan.agentId }, raw: true, response: leadEnvelopeSchema },
		scope,
	);
	return [{ json: leadOf(answer) }];
}

export const get: ConvocoreOperation<LeadRef> = { description, prepare, execute };
