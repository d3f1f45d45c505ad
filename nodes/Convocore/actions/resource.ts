import type { INodeProperties } from 'n8n-workflow';
import type { ConvocoreOperation } from './operation';

/** A resource of the Convocore node and its operations, as the node's menus and router see them. */
export interface ResourceDefinition {
	name: string;
	value: string;
	description: string;
	operations: OperationEntry[];
	/**
	 * The Operation's default when it is not the first in the menu: saved workflows leave out a
	 * parameter at its default, so a default once shipped never changes.
	 */
	defaultOperation?: string;
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
	const firstOperation = resource.defaultOperation ?? resource.operations[0].value;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource.value] } },
		options: resource.operations.map(({ name, value, action, description }) => ({
			name,
			value,
			action,
			description,
		})),
		default: firstOperation,
	};
}
