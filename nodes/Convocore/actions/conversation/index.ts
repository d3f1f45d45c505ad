import type { ResourceDefinition } from '../types';
import { assign } from './assign.operation';
import { create } from './create.operation';
import { deleteConversation } from './delete.operation';
import { exportConversations } from './export.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getDetails } from './getDetails.operation';
import { update } from './update.operation';

export const conversationResource: ResourceDefinition = {
	name: 'Conversation',
	value: 'conversation',
	description:
		"Read an agent's conversations (calls, SMS and chats) with their summaries, or record one that happened elsewhere",
	// Get was first (the default) before Assign, Delete and Export came: stored workflows keep it.
	defaultOperation: 'get',
	operations: [
		{
			value: 'assign',
			name: 'Assign to a Human',
			action: 'Assign a conversation to a human',
			description: 'Hand a conversation over from the agent to a workspace member',
			operation: assign,
		},
		{
			value: 'create',
			name: 'Create',
			action: 'Create a conversation',
			description:
				'Record an interaction that happened elsewhere (an e-mail thread, a shop chat) as a conversation of the agent',
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete a conversation',
			description: 'Remove a conversation for good (test conversations, erasure requests)',
			operation: deleteConversation,
		},
		{
			value: 'export',
			name: 'Export',
			action: 'Export conversations',
			description: 'Export one or all conversations as items, or as a CSV or JSON file. Read-only.',
			operation: exportConversations,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a conversation',
			description:
				'Read one conversation: who, channel, state, duration and the AI summary. Read-only.',
			operation: get,
		},
		{
			value: 'getDetails',
			name: 'Get Details',
			action: 'Get the full details of a conversation',
			description:
				'Read everything about one conversation, recordings included, in the region of the credential. Read-only.',
			operation: getDetails,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many conversations of an agent',
			description:
				"List an agent's conversations, newest first, one item per conversation. Read-only.",
			operation: getAll,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update a conversation',
			description: 'Change tags, state, notes, user fields or whether the customer is blocked',
			operation: update,
		},
	],
};
