import type { INodeProperties } from 'n8n-workflow';
import type { Show } from './displayOptions';

/**
 * The typed confirmation of a destructive operation, stored as `confirmation`: nothing happens
 * until someone types `phrase`, which says what the operation does (checked by
 * typedConfirmation, helpers/confirmation.ts). `confirms` ends "Type … to confirm that …".
 */
export function confirmationProperty(
	show: Show,
	phrase: string,
	confirms: string,
): INodeProperties {
	return {
		displayName: 'Confirmation',
		name: 'confirmation',
		type: 'string',
		required: true,
		// Empty on purpose: no default and no expression's accident deletes anything.
		default: '',
		placeholder: phrase,
		description: `Type ${phrase} to confirm that ${confirms}`,
		displayOptions: { show },
	};
}
