import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteDocuments } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getStats } from './getStats.operation';
import { update } from './update.operation';

export const knowledgeBaseResource: ResourceDefinition = {
	name: 'Knowledge Base',
	value: 'knowledgeBase',
	description: 'Add, read, change and delete the documents an agent answers from',
	operations: [
		{
			value: 'create',
			name: 'Create',
			action: 'Add a document to a knowledge base',
			description:
				"Add a document to an agent's knowledge base from text, a text file, web pages or a sitemap",
			operation: create,
		},
		{
			value: 'delete',
			name: 'Delete',
			action: 'Delete knowledge base documents',
			description: 'Remove one document, or many by ID, for good',
			operation: deleteDocuments,
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a knowledge base document',
			description: 'Read one document with its content. Read-only.',
			operation: get,
		},
		{
			value: 'getAll',
			name: 'Get Many',
			action: 'Get many knowledge base documents',
			description: "List an agent's knowledge-base documents. Read-only.",
			operation: getAll,
		},
		{
			value: 'getStats',
			name: 'Get Stats',
			action: 'Get knowledge base stats',
			description: 'Count the documents and characters of an agent’s knowledge base. Read-only.',
			operation: getStats,
		},
		{
			value: 'update',
			name: 'Update',
			action: 'Update a knowledge base document',
			description: "Change a document's name, content, description, tags, refresh rate or URL",
			operation: update,
		},
	],
};
