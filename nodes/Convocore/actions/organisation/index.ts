import type { ResourceDefinition } from '../types';
import { deleteOrganisation } from './delete.operation';
import { getAgents } from './getAgents.operation';
import { getAll } from './getAll.operation';
import { getClients } from './getClients.operation';

export const organisationResource: ResourceDefinition = {
	name: 'Organisation',
	value: 'organisation',
	description:
		'List the organisations (white-label client cards) of the workspace, their agents and clients, and delete them',
	operations: [
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete an organisation',
			description:
				'Delete an organisation and every client under it for good; its agents stay. Needs a typed confirmation. Irreversible.',
			operation: deleteOrganisation,
		},
		{
			value: 'getAgents',
			name: 'Get Agents',
			action: 'Get the agents of an organisation',
			description:
				'List the agents of an organisation, one item per agent, secrets left out. Read-only.',
			operation: getAgents,
		},
		{
			value: 'getClients',
			name: 'Get Clients',
			action: 'Get the clients of an organisation',
			description: 'List the clients of an organisation, one item per client. Read-only.',
			operation: getClients,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many organisations',
			description: 'List the organisations of the workspace, one item per organisation. Read-only.',
			operation: getAll,
		},
	],
};
