import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import { releaseNumberRequestSchema } from '../../../shared/contracts/numbers';
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

type ReleaseRequest = z.output<typeof releaseNumberRequestSchema>;

const show = { resource: ['phoneNumber'], operation: ['release'] };

export const description: INodeProperties[] = [
	{
		displayName:
			'Releasing is irreversible: the number is given up and stops working for every agent; a rented number stops being billed',
		name: 'releaseNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...numberReferenceProperties('release', 'release'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			additionalBodyFieldsOption(
				'Further body fields, sent as they are. The release endpoint has no published schema, so fields it does not list are passed through.',
			),
		],
	},
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ReleaseRequest> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body = mergeAdditionalBody(this, readNumberReference(this, itemIndex), additional[ADDITIONAL_BODY_FIELDS], itemIndex);
	return validate(this, releaseNumberRequestSchema, body, itemIndex, 'number release');
}

export async function execute(this: IExecuteFunctions, request: ReleaseRequest, scope: RequestScope) {
	const answer = await sendNumberRequest(this, NUMBER_PATHS.release, request as IDataObject, scope);
	return [{ json: answer }];
}

export const release: ConvocoreOperation<ReleaseRequest> = {
	description,
	defaultConcurrency: NUMBER_CONCURRENCY,
	prepare,
	execute,
};
