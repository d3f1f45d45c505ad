import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import { assignNumberRequestSchema } from '../../../shared/contracts/numbers';
import { NUMBER_PATHS } from '../../../shared/telco';
import type { RequestScope } from '../../../shared/transport';
import { compact, validate, type ConvocoreOperation } from '../operation';
import {
	ADDITIONAL_BODY_FIELDS,
	NUMBER_CONCURRENCY,
	additionalBodyFieldsOption,
	mergeAdditionalBody,
	sendNumberRequest,
	numberReferenceProperties,
	readNumberReference,
	trimmed,
} from './common';

type AssignRequest = z.output<typeof assignNumberRequestSchema>;

const show = { resource: ['phoneNumber'], operation: ['assignToAgent'] };

export const description: INodeProperties[] = [
	...numberReferenceProperties('assignToAgent', 'assign'),
	{
		displayName: 'Agent ID',
		name: 'agentId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 8f1c2a…',
		description: 'The agent that sends and answers SMS from the number',
		displayOptions: { show },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			additionalBodyFieldsOption(
				'Further body fields, sent as they are. The sync-sms endpoint has no published schema, so fields it does not list are passed through.',
			),
		],
	},
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<AssignRequest> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const own = compact({
		...readNumberReference(this, itemIndex),
		agentId: trimmed(this.getNodeParameter('agentId', itemIndex, '')),
	}) as IDataObject;
	const body = mergeAdditionalBody(this, own, additional[ADDITIONAL_BODY_FIELDS], itemIndex);
	return validate(this, assignNumberRequestSchema, body, itemIndex, 'SMS number assignment');
}

export async function execute(this: IExecuteFunctions, request: AssignRequest, scope: RequestScope) {
	const answer = await sendNumberRequest(this, NUMBER_PATHS.assignToAgent, request as IDataObject, scope);
	return [{ json: answer }];
}

export const assignToAgent: ConvocoreOperation<AssignRequest> = {
	description,
	defaultConcurrency: NUMBER_CONCURRENCY,
	prepare,
	execute,
};
