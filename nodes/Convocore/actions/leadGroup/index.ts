import type { ResourceDefinition } from '../types';
import { addLeads } from './addLeads.operation';
import { create } from './create.operation';
import { deleteLeadGroup } from './delete.operation';
import { getAll } from './getAll.operation';

export const leadGroupResource: ResourceDefinition = {
	name: 'Lead Group',
	value: 'leadGroup',
	description: "Group an agent's leads for its outbound campaigns",
	operations: [
		{
			value: 'addLeads',
			name: 'Add Leads',
			action: 'Add leads to a lead group',
			description: 'Put existing leads into a group',
			operation: addLeads,
		},
		{
			value: 'create',
			name: 'Create',
			action: 'Create a lead group',
			description: 'Create a group, optionally with existing leads',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a lead group',
			description: 'Remove a group and, as Convocore publishes the route, its leads for good',
			operation: deleteLeadGroup,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many lead groups of an agent',
			description: "List an agent's lead groups with their lead counts. Read-only.",
			operation: getAll,
		},
	],
};
