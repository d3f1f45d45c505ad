import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	createLeadRequestSchema,
	leadEnvelopeSchema,
	type CreateLeadRequest,
} from '../../../shared/contracts/lead';
import type { RequestScope } from '../../transport/retries';
import { requestChecked, recordOf as leadOf } from '../../helpers/answers';
import { checkWrite } from '../../helpers/writeCheck';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { leadFieldsFrom, leadFieldsProperty } from './common';
const show = { resource: ['lead'], operation: ['create'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that owns the lead'),
	leadFieldsProperty('Lead Fields', 'leadFields', show),
	timeoutOnlyOptions(show),
];

export async function prepare(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<CreateLeadRequest> {
	const fields = leadFieldsFrom(this, 'leadFields', itemIndex);
	return validate(
		this,
		createLeadRequestSchema,
		{ lead: { agentId: readAgentId(this, itemIndex), ...fields } },
		itemIndex,
		'lead',
	);
}

export async function execute(
	this: IExecuteFunctions,
	request: CreateLeadRequest,
	scope: RequestScope,
) {
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: '/leads',
			body: request as unknown as IDataObject,
			raw: true,
			response: leadEnvelopeSchema,
		},
		scope,
	);
	const record = leadOf(answer);
	return [
		{
			json: checkWrite(this, record, {
				sent: request.lead,
				record,
				itemIndex: scope.itemIndex ?? 0,
				what: 'Lead',
			}),
		},
	];
}

export const create: ConvocoreOperation<CreateLeadRequest> = { description, prepare, execute };
