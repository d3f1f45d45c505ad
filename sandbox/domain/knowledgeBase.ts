import type { SandboxAgent, SandboxState } from './state';
import type { KnowledgeDocument } from './records';

/**
 * The one place the sandbox adds to an agent's knowledge base: the knowledge-base routes and the
 * crawler (whose finished jobs feed their target agents) both go through it, so that listings
 * and stats always count the same documents.
 */

export type NewKnowledgeDocument = Pick<KnowledgeDocument, 'name' | 'sourceType' | 'content'> &
	Partial<Pick<KnowledgeDocument, 'metadata' | 'tags' | 'refreshRate' | 'url' | 'crawlerJobId'>>;

export function addKnowledgeDocument(
	state: SandboxState,
	agent: SandboxAgent,
	input: NewKnowledgeDocument,
): KnowledgeDocument {
	state.counters.knowledgeDocs += 1;
	const now = Date.now();
	const document: KnowledgeDocument = {
		ID: `kb-${state.counters.knowledgeDocs}`,
		agentId: agent.ID,
		workspaceId: agent.workspaceId,
		metadata: { description: input.name },
		tags: [],
		refreshRate: 'never',
		...input,
		createdAt: now,
		updatedAt: now,
	};
	state.knowledgeDocs[document.ID] = document;
	return document;
}

/** An agent's documents, oldest first (ids are issued in order). */
export function knowledgeDocumentsOf(state: SandboxState, agentId: string): KnowledgeDocument[] {
	return Object.values(state.knowledgeDocs)
		.filter((document) => document.agentId === agentId)
		.sort((a, b) => a.createdAt - b.createdAt || Number(a.ID.slice(3)) - Number(b.ID.slice(3)));
}

export type KnowledgeDocumentChanges = Partial<
	Pick<KnowledgeDocument, 'name' | 'content' | 'metadata' | 'tags' | 'refreshRate' | 'url'>
>;

/** Applies the changes of an update to a document and returns it. */
export function updateKnowledgeDocument(
	document: KnowledgeDocument,
	changes: KnowledgeDocumentChanges,
): KnowledgeDocument {
	Object.assign(document, changes, { updatedAt: Math.max(Date.now(), document.updatedAt + 1) });
	return document;
}

/** Removes those of `ids` that are documents of the agent; returns how many were removed. */
export function deleteKnowledgeDocuments(
	state: SandboxState,
	agentId: string,
	ids: string[],
): number {
	let removed = 0;
	for (const id of new Set(ids)) {
		if (state.knowledgeDocs[id]?.agentId !== agentId) continue;
		delete state.knowledgeDocs[id];
		removed += 1;
	}
	return removed;
}

/** What `GET /agents/{agentId}/kb/stats` answers: characters of content summed, and documents counted. */
export function knowledgeStats(
	state: SandboxState,
	agentId: string,
): { charCount: number; docsCount: number } {
	const documents = knowledgeDocumentsOf(state, agentId);
	return {
		charCount: documents.reduce((sum, document) => sum + document.content.length, 0),
		docsCount: documents.length,
	};
}
