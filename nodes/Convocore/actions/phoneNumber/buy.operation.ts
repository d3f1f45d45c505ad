import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import { buyNumberRequestSchema } from '../../../shared/contracts/phoneNumber';
import { NUMBER_PATHS } from '../../../shared/telco';
import type { RequestScope } from '../../transport/retries';
import { compact, validate } from '../../helpers/parameters';
import { timeoutOnlyOptions } from '../../descriptions/options';
import {
	ADDITIONAL_BODY_FIELDS,
	additionalFieldsProperty,
	executeNumberRequest,
	mergeAdditionalBody,
	numberOperation,
	phoneNumberProperty,
	showFor,
	trimmed,
} from './common';
import { normalizePhone } from '../../helpers/phone';

type BuyRequest = z.output<typeof buyNumberRequestSchema>;

const show = showFor('buy');

export const description: INodeProperties[] = [
	{
		displayName:
			'Buying rents a real phone number: it costs money (about $3 per month) until the number is released',
		name: 'buyNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	phoneNumberProperty(
		show,
		'The number to rent, in E.164 format: + then country code and number. Spaces, dashes, dots and brackets are removed before sending.',
	),
	additionalFieldsProperty(
		'buy',
		'Body fields to send as they are. The buy endpoint accepts only number, agentId and capabilities and rejects anything else, so other keys are reported as an error before anything is bought.',
		[
			{
				displayName: 'Agent ID',
				name: 'agentId',
				type: 'string',
				default: '',
				description: 'The agent that answers calls on the new number',
			},
			{
				displayName: 'Capabilities',
				name: 'capabilities',
				type: 'multiOptions',
				options: [
					{ name: 'SMS', value: 'sms' },
					{ name: 'Voice', value: 'voice' },
				],
				default: [],
				description: 'What the number must support. Leave empty to let Convocore decide.',
			},
		],
	),
	timeoutOnlyOptions(show),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<BuyRequest> {
	const { [ADDITIONAL_BODY_FIELDS]: extra, ...additional } = this.getNodeParameter(
		'additionalFields',
		itemIndex,
		{},
	) as IDataObject;
	const capabilities = additional.capabilities as string[] | undefined;
	const body: IDataObject = {
		// Always present, so that an empty number is reported as not being E.164.
		number: normalizePhone(this.getNodeParameter('phoneNumber', itemIndex, '') ?? ''),
		...compact({
			agentId: trimmed(additional.agentId),
			capabilities: capabilities?.length ? capabilities : undefined,
		}),
	};
	// The endpoint rejects unknown fields: the merged body is checked with the same strict schema,
	// so an unknown key in the JSON is reported here, before a number is rented.
	const merged = mergeAdditionalBody(this, body, extra, itemIndex);
	return validate(this, buyNumberRequestSchema, merged, itemIndex, 'number purchase');
}

export async function execute(this: IExecuteFunctions, request: BuyRequest, scope: RequestScope) {
	return executeNumberRequest(this, NUMBER_PATHS.buy, request, scope);
}

export const buy = numberOperation<BuyRequest>(description, prepare, execute);
