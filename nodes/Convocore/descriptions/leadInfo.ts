import type { INodeProperties } from 'n8n-workflow';

/**
 * Lead Info, the lead details SMS > Send and Call > Start merge into the conversation: the same
 * Address, Email and Username in both, each with its own description, and whatever else one of
 * them offers (SMS's Extra Fields), listed by name as n8n's lint asks.
 */
export function leadInfoProperty(
	description: string,
	otherDetails: INodeProperties[] = [],
): INodeProperties {
	const details: INodeProperties[] = [
		{ displayName: 'Address', name: 'address', type: 'string', default: '' },
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
		},
		{ displayName: 'Username', name: 'username', type: 'string', default: '' },
		...otherDetails,
	];
	return {
		displayName: 'Lead Info',
		name: 'leadInfo',
		type: 'collection',
		placeholder: 'Add Lead Detail',
		default: {},
		description,
		options: details.sort((a, b) => (a.displayName < b.displayName ? -1 : 1)),
	};
}
