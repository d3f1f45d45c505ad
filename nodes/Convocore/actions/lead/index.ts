import type { ResourceDefinition } from '../resource';
import { create } from './create.operation';
import { deleteLead } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { update } from './update.operation';

export const leadResource: ResourceDefinition = {
	name: 'Lead',
	value: 'lead',
	description: "Create, read, change and delete an agent's leads",
	operations: [
		{ value: 'create', name: 'Create', action: 'Create a lead', description: 'Add a lead (name, email, phone, metadata) to an agent', operation: create },
		{ value: 'delete', name: 'Delete', action: 'Delete a lead', description: 'Remove a lead for good', operation: deleteLead },
		{ value: 'get', name: 'Get', action: 'Get a lead', description: 'Read one lead. Read-only.', operation: get },
		{ value: 'getAll', name: 'Get Many', action: 'Get many leads of an agent', description: "List an agent's leads, optionally by group or search text. Read-only.", operation: getAll },
		{ value: 'update', name: 'Update', action: 'Update a lead', description: "Change a lead's name, email, phone or metadata", operation: update },
	],
};
