import type { INodeProperties } from 'n8n-workflow';
import type { Show } from './displayOptions';

export function usageRangeProperties(show: Show, what: string): INodeProperties[] {
	const sent =
		"Sent to Convocore as milliseconds since the Unix epoch; a date-time without an offset is read in the workflow's time zone";
	return [
		{
			displayName: 'From',
			name: 'from',
			type: 'dateTime',
			default: '',
			description: `Start of the period, included. Leave From and To empty for all of ${what} usage Convocore reports; give both or neither. ${sent}.`,
			displayOptions: { show },
		},
		{
			displayName: 'To',
			name: 'to',
			type: 'dateTime',
			default: '',
			description: `End of the period, included; must be after From. ${sent}.`,
			displayOptions: { show },
		},
	];
}
