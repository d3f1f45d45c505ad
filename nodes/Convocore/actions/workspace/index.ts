import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteWorkspace } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getUsage } from './getUsage.operation';
import { update } from './update.operation';

export const workspaceResource: ResourceDefinition = {
	name: 'Workspace',
	value: 'workspace',
	description:
		'Create, rename and delete workspaces, e.g. one per client of an agency, and read their usage',
	// In menu order (by name).
	operations: [
		{
			value: 'create',
			name: 'Create',
			action: 'Create a workspace',
			description: "Create a workspace with its members' emails",
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a workspace',
			description: 'Delete a whole workspace with every agent in it: needs a typed confirmation',
			operation: deleteWorkspace,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a workspace',
			description: 'Read one workspace. Read-only.',
			operation: get,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many workspaces',
			description: 'List the workspaces the secret can see. Read-only.',
			operation: getAll,
		},
		{
			value: 'getUsage',
			name: 'Get Usage',
			action: 'Get the usage of a workspace',
			description:
				'Total conversations, agent turns, SMS, calls, call minutes and credits of the workspace over a period, as one item. Read-only.',
			operation: getUsage,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update a workspace',
			description: 'Change only the given fields of a workspace',
			operation: update,
		},
	],
};
