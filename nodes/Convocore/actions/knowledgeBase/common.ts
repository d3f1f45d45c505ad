import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { docIdSchema } from '../../../shared/contracts/knowledgeBase';
import { agentRef, type AgentRef } from '../../helpers/agentRef';

/** Tags as plain comma-separated text (what a model fills in), or a list from an expression. */
export const TAGS_FIELD: INodeProperties = {
	displayName: 'Tags',
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'e.g. pricing, faq',
	description: 'Comma-separated tags that group documents in Convocore',
};

export const DESCRIPTION_FIELD: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	description: 'What the document is about (sent as metadata.description)',
};

/** `{ description }` when there is one, for metadata. */
export function metadataFrom(description: unknown): IDataObject | undefined {
	if (description === undefined || description === '') return undefined;
	return { description: description as string };
}

const docRef = agentRef('docId', docIdSchema, 'knowledge document');
export type DocRef = AgentRef<'docId'>;
export const readDocRef = docRef.read;

/** `/agents/{agentId}/kb`, then `rest` (already encoded, starting with `/`). */
export function kbPath(agentId: string, rest = ''): string {
	return `/agents/${encodeURIComponent(agentId)}/kb${rest}`;
}

export function docPath({ agentId, docId }: DocRef): string {
	return kbPath(agentId, `/${encodeURIComponent(docId)}`);
}
