import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteLead } from './delete.operation';
import { deleteAll } from './deleteAll.operation';
import { deleteMany } from './deleteMany.operation';
import { exportLeads } from './export.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { importLeads } from './import.operation';
import { importFromText } from './importFromText.operation';
import { update } from './update.operation';

export const leadResource: ResourceDefinition = {
	name: 'Lead',
	value: 'lead',
	description: "Create, read, change and delete an agent's leads",
	operations: [
		{
			value: 'create',
			name: 'Create',
			action: 'Create a lead',
			description: 'Add a lead (name, email, phone, metadata) to an agent',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a lead',
			description: 'Remove a lead for good',
			operation: deleteLead,
		},
		{
			value: 'deleteAll',
			name: 'Delete All',
			action: 'Delete all leads of an agent',
			description: 'Remove every lead of the agent for good; needs a typed confirmation',
			operation: deleteAll,
		},
		{
			value: 'deleteMany',
			name: 'Delete Many',
			action: 'Delete many leads',
			description: 'Remove several leads by ID for good',
			operation: deleteMany,
		},
		{
			value: 'export',
			name: 'Export',
			action: 'Export leads',
			description:
				'Read leads by group, search text and time range, as items or a CSV file. Read-only.',
			operation: exportLeads,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a lead',
			description: 'Read one lead. Read-only.',
			operation: get,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many leads of an agent',
			description: "List an agent's leads, optionally by group or search text. Read-only.",
			operation: getAll,
		},
		{
			value: 'import',
			name: 'Import',
			action: 'Import leads in bulk',
			description: 'Add all input items as leads in batches, optionally into a lead group',
			operation: importLeads,
		},
		{
			value: 'importFromText',
			name: 'Import From Text',
			action: 'Import leads from text',
			description:
				"Let Convocore's AI read leads out of free text, optionally into a lead group. Spends credits.",
			operation: importFromText,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update a lead',
			description: "Change a lead's name, email, phone or metadata",
			operation: update,
		},
	],
};
