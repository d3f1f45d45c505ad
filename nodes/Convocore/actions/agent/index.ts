import type { ResourceDefinition } from '../resource';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getPhoneNumbers } from './getPhoneNumbers.operation';

export const agentResource: ResourceDefinition = {
	name: 'Agent',
	value: 'agent',
	description: 'Read agents and their phone numbers; their secrets never appear in the output',
	operations: [
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
			description: 'List the agents of the workspace, one item per agent, secrets left out. Read-only.',
			operation: getAll,
		},
		{
			value: 'getPhoneNumbers',
			name: 'Get Phone Numbers',
			action: 'Get the phone numbers of an agent',
			description: "Read the agent's phone numbers, one item per number. An agent without a number cannot call. Read-only.",
			operation: getPhoneNumbers,
		},
	],
};
