import type { KnowledgeDocument, SandboxAgent, SandboxState } from './state';

/**
 * The one place the sandbox adds to an agent's knowledge base: the knowledge-base routes and the
 * crawler (whose finished jobs feed their target agents) both go through it, so that listings
 * and stats always count the same documents.
 */

export type NewKnowledgeDocument = Pick<KnowledgeDocument, 'name' | 'sourceType' | 'content'> &
	Partial<Pick<KnowledgeDocument, 'metadata' | 'tags' | 'refreshRate' | 'url' | 'crawlerJobId'>>;

export function addKnowledgeDocument(state: SandboxState, agent: SandboxAgent, input: NewKnowledgeDocument): KnowledgeDocument {
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
