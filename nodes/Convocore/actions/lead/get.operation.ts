import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { leadEnvelopeSchema, leadIdSchema } from '../../../shared/contracts/lead';
import type { RequestScope } from '../../transport/retries';
import { requestChecked, recordOf as leadOf } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { leadIdProperty, readLeadId } from './common';
const show = { resource: ['lead'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the lead'),
	leadIdProperty(show, 'The lead to read'),
	timeoutOnlyOptions(show),
];

export const leadRefSchema = lazy(() => z.object({ agentId: agentIdSchema, leadId: leadIdSchema }));
export type LeadRef = z.output<typeof leadRefSchema>;

export function readLeadRef(ctx: IExecuteFunctions, itemIndex: number): LeadRef {
	return validate(
		ctx,
		leadRefSchema,
		{ agentId: readAgentId(ctx, itemIndex), leadId: readLeadId(ctx, itemIndex) },
		itemIndex,
		'lead',
	);
}

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
