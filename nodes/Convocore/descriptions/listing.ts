import type { INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit, simplifyProperty, timeoutOnlyOptions } from './options';
import { updateDisplayOptions, type Show } from './displayOptions';

/**
 * The description of every list operation (Get Many and its kin), built once: what is listed
 * (an agent, a workspace, an organisation: `of`), Return All and Limit in n8n's standard shapes,
 * Simplify or filters where the operation has them, and Options holding Timeout. Each property is
 * shown under the operation with updateDisplayOptions, the way nodes-base builds its versioned
 * nodes. The properties and their order are those each operation wrote out before.
 */
export interface ListDescription {
	/** What is listed: its picker or locator, already shown under the operation. */
	of?: INodeProperties[];
	/** Simplify: what the full record is called, or its own description where that says more. */
	simplify?: { what: string } | { description: string };
	/** Properties after Return All and Limit (filters). */
	more?: INodeProperties[];
}

export function listDescription(show: Show, { of = [], simplify, more = [] }: ListDescription) {
	const own: INodeProperties[] = simplify ? [simplifyEntry(show, simplify), ...more] : more;
	return [
		...of,
		...returnAllAndLimit(show),
		...updateDisplayOptions({ show }, own),
		timeoutOnlyOptions(show),
	];
}

function simplifyEntry(show: Show, simplify: NonNullable<ListDescription['simplify']>) {
	if ('what' in simplify) return simplifyProperty(show, simplify.what);
	return { ...simplifyProperty(show, ''), description: simplify.description };
}

/** The Filters collection of a list operation, holding `options`. */
export function filtersProperty(show: Show, options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options,
	};
}
