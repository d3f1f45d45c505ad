import type { INodeProperties } from 'n8n-workflow';
import type { ConvocoreOperation } from './operation';

/** A resource of the Convocore node and its operations, as the node's menus and router see them. */
export interface ResourceDefinition {
	name: string;
	value: string;
	description: string;
	operations: OperationEntry[];
}

export interface OperationEntry {
	/** The stored workflow-JSON value: keep stable. */
	value: string;
	name: string;
	/** The action label in n8n's node panel, e.g. "Send an SMS". */
	action: string;
	description: string;
	operation: ConvocoreOperation<unknown>;
}

/** The Operation dropdown of one resource. */
export function operationProperty(resource: ResourceDefinition): INodeProperties {
	const firstOperation = resource.operations[0].value;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource.value] } },
		// Sorted by name, as n8n's rule asks; the default stays the first operation defined, which
		// saved workflows leave out. By code unit, not localeCompare (see the Resource menu).
		options: resource.operations
			.map(({ name, value, action, description }) => ({ name, value, action, description }))
			.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
		default: firstOperation,
	};
}
