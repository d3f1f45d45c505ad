import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	leadEnvelopeSchema,
	leadIdSchema,
	updateLeadRequestSchema,
} from '../../../shared/contracts/lead';
import type { RequestScope } from '../../transport/retries';
import { requestChecked, recordOf as leadOf } from '../../helpers/answers';
import { checkWrite } from '../../helpers/writeCheck';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { leadFieldsFrom, leadFieldsProperty, leadIdProperty, readLeadId } from './common';
const show = { resource: ['lead'], operation: ['update'] };

export const description: INodeProperties[] = [
	leadIdProperty(show, 'The lead to change'),
	leadFieldsProperty('Update Fields', 'updateFields', show),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ leadId: leadIdSchema, body: updateLeadRequestSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const lead = leadFieldsFrom(this, 'updateFields', itemIndex);
	return validate(
		this,
		planSchema,
		{ leadId: readLeadId(this, itemIndex), body: { lead } },
		itemIndex,
		'lead update',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	// The OpenAPI body is `{ lead }` only: no top-level agentId (beyond-the-seed 3.4).
	const path = `/leads/${encodeURIComponent(plan.leadId)}`;
	const answer = await requestChecked(
		this,
		{
			method: 'PATCH',
			path,
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: leadEnvelopeSchema,
		},
		scope,
	);
	const record = leadOf(answer);
	return [
		{
			json: checkWrite(this, record, {
				sent: plan.body.lead,
				record,
				itemIndex: scope.itemIndex ?? 0,
				what: `Lead ${plan.leadId}`,
			}),
		},
	];
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
