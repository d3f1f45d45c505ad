import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { MAX_MEDIA_URLS } from '../../../shared/contracts/sms';
import { compact } from '../../helpers/parameters';
import { leadInfoProperty } from '../../descriptions/leadInfo';

/**
 * The SMS send fields under Additional Fields, and the reading of those an expression may hand
 * over in more than one shape.
 */

/** SMS > Send > Additional Fields: the conversation, the sender, the lead and the media. */
export const additionalFieldOptions: INodeProperties[] = [
	{
		displayName: 'Campaign ID',
		name: 'campaignId',
		type: 'string',
		default: '',
		description: 'Attached to the outbound SMS conversation',
	},
	{
		displayName: 'Conversation ID',
		name: 'convoId',
		type: 'string',
		default: '',
		description: 'Defaults to the digits of the recipient number',
	},
	{
		displayName: 'From',
		name: 'from',
		type: 'string',
		default: '',
		placeholder: '+14155550100',
		description:
			"A specific number connected to the agent, in E.164 format. Defaults to the agent's primary SMS number.",
	},
	leadInfoProperty('Merged into the conversation for personalisation', [
		{
			displayName: 'Extra Fields',
			name: 'extra',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Extra Field',
			default: {},
			options: [
				{
					displayName: 'Field',
					name: 'field',
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '' },
						{ displayName: 'Value', name: 'value', type: 'string', default: '' },
					],
				},
			],
		},
	]),
	{
		displayName: 'Media URL',
		name: 'mediaUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/image.png',
		description: 'One media file to attach (MMS)',
	},
	{
		displayName: 'Media URLs',
		name: 'mediaUrls',
		type: 'string',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Media URL' },
		default: [],
		description: `Media files to attach, at most ${MAX_MEDIA_URLS}. An expression may give a list of URLs or one URL as text, which is sent as a one-item list; several URLs in one text are refused.`,
	},
];

export function leadInfoFrom(raw: IDataObject | undefined): IDataObject | undefined {
	if (!raw || Object.keys(raw).length === 0) return undefined;
	const { extra, ...known } = raw;
	const fields = ((extra as IDataObject | undefined)?.field ?? []) as Array<{
		name: string;
		value: string;
	}>;
	const extras = Object.fromEntries(
		fields.filter((field) => field.name).map((field) => [field.name, field.value]),
	);
	const leadInfo = { ...compact(known), ...extras };
	return Object.keys(leadInfo).length ? leadInfo : undefined;
}

/**
 * Media URLs as the field or an expression hands them over: a list (empty entries dropped) or a
 * single URL as text, which is one attachment (the field's hint says so). Surrounding spaces
 * are dropped. Anything else, null included, is left for the contract to refuse by name.
 */
export function readMediaUrls(value: unknown): unknown {
	const trim = (entry: unknown) => (typeof entry === 'string' ? entry.trim() : entry);
	if (value === undefined || trim(value) === '') return undefined;
	if (typeof value === 'string') return [value.trim()];
	if (Array.isArray(value)) return value.map(trim).filter((url) => url !== '');
	return value;
}
