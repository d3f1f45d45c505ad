import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import { repairNumberRequestSchema } from '../../../shared/contracts/phoneNumber';
import { NUMBER_PATHS } from '../../../shared/telco';
import type { RequestScope } from '../../transport/retries';
import { timeoutOnlyOptions } from '../../descriptions/options';
import {
	additionalFieldsProperty,
	executeNumberRequest,
	numberOperation,
	numberReferenceProperties,
	prepareNumberReference,
	showFor,
} from './common';

type RepairRequest = z.output<typeof repairNumberRequestSchema>;

export const description: INodeProperties[] = [
	...numberReferenceProperties('repairWebhooks', 'repair'),
	additionalFieldsProperty(
		'repairWebhooks',
		'Further body fields, sent as they are. The check-number endpoint has no published schema, so fields it does not list are passed through.',
	),
	timeoutOnlyOptions(showFor('repairWebhooks')),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<RepairRequest> {
	return prepareNumberReference(this, itemIndex, repairNumberRequestSchema, 'webhook repair');
}

export async function execute(
	this: IExecuteFunctions,
	request: RepairRequest,
	scope: RequestScope,
) {
	return executeNumberRequest(this, NUMBER_PATHS.repairWebhooks, request, scope);
}

export const repairWebhooks = numberOperation<RepairRequest>(description, prepare, execute);
