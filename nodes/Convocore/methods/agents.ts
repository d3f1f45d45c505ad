import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { AGENT_URL_PATTERN, agentIdOf } from '../../shared/contracts/agent';
import { CONVO_PAGE } from '../../shared/contracts/conversation';
import { fetchAgents } from '../actions/agent/api';
import { agentNodeOptions } from '../actions/agent/agentNodes';
import { fetchConversationPage } from '../actions/conversation/getAll.operation';

/** Agent picker: every agent of `GET /agents`, matched on title and ID. Only the two are shown. */
export async function searchAgents(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const agent of await fetchAgents(this)) {
		const id = agentIdOf(agent);
		if (!id) continue;
		const title = typeof agent.title === 'string' && agent.title.trim() ? agent.title.trim() : id;
		if (wanted && !`${title} ${id}`.toLowerCase().includes(wanted)) continue;
		results.push({ name: title, value: id });
	}
	return { results: results.sort((a, b) => a.name.localeCompare(b.name)) };
}

function chosenAgentId(ctx: ILoadOptionsFunctions): string {
	const raw = ctx.getCurrentNodeParameter('agentId') as unknown;
	const locator =
		typeof raw === 'object' && raw !== null
			? (raw as { mode?: unknown; value?: unknown })
			: { value: raw };
	const text = typeof locator.value === 'string' ? locator.value.trim() : '';
	return locator.mode === 'url' ? (AGENT_URL_PATTERN.exec(text)?.[1] ?? text) : text;
}

/**
 * The agent chosen in the node's Agent field (any mode), for pickers that list what belongs to
 * it (`what`, e.g. "conversations"); none chosen yet, or an expression, is an error saying so.
 */
export function requireChosenAgentId(ctx: ILoadOptionsFunctions, what: string): string {
	const agentId = chosenAgentId(ctx);
	if (!agentId || agentId.startsWith('=')) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Choose an agent first, then pick one of its ${what}`,
		);
	}
	return agentId;
}

/**
 * Conversation picker: the chosen agent's recent conversations, a page of 20 at a time. The token
 * is the server's cursor, or `page:N` when it pages by number (the OpenAPI's reading).
 */
export async function searchConversations(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const agentId = requireChosenAgentId(this, 'conversations');
	const byNumber = /^page:(\d+)$/.exec(paginationToken ?? '');
	const pageNumber = byNumber ? Number(byNumber[1]) : 1;
	const request =
		byNumber || !paginationToken
			? { page: pageNumber, limit: CONVO_PAGE.maxLimit }
			: { page: 1, limit: CONVO_PAGE.maxLimit, cursor: paginationToken };
	const page = await fetchConversationPage(this, agentId, request);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const convo of page.items) {
		const id = String(convo.ID ?? convo.id ?? '');
		if (!id) continue;
		const who = [convo.userName, convo.userPhone ?? convo.userEmail]
			.filter((part) => typeof part === 'string' && part)
			.join(' ');
		const name = [who || id, typeof convo.origin === 'string' ? `(${convo.origin})` : '']
			.filter(Boolean)
			.join(' ');
		if (wanted && !`${name} ${id}`.toLowerCase().includes(wanted)) continue;
		results.push({ name, value: id });
	}
	const cursor =
		typeof page.nextCursor === 'string' && page.nextCursor !== '' ? page.nextCursor : undefined;
	const more =
		page.hasMore !== false &&
		(cursor !== undefined ||
			(request.cursor === undefined && page.items.length >= CONVO_PAGE.maxLimit));
	const token = !more ? undefined : (cursor ?? `page:${pageNumber + 1}`);
	return { results, ...(token ? { paginationToken: token } : {}) };
}

/** Agent > Connect and Disconnect MCP Server's node picker: the chosen agent's nodes. */
export async function getAgentNodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await agentNodeOptions(this, requireChosenAgentId(this, 'nodes'));
}
