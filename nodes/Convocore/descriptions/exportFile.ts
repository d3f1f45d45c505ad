import type { INodeProperties } from 'n8n-workflow';
import type { Show } from './displayOptions';
import { MODE_NAMES, type OutputMode } from '../helpers/exportFile';

export function outputModeProperty(show: Show, modes: OutputMode[]): INodeProperties {
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'items',
		// Sorted by name, as n8n's lint asks.
		options: modes
			.map((value) => ({ value, ...MODE_NAMES[value] }))
			.sort((a, b) => (a.name < b.name ? -1 : 1)),
		displayOptions: { show },
	};
}

export function binaryFieldProperty(show: Show): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions: { show: { ...show, output: ['csvFile', 'jsonFile'] } },
	};
}
