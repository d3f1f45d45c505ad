import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { knowledgeDocEnvelopeSchema } from '../../../shared/contracts/knowledgeBase';
import type { RequestScope } from '../../transport/retries';
import { requestChecked, recordOf as documentOf } from '../../helpers/answers';
import { agentIdProperty, docIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { docPath, readDocRef, type DocRef } from './common';
const show = { resource: ['knowledgeBase'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose knowledge base holds the document'),
	docIdProperty(show, 'The document to read, with its content and chunks'),
	timeoutOnlyOptions(show),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<DocRef> {
	return readDocRef(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, plan: DocRef, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{ method: 'GET', path: docPath(plan), raw: true, response: knowledgeDocEnvelopeSchema },
		scope,
	);
	return [{ json: documentOf(answer) }];
}

export const get: ConvocoreOperation<DocRef> = { description, prepare, execute };
