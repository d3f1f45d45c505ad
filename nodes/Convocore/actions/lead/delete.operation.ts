import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { deleteLeadResponseSchema } from '../../../shared/contracts/lead';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { leadIdProperty } from './common';
import { readLeadRef, type LeadRef } from './get.operation';

const show = { resource: ['lead'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the lead'),
	leadIdProperty(show, 'The lead to delete. Deleting is irreversible.'),
	timeoutOnlyOptions(show),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<LeadRef> {
	return readLeadRef(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, plan: LeadRef, scope: RequestScope) {
	const path = `/leads/${encodeURIComponent(plan.leadId)}`;
	await requestChecked(
		this,
		{
			method: 'DELETE',
			path,
			qs: { agentId: plan.agentId },
			raw: true,
			response: deleteLeadResponseSchema,
		},
		scope,
	);
	return [{ json: { deleted: true } }];
}

export const deleteLead: ConvocoreOperation<LeadRef> = { description, prepare, execute };
