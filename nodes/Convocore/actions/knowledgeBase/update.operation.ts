import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	changesSomething,
	docIdSchema,
	knowledgeDocEnvelopeSchema,
	updateKnowledgeDocFields,
} from '../../../shared/contracts/knowledgeBase';
import type { RequestScope } from '../../transport/retries';
import { requestChecked, recordOf as documentOf } from '../../helpers/answers';
import { checkWrite, checkedDocumentFields } from '../../helpers/writeCheck';
import { agentIdProperty, docIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { DESCRIPTION_FIELD, TAGS_FIELD, docPath, metadataFrom } from './common';
import { listFrom } from '../../helpers/listField';
import { REFRESH_RATE_OPTIONS } from '../../descriptions/refreshRate';

const show = { resource: ['knowledgeBase'], operation: ['update'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose knowledge base holds the document'),
	docIdProperty(show, 'The document to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Content',
				name: 'content',
				type: 'string',
				typeOptions: { rows: 6 },
				default: '',
				description: 'The new text of the document',
			},
			DESCRIPTION_FIELD,
			{ displayName: 'Name', name: 'name', type: 'string', default: '' },
			{
				displayName: 'Refresh Rate',
				name: 'refreshRate',
				type: 'options',
				default: 'never',
				options: REFRESH_RATE_OPTIONS,
				description: 'How often Convocore scrapes the page again',
			},
			{ ...TAGS_FIELD, description: 'Comma-separated tags; they replace the current ones' },
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/pricing',
				description: 'The page the document comes from',
			},
		],
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z
		.object({ agentId: agentIdSchema, docId: docIdSchema, ...updateKnowledgeDocFields() })
		.strict()
		.refine(
			(plan) => changesSomething(plan, ['agentId', 'docId']),
			'needs at least one field to change',
		),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { description, tags, ...fields } = this.getNodeParameter(
		'updateFields',
		itemIndex,
		{},
	) as IDataObject;
	// Only what the user set goes out: empty fields are left out, not sent as blanks.
	const changes = compact({ ...fields, metadata: metadataFrom(description), tags: listFrom(tags) });
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			docId: readIdParameter(this, 'docId', itemIndex),
			...changes,
		},
		itemIndex,
		'knowledge document update',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const { agentId, docId, ...body } = plan;
	const answer = await requestChecked(
		this,
		{
			method: 'PATCH',
			path: docPath({ agentId, docId }),
			body: body as IDataObject,
			raw: true,
			response: knowledgeDocEnvelopeSchema,
		},
		scope,
	);
	const record = documentOf(answer);
	return [
		{
			json: checkWrite(this, record, {
				sent: checkedDocumentFields(body),
				record,
				itemIndex: scope.itemIndex ?? 0,
				what: `Knowledge base document ${docId}`,
			}),
		},
	];
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
