import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../shared/contracts/lazy';
import type { Show } from './conversation/common';
import { validate } from './operation';

/** How an export hands its records on: one item each, or one file in a binary field. */
export type OutputMode = 'items' | 'csvFile' | 'jsonFile';

const MODE_NAMES: Record<OutputMode, { name: string; description: string }> = {
	items: { name: 'Items', description: 'One output item per record' },
	csvFile: { name: 'CSV File', description: 'One item with a CSV file in a binary field' },
	jsonFile: { name: 'JSON File', description: 'One item with a JSON file in a binary field' },
};

export function outputModeProperty(show: Show, modes: OutputMode[]): INodeProperties {
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'items',
		// Sorted by name, as n8n's lint asks.
		options: modes.map((value) => ({ value, ...MODE_NAMES[value] })).sort((a, b) => (a.name < b.name ? -1 : 1)),
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

const fileSchema = lazy(() => z.object({
	output: z.enum(['items', 'csvFile', 'jsonFile'], { errorMap: () => ({ message: 'must be items, csvFile or jsonFile' }) }),
	binaryField: z.string({ invalid_type_error: 'must be text' }).trim().min(1, 'must name the binary field to put the file in (e.g. data)'),
}));

export function readBinaryField(ctx: IExecuteFunctions, itemIndex: number): { output: OutputMode; binaryField: string } {
	const output = ctx.getNodeParameter('output', itemIndex, 'items');
	const binaryField = output === 'items' ? 'data' : ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data');
	return validate(ctx, fileSchema, { output, binaryField }, itemIndex, 'output');
}

function cell(value: unknown): string {
	if (value === undefined || value === null) return '';
	const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
	return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records as CSV: one column per field any record has, in order of first appearance. */
export function toCsv(records: Array<Record<string, unknown>>): string {
	const columns: string[] = [];
	const seen = new Set<string>();
	for (const record of records) {
		for (const key of Object.keys(record)) {
			if (seen.has(key)) continue;
			seen.add(key);
			columns.push(key);
		}
	}
	return [columns.map(cell).join(','), ...records.map((record) => columns.map((column) => cell(record[column])).join(','))].join('\n');
}
