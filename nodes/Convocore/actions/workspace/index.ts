import type { ResourceDefinition } from '../resource';
import { getUsage } from './getUsage.operation';

export const workspaceResource: ResourceDefinition = {
	name: 'Workspace',
	value: 'workspace',
	description: 'Read the usage of a workspace',
	operations: [
		{
			value: 'getUsage',
			name: 'Get Usage',
			action: 'Get the usage of a workspace',
			description: 'Total conversations, agent turns, SMS, calls, call minutes and credits of the workspace over a period, as one item. Read-only.',
			operation: getUsage,
		},
	],
};
