import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteTool } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { update } from './update.operation';

export const toolResource: ResourceDefinition = {
	name: 'Tool',
	value: 'tool',
	description:
		'Give an agent tools: HTTP calls it makes while it talks, e.g. to an n8n Webhook workflow',
	operations: [
		{
			value: 'create',
			name: 'Create',
			action: 'Create a tool',
			description: 'Add a tool (name, method, server URL, fields) the agent calls while it talks',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a tool',
			description: 'Remove a tool from its agent for good',
			operation: deleteTool,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a tool',
			description: 'Read one tool with its fields (never its server URL secret). Read-only.',
			operation: get,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many tools of an agent',
			description: "List an agent's tools. Read-only.",
			operation: getAll,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update a tool',
			description: 'Change only the tool settings given',
			operation: update,
		},
	],
};
