import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import { releaseNumberRequestSchema } from '../../../shared/contracts/phoneNumber';
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

type ReleaseRequest = z.output<typeof releaseNumberRequestSchema>;

export const description: INodeProperties[] = [
	{
		displayName:
			'Releasing is irreversible: the number is given up and stops working for every agent; a rented number stops being billed',
		name: 'releaseNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: showFor('release') },
	},
	...numberReferenceProperties('release', 'release'),
	additionalFieldsProperty(
		'release',
		'Further body fields, sent as they are. The release endpoint has no published schema, so fields it does not list are passed through.',
	),
	timeoutOnlyOptions(showFor('release')),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ReleaseRequest> {
	return prepareNumberReference(this, itemIndex, releaseNumberRequestSchema, 'number release');
}

export async function execute(
	this: IExecuteFunctions,
	request: ReleaseRequest,
	scope: RequestScope,
) {
	return executeNumberRequest(this, NUMBER_PATHS.release, request, scope);
}

export const release = numberOperation<ReleaseRequest>(description, prepare, execute);
