import type { ResourceDefinition } from '../types';
import { clone } from './clone.operation';
import { connectMcpServer } from './connectMcpServer.operation';
import { create } from './create.operation';
import { deleteAgent } from './delete.operation';
import { disconnectMcpServer } from './disconnectMcpServer.operation';
import { exportTemplate } from './exportTemplate.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getPhoneNumbers } from './getPhoneNumbers.operation';
import { getUsage } from './getUsage.operation';
import { importTemplate } from './importTemplate.operation';
import { search } from './search.operation';
import { sendMessage } from './sendMessage.operation';
import { update } from './update.operation';

export const agentResource: ResourceDefinition = {
	name: 'Agent',
	value: 'agent',
	// The default since 0.1.0, which saved workflows leave out: it stays, whatever the menu order.
	defaultOperation: 'get',
	description:
		'Create, read, change, clone and delete agents, and talk to them; their secrets never appear in the output',
	operations: [
		{
			value: 'clone',
			name: 'Clone',
			action: 'Clone an agent',
			description:
				'Copy an agent under a new name (export, then import of its template), optionally with changed fields',
			operation: clone,
		},
		{
			value: 'connectMcpServer',
			name: 'Connect MCP Server',
			action: 'Connect an MCP server to an agent',
			description:
				"Give the agent's LLM nodes an MCP tool server (an n8n MCP Server Trigger's URL), or replace the one of the same name; every other node and setting is written back as read",
			operation: connectMcpServer,
		},
		{
			value: 'create',
			name: 'Create',
			action: 'Create an agent',
			description: 'Create an agent with a title and any of its fields',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete an agent',
			description: 'Delete an agent for good. Irreversible.',
			operation: deleteAgent,
		},
		{
			value: 'disconnectMcpServer',
			name: 'Disconnect MCP Server',
			action: 'Disconnect an MCP server from an agent',
			description:
				"Remove an MCP tool server by name from the agent's nodes; every other node and setting is written back as read",
			operation: disconnectMcpServer,
		},
		{
			value: 'exportTemplate',
			name: 'Export Template',
			action: 'Export an agent template',
			description:
				"Output an agent's template as JSON, and optionally as a JSON file; secrets are redacted. Read-only.",
			operation: exportTemplate,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get an agent',
			description: 'Read one agent. API keys, tokens and private keys are never output. Read-only.',
			operation: get,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many agents',
			description:
				'List the agents of the workspace, one item per agent, secrets left out. Read-only.',
			operation: getAll,
		},
		{
			value: 'getPhoneNumbers',
			name: 'Get Phone Numbers',
			action: 'Get the phone numbers of an agent',
			description:
				"Read the agent's phone numbers, one item per number. An agent without a number cannot call. Read-only.",
			operation: getPhoneNumbers,
		},
		{
			value: 'getUsage',
			name: 'Get Usage',
			action: 'Get the usage of an agent',
			description:
				'Total conversations, agent turns, SMS, calls, call minutes and credits of the agent over a period, as one item. Read-only.',
			operation: getUsage,
		},
		{
			value: 'importTemplate',
			name: 'Import Template',
			action: 'Import an agent template',
			description: 'Create an agent from a template given as JSON or as a JSON file',
			operation: importTemplate,
		},
		{
			value: 'search',
			name: 'Search',
			action: 'Search agents',
			description:
				'Find the agents of a workspace by name, sorted, optionally starred only; one item per agent, secrets left out. Read-only.',
			operation: search,
		},
		{
			value: 'sendMessage',
			name: 'Send Message',
			action: 'Send a message to an agent',
			description:
				"Talk to the agent: one conversation turn, the agent's reply out. Spends credits like a real conversation turn; there is no server-side dry run.",
			operation: sendMessage,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update an agent',
			description: 'Change the fields of an agent; only the fields set are sent',
			operation: update,
		},
	],
};
