import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteVariable } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { update } from './update.operation';

export const variableResource: ResourceDefinition = {
	name: 'Variable',
	value: 'variable',
	description: "Create and manage an agent's variables, typed as string, number, boolean or system",
	operations: [
		{
			value: 'create',
			name: 'Create',
			action: 'Create a variable',
			description: 'Add a typed variable to an agent',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a variable',
			description: 'Remove a variable from its agent for good',
			operation: deleteVariable,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a variable',
			description: "Read one variable (an environment variable's value is redacted). Read-only.",
			operation: get,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many variables of an agent',
			description: "List an agent's variables. Read-only.",
			operation: getAll,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update a variable',
			description: 'Change only the given fields of a variable',
			operation: update,
		},
	],
};
