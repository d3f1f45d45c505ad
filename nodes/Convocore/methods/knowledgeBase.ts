import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { KB_PAGE, knowledgeDocIdOf } from '../../shared/contracts/knowledgeBase';
import { fetchKnowledgeDocPage } from '../actions/knowledgeBase/getAll.operation';
import { requireChosenAgentId } from './agents';

/**
 * Document picker: the chosen agent's knowledge-base documents, a page of 100 at a time
 * (`paginationToken` = the next page number), matched on name and ID.
 */
export async function searchKnowledgeDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const agentId = requireChosenAgentId(this, 'documents');
	const page = Math.max(Number.parseInt(paginationToken ?? '1', 10) || 1, 1);
	const { items, totalPages } = await fetchKnowledgeDocPage(
		this,
		agentId,
		page,
		KB_PAGE.maxPageSize,
	);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const doc of items) {
		const id = knowledgeDocIdOf(doc);
		if (!id) continue;
		const name = typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : id;
		const label = typeof doc.sourceType === 'string' ? `${name} (${doc.sourceType})` : name;
		if (wanted && !`${name} ${id}`.toLowerCase().includes(wanted)) continue;
		results.push({ name: label, value: id });
	}
	const more = items.length > 0 && page < totalPages;
	return { results, ...(more ? { paginationToken: String(page + 1) } : {}) };
}
