import {
	bulkDeleteKnowledgeDocsRequestSchema,
	createKnowledgeDocRequestSchema,
	listKnowledgeDocsQuerySchema,
	publishedKnowledgeDocsQuerySchema,
	updateKnowledgeDocRequestSchema,
	type CreateKnowledgeDocRequest,
} from '../../nodes/shared/contracts/knowledgeBase';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { isPublished } from '../server/mode';
import {
	addKnowledgeDocument,
	deleteKnowledgeDocuments,
	knowledgeDocumentsOf,
	knowledgeStats,
	updateKnowledgeDocument,
	type NewKnowledgeDocument,
} from '../domain/knowledgeBase';
import type { KnowledgeDocument } from '../domain/records';
import type { Route, RouteContext } from './types';

/**
 * An agent's knowledge base, as the public OpenAPI's kbRouter paths read (bodies validated with
 * the node's own contract). The sandbox has no outside network: url and sitemap sources get
 * made-up page text built from the URL, so listings, stats and chunks have something real-sized.
 */

/** Characters per chunk of a document record (how retrieval would split it). */
const CHUNK_SIZE = 500;
/** Pages a sitemap "lists" when the request sets no Max Pages. */
const SITEMAP_DEFAULT_PAGES = 5;

function chunksOf(content: string): Array<{ index: number; content: string }> {
	const chunks: Array<{ index: number; content: string }> = [];
	for (let start = 0; start < content.length; start += CHUNK_SIZE)
		chunks.push({ index: chunks.length, content: content.slice(start, start + CHUNK_SIZE) });
	return chunks;
}

/** A document as the API answers it: `ID`, its fields and its chunks, without the sandbox's bookkeeping. */
export function knowledgeDocRecord(document: KnowledgeDocument): Record<string, unknown> {
	const record = JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
	delete record.workspaceId;
	return { ...record, chunks: chunksOf(document.content) };
}

function pageText(url: string, scrape: boolean): string {
	if (!scrape) return `${url}\n`;
	const { hostname, pathname } = new URL(url);
	const topic = pathname.split('/').filter(Boolean).pop()?.replace(/[-_]+/g, ' ') || 'home';
	return `# ${topic} | ${hostname}\n\nThis page of ${hostname} explains ${topic}: what it covers, who it is for and how to get in touch. Opening hours are Monday to Friday, 9:00 to 17:00.\n\n`;
}

/** What a create stores: the given text, or made-up page text for url and sitemap sources. */
function documentFor(input: CreateKnowledgeDocRequest): NewKnowledgeDocument {
	const { name, sourceType, metadata, tags, refreshRate, scrapeContent = true } = input;
	let content = input.content ?? '';
	let url: string | undefined;
	if (sourceType === 'url') {
		const urls = input.urls ?? [];
		url = urls[0];
		content = urls.map((page) => pageText(page, scrapeContent)).join('');
	} else if (sourceType === 'sitemap' && input.sitemapUrl) {
		url = input.sitemapUrl;
		const { origin } = new URL(input.sitemapUrl);
		const pages = Array.from(
			{ length: Math.min(input.maxPages ?? SITEMAP_DEFAULT_PAGES, SITEMAP_DEFAULT_PAGES) },
			(_, index) => `${origin}/page-${index + 1}`,
		);
		content = pages.map((page) => pageText(page, scrapeContent)).join('');
	}
	return {
		name,
		sourceType,
		content,
		...(metadata ? { metadata } : {}),
		...(tags ? { tags } : {}),
		...(refreshRate ? { refreshRate } : {}),
		...(url ? { url } : {}),
	};
}

function findDocument(ctx: RouteContext): KnowledgeDocument {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const document = ctx.state.knowledgeDocs[ctx.params.docId];
	if (!document || document.agentId !== agent.ID) {
		throw new ApiError(
			404,
			'KB_DOC_NOT_FOUND',
			`Knowledge document ${ctx.params.docId} was not found in agent ${agent.ID}'s knowledge base.`,
		);
	}
	return document;
}

function createDocument(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const input = parseOrThrow(createKnowledgeDocRequestSchema, ctx.body, 'knowledge document');
	const document = addKnowledgeDocument(ctx.state, agent, documentFor(input));
	return {
		body: {
			success: true,
			message: 'Knowledge base document added',
			data: knowledgeDocRecord(document),
		},
	};
}

function listDocuments(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	// Strict refuses a pageSize over the node's bound of 100 (catching a node that asks for more);
	// published answers any, as the OpenAPI states no maximum.
	const { page, pageSize } = parseOrThrow(
		isPublished() ? publishedKnowledgeDocsQuerySchema : listKnowledgeDocsQuerySchema,
		ctx.query,
		'knowledge base query',
	);
	const all = knowledgeDocumentsOf(ctx.state, agent.ID);
	const start = (page - 1) * pageSize;
	return {
		body: {
			success: true,
			message: `${all.length} document(s)`,
			data: all.slice(start, start + pageSize).map(knowledgeDocRecord),
			total: all.length,
			totalPages: Math.ceil(all.length / pageSize),
			currentPage: page,
		},
	};
}

function getDocument(ctx: RouteContext) {
	return {
		body: {
			success: true,
			message: 'Knowledge base document found',
			data: knowledgeDocRecord(findDocument(ctx)),
		},
	};
}

function updateDocument(ctx: RouteContext) {
	const changes = parseOrThrow(
		updateKnowledgeDocRequestSchema,
		ctx.body,
		'knowledge document update',
	);
	const document = updateKnowledgeDocument(findDocument(ctx), changes);
	return {
		body: {
			success: true,
			message: 'Knowledge base document updated',
			data: knowledgeDocRecord(document),
		},
	};
}

function deleteDocument(ctx: RouteContext) {
	const document = findDocument(ctx);
	deleteKnowledgeDocuments(ctx.state, document.agentId, [document.ID]);
	return { body: { success: true, message: `Knowledge base document ${document.ID} deleted` } };
}

function bulkDeleteDocuments(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { docIds } = parseOrThrow(bulkDeleteKnowledgeDocsRequestSchema, ctx.body, 'bulk delete');
	const deletedCount = deleteKnowledgeDocuments(ctx.state, agent.ID, docIds);
	return { body: { success: true, message: `${deletedCount} document(s) deleted`, deletedCount } };
}

function getStats(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	return {
		body: {
			success: true,
			message: 'Knowledge base stats',
			data: knowledgeStats(ctx.state, agent.ID),
		},
	};
}

// The fixed paths come before `/kb/:docId`, which would otherwise take "stats" for a document ID.
export const knowledgeBaseRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/kb', handler: createDocument },
	{ method: 'GET', pattern: '/agents/:agentId/kb', handler: listDocuments },
	{ method: 'GET', pattern: '/agents/:agentId/kb/stats', handler: getStats },
	{ method: 'POST', pattern: '/agents/:agentId/kb/delete', handler: bulkDeleteDocuments },
	{ method: 'GET', pattern: '/agents/:agentId/kb/:docId', handler: getDocument },
	{ method: 'PATCH', pattern: '/agents/:agentId/kb/:docId', handler: updateDocument },
	{ method: 'DELETE', pattern: '/agents/:agentId/kb/:docId', handler: deleteDocument },
];
