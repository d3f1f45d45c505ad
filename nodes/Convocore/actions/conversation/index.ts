import type { ResourceDefinition } from '../resource';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getDetails } from './getDetails.operation';

export const conversationResource: ResourceDefinition = {
	name: 'Conversation',
	value: 'conversation',
	description: "Read an agent's conversations (calls, SMS and chats) with their summaries",
	operations: [
		{
			value: 'get',
			name: 'Get',
			action: 'Get a conversation',
			description: "Read one conversation: who, channel, state, duration and the AI summary. Read-only.",
			operation: get,
		},
		{
			value: 'getDetails',
			name: 'Get Details',
			action: 'Get the full details of a conversation',
			description: 'Read everything about one conversation, recordings included, in the region of the credential. Read-only.',
			operation: getDetails,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many conversations of an agent',
			description: "List an agent's conversations, newest first, one item per conversation. Read-only.",
			operation: getAll,
		},
	],
};
