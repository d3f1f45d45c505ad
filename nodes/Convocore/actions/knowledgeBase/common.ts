import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { docIdSchema } from '../../../shared/contracts/knowledgeBase';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { validate } from '../../helpers/parameters';

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

export const docRefSchema = lazy(() => z.object({ agentId: agentIdSchema, docId: docIdSchema }));
export type DocRef = z.output<typeof docRefSchema>;

export function readDocRef(ctx: IExecuteFunctions, itemIndex: number): DocRef {
	return validate(
		ctx,
		docRefSchema,
		{ agentId: readAgentId(ctx, itemIndex), docId: readIdParameter(ctx, 'docId', itemIndex) },
		itemIndex,
		'knowledge document',
	);
}

/** `/agents/{agentId}/kb`, then `rest` (already encoded, starting with `/`). */
export function kbPath(agentId: string, rest = ''): string {
	return `/agents/${encodeURIComponent(agentId)}/kb${rest}`;
}

export function docPath({ agentId, docId }: DocRef): string {
	return kbPath(agentId, `/${encodeURIComponent(docId)}`);
}
