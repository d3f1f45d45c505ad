import type { INodeProperties } from 'n8n-workflow';
import type { ResourceDefinition } from '../actions/types';

/**
 * The properties of one resource's operations, with each property that several operations
 * describe identically written once, shown for all of them.
 *
 * Why: n8n reads the node's whole description (dist/types/nodes.json) at every start, in every
 * process, and that read is most of the package's start (docs/lazy-loading.md). Each operation
 * file describes its own fields (one file per operation), so Agent > Create, Update and Clone each
 * carried the same agent field collections, and many operations the same pickers: a third of the
 * description was such copies.
 *
 * What the editor and stored workflows see stays the same for every resource, operation and node
 * version: a copy is merged only when it equals the other one in everything but the operation
 * list of its `show` condition, and only where merging keeps the order in which each operation
 * shows its fields (test/load/sharedProperties.test.ts compares what n8n resolves, before and
 * after).
 */
export function resourceOperationProperties(resource: ResourceDefinition): INodeProperties[] {
	// Only a name several operations use can have a copy: the others are never compared.
	const operationsNaming = new Map<string, number>();
	for (const { operation } of resource.operations) {
		for (const name of new Set(operation.description.map((property) => property.name))) {
			operationsNaming.set(name, (operationsNaming.get(name) ?? 0) + 1);
		}
	}
	const merged: Placed[] = [];
	for (const { value: operation, operation: definition } of resource.operations) {
		// Where this operation's next property goes: after the last one it placed, so each
		// operation keeps the order its file gives.
		let cursor = 0;
		for (const property of definition.description) {
			const single = onlyOperation(property, resource.value, operation);
			const mayHaveCopy = single && (operationsNaming.get(property.name) ?? 0) > 1;
			const match = mayHaveCopy ? findCopy(merged, cursor, property) : undefined;
			if (match !== undefined) {
				merged[match].operations!.push(operation);
				cursor = match + 1;
				continue;
			}
			merged.splice(cursor, 0, { property, operations: single ? [operation] : undefined });
			cursor++;
		}
	}
	return merged.map(({ property, operations }) =>
		operations && operations.length > 1
			? {
					...property,
					displayOptions: {
						...property.displayOptions,
						show: { ...property.displayOptions!.show, operation: operations },
					},
				}
			: property,
	);
}

interface Placed {
	property: INodeProperties;
	/** The operations it is shown for; undefined when it is not tied to one operation. */
	operations: string[] | undefined;
}

/** Whether the property is shown for this one resource and operation (any other condition aside). */
function onlyOperation(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show;
	return (
		show?.resource?.length === 1 &&
		show.resource[0] === resource &&
		show.operation?.length === 1 &&
		show.operation[0] === operation
	);
}

/**
 * The index of an earlier operation's property from `from` on that equals `property` but for its
 * operation, or undefined. The search stops at a property not tied to one operation list (shown
 * for several or all operations): moving past it would change where this operation shows it.
 */
function findCopy(merged: Placed[], from: number, property: INodeProperties): number | undefined {
	for (let index = from; index < merged.length; index++) {
		const candidate = merged[index];
		if (!candidate.operations) return undefined;
		if (mayBeCopy(candidate.property, property) && equalButOperation(candidate.property, property))
			return index;
	}
	return undefined;
}

/**
 * A first look at what tells most properties of the same name apart: the whole comparison below
 * runs on what passes it only (it is most of the work while n8n loads the node).
 */
function mayBeCopy(a: INodeProperties, b: INodeProperties): boolean {
	return (
		a.name === b.name &&
		a.displayName === b.displayName &&
		a.type === b.type &&
		a.description === b.description &&
		a.options?.length === b.options?.length
	);
}

function equalButOperation(a: INodeProperties, b: INodeProperties): boolean {
	return (
		equalExcept(a, b, 'displayOptions') &&
		equalExcept(a.displayOptions!, b.displayOptions!, 'show') &&
		equalExcept(a.displayOptions!.show!, b.displayOptions!.show!, 'operation')
	);
}

/** Two objects with the same keys and deeply equal values, the key `except` aside. */
function equalExcept(a: object, b: object, except: string): boolean {
	const recordA = a as Record<string, unknown>;
	const recordB = b as Record<string, unknown>;
	const keysA = Object.keys(a);
	if (keysA.length !== Object.keys(b).length) return false;
	for (const key of keysA) {
		if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
		if (key !== except && !deepEqual(recordA[key], recordB[key])) return false;
	}
	return true;
}

/** Plain JSON-like values, compared as n8n reads them (the same key order is not required). */
function deepEqual(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	const recordA = a as Record<string, unknown>;
	const recordB = b as Record<string, unknown>;
	const keysA = Object.keys(a);
	if (keysA.length !== Object.keys(b).length) return false;
	for (const key of keysA) {
		if (!Object.prototype.hasOwnProperty.call(b, key) || !deepEqual(recordA[key], recordB[key]))
			return false;
	}
	return true;
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
