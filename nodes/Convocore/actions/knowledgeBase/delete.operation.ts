import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	bulkDeleteKnowledgeDocsResponseSchema,
	deleteKnowledgeDocResponseSchema,
	docIdSchema,
} from '../../../shared/contracts/knowledgeBase';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, docIdProperty } from '../../descriptions/pickers';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { listFrom } from '../../helpers/listField';
import { docPath, kbPath } from './common';

const show = { resource: ['knowledgeBase'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose knowledge base holds the documents'),
	{
		displayName: 'Delete',
		name: 'deleteMode',
		type: 'options',
		noDataExpression: true,
		default: 'one',
		displayOptions: { show },
		options: [
			{
				name: 'Many Documents by ID',
				value: 'many',
				description: 'Delete a list of documents in one request',
			},
			{ name: 'One Document', value: 'one', description: 'Delete the document you pick' },
		],
	},
	docIdProperty(
		{ ...show, deleteMode: ['one'] },
		'The document to delete. Deleting is irreversible.',
	),
	{
		displayName: 'Document IDs',
		name: 'docIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. kb-12, kb-13',
		description:
			'The documents to delete, separated by commas or line breaks (or a list from an expression). Deleting is irreversible.',
		displayOptions: { show: { ...show, deleteMode: ['many'] } },
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.discriminatedUnion('deleteMode', [
		z.object({ deleteMode: z.literal('one'), agentId: agentIdSchema, docId: docIdSchema }),
		z.object({
			deleteMode: z.literal('many'),
			agentId: agentIdSchema,
			docIds: z
				.array(docIdSchema, {
					required_error: 'needs at least one document ID',
					invalid_type_error: 'must be a list of document IDs',
				})
				.min(1, 'needs at least one document ID'),
		}),
	]),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const deleteMode = this.getNodeParameter('deleteMode', itemIndex, 'one') as string;
	const target =
		deleteMode === 'many'
			? // The same ID twice would be one document: it is asked for once.
				{ docIds: [...new Set(listFrom(this.getNodeParameter('docIds', itemIndex, '')) ?? [])] }
			: { docId: readIdParameter(this, 'docId', itemIndex) };
	return validate(
		this,
		planSchema,
		{ deleteMode, agentId: readAgentId(this, itemIndex), ...target },
		itemIndex,
		'knowledge document deletion',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	if (plan.deleteMode === 'one') {
		await requestChecked(
			this,
			{
				method: 'DELETE',
				path: docPath(plan),
				raw: true,
				response: deleteKnowledgeDocResponseSchema,
			},
			scope,
		);
		return [{ json: { deleted: true, docId: plan.docId } }];
	}
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: kbPath(plan.agentId, '/delete'),
			body: { docIds: plan.docIds },
			raw: true,
			response: bulkDeleteKnowledgeDocsResponseSchema,
		},
		scope,
	);
	if (answer.deletedCount < plan.docIds.length) {
		this.addExecutionHints({
			message: `Convocore deleted ${answer.deletedCount} of the ${plan.docIds.length} documents asked for: the others may not exist (any more).`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	const json: IDataObject = {
		deleted: answer.deletedCount > 0,
		deletedCount: answer.deletedCount,
		docIds: plan.docIds,
	};
	return [{ json }];
}

export const deleteDocuments: ConvocoreOperation<Plan> = { description, prepare, execute };
