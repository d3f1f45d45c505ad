import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import { repairNumberRequestSchema } from '../../../shared/contracts/numbers';
import { NUMBER_PATHS } from '../../../shared/telco';
import type { RequestScope } from '../../../shared/transport';
import { validate, type ConvocoreOperation } from '../operation';
import {
	ADDITIONAL_BODY_FIELDS,
	NUMBER_CONCURRENCY,
	additionalBodyFieldsOption,
	mergeAdditionalBody,
	sendNumberRequest,
	numberReferenceProperties,
	readNumberReference,
} from './common';

type RepairRequest = z.output<typeof repairNumberRequestSchema>;

const show = { resource: ['phoneNumber'], operation: ['repairWebhooks'] };

export const description: INodeProperties[] = [
	...numberReferenceProperties('repairWebhooks', 'repair'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			additionalBodyFieldsOption(
				'Further body fields, sent as they are. The check-number endpoint has no published schema, so fields it does not list are passed through.',
			),
		],
	},
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<RepairRequest> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body = mergeAdditionalBody(this, readNumberReference(this, itemIndex), additional[ADDITIONAL_BODY_FIELDS], itemIndex);
	return validate(this, repairNumberRequestSchema, body, itemIndex, 'webhook repair');
}

export async function execute(this: IExecuteFunctions, request: RepairRequest, scope: RequestScope) {
	const answer = await sendNumberRequest(this, NUMBER_PATHS.repairWebhooks, request as IDataObject, scope);
	return [{ json: answer }];
}

export const repairWebhooks: ConvocoreOperation<RepairRequest> = {
	description,
	defaultConcurrency: NUMBER_CONCURRENCY,
	prepare,
	execute,
};
