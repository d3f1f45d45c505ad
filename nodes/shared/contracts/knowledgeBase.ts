import { z } from 'zod';
import { lazy } from './lazy';

/**
 * An agent's knowledge base (`/agents/{agentId}/kb`), bodies as the public OpenAPI gives them
 * (kbRouter-*, `additionalProperties: false`), shared by the node and the sandbox. Where the
 * OpenAPI is silent (which fields each source type needs, what a URL is) the rules below are the
 * package's reading, stated in docs/knowledgeBase.md.
 */

export const SOURCE_TYPES = ['doc', 'url', 'sitemap'] as const;
export const REFRESH_RATES = ['6h', '12h', '24h', 'never'] as const;

/**
 * Documents per request of `GET /agents/{agentId}/kb`: the public client's default is 20 and the
 * OpenAPI sets no maximum. The node never asks for more than 100: that keeps a Return All to few
 * requests without large answers, and works whether or not a server caps the page size at 100.
 */
export const KB_PAGE = { defaultPageSize: 20, maxPageSize: 100 } as const;

const text = (what: string) =>
	z.string({ required_error: 'is required', invalid_type_error: `must be text (${what})` });

/** A web address the crawler can fetch: http or https, with a host. */
export const webUrlSchema = lazy(() =>
	text('a URL')
		.trim()
		.refine(isWebUrl, 'must be a full http(s) URL (e.g. https://example.com/help)'),
);

export function isWebUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

export const docIdSchema = lazy(() => text('a document ID').trim().min(1, 'is required'));

const metadataSchema = () =>
	z.object({ description: text('a description').trim().min(1, 'is required') }).strict();
const tagsSchema = () =>
	z.array(text('a tag').trim().min(1, 'must not be empty'), {
		invalid_type_error: 'must be a list of tags',
	});
const refreshRateSchema = () =>
	z.enum(REFRESH_RATES, {
		errorMap: () => ({ message: `must be one of ${REFRESH_RATES.join(', ')}` }),
	});

/** The body fields of `POST /agents/{agentId}/kb`, for the request and for the node's plan (which adds the agent). */
export function createKnowledgeDocFields() {
	return {
		name: text('a document name').trim().min(1, 'is required'),
		sourceType: z.enum(SOURCE_TYPES, {
			errorMap: () => ({ message: `must be one of ${SOURCE_TYPES.join(', ')}` }),
		}),
		content: z.string({ invalid_type_error: 'must be text' }).optional(),
		metadata: metadataSchema().optional(),
		tags: tagsSchema().optional(),
		refreshRate: refreshRateSchema().optional(),
		sitemapUrl: webUrlSchema.optional(),
		urls: z.array(webUrlSchema, { invalid_type_error: 'must be a list of URLs' }).optional(),
		maxPages: z
			.number({ invalid_type_error: 'must be a number' })
			.int('must be a whole number')
			.min(1, 'must be at least 1')
			.optional(),
		scrapeContent: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
	};
}

/** The source type decides which of content, urls or sitemapUrl is needed (the OpenAPI leaves all optional). */
export function checkSourceFields(
	body: {
		sourceType: (typeof SOURCE_TYPES)[number];
		content?: string;
		urls?: string[];
		sitemapUrl?: string;
	},
	context: z.RefinementCtx,
): void {
	const need = (path: string, message: string) =>
		context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
	if (body.sourceType === 'doc' && !body.content?.trim())
		need('content', 'is required for a text document (sourceType doc)');
	if (body.sourceType === 'url' && !body.urls?.length)
		need('urls', 'needs at least one URL for sourceType url');
	if (body.sourceType === 'sitemap' && !body.sitemapUrl)
		need('sitemapUrl', 'is required for sourceType sitemap');
}

/** `POST /agents/{agentId}/kb`. */
export const createKnowledgeDocRequestSchema = lazy(() =>
	z.object(createKnowledgeDocFields()).strict().superRefine(checkSourceFields),
);
export type CreateKnowledgeDocRequest = z.output<typeof createKnowledgeDocRequestSchema>;

/** The body fields of `PATCH /agents/{agentId}/kb/{docId}`. */
export function updateKnowledgeDocFields() {
	return {
		name: text('a document name').trim().min(1, 'must not be empty').optional(),
		content: z.string({ invalid_type_error: 'must be text' }).optional(),
		metadata: metadataSchema().optional(),
		tags: tagsSchema().optional(),
		refreshRate: refreshRateSchema().optional(),
		url: webUrlSchema.optional(),
	};
}

/** Whether an update (without the keys in `besides`) changes anything. */
export function changesSomething(body: Record<string, unknown>, besides: string[] = []): boolean {
	return Object.keys(body).some((key) => !besides.includes(key));
}

/** `PATCH /agents/{agentId}/kb/{docId}`: only what changes, at least one field. */
export const updateKnowledgeDocRequestSchema = lazy(() =>
	z
		.object(updateKnowledgeDocFields())
		.strict()
		.refine((body) => changesSomething(body), 'needs at least one field to change'),
);
export type UpdateKnowledgeDocRequest = z.output<typeof updateKnowledgeDocRequestSchema>;

/** `POST /agents/{agentId}/kb/delete`. */
export const bulkDeleteKnowledgeDocsRequestSchema = lazy(() =>
	z
		.object({
			docIds: z
				.array(docIdSchema, {
					required_error: 'is required',
					invalid_type_error: 'must be a list of document IDs',
				})
				.min(1, 'needs at least one document ID'),
		})
		.strict(),
);

const kbPageSize = () =>
	z.coerce
		.number()
		.int('must be a whole number')
		.min(1, 'must be 1 or more')
		.default(KB_PAGE.defaultPageSize);
const kbPage = () =>
	z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(1);

/**
 * `GET /agents/{agentId}/kb` query, as the sandbox's strict mode reads it: `pageSize` at most
 * KB_PAGE.maxPageSize, the node's own bound (it never asks for more), so that a request over it is
 * caught. The OpenAPI states no maximum (publishedKnowledgeDocsQuerySchema).
 */
export const listKnowledgeDocsQuerySchema = lazy(() =>
	z
		.object({
			page: kbPage(),
			pageSize: kbPageSize().pipe(
				z.number().max(KB_PAGE.maxPageSize, `must be at most ${KB_PAGE.maxPageSize}`),
			),
		})
		.strict(),
);

/** The same query as OpenAPI 1.0.4 publishes it: `page` and `pageSize` numbers, no maximum. */
export const publishedKnowledgeDocsQuerySchema = lazy(() =>
	z.object({ page: kbPage(), pageSize: kbPageSize() }).strict(),
);

/** A document record: untyped in the OpenAPI (`ID` or `id`, name, tags, sourceType, content, chunks). */
export const knowledgeDocSchema = lazy(() => z.record(z.unknown()));
export type KnowledgeDoc = z.output<typeof knowledgeDocSchema>;

/** `{ success, message, data? }` of create, get and update, read raw. */
export const knowledgeDocEnvelopeSchema = lazy(() =>
	z
		.object({ success: z.boolean(), message: z.string(), data: z.unknown().optional() })
		.passthrough(),
);

export const knowledgeDocPageSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			message: z.string(),
			data: z.array(knowledgeDocSchema),
			total: z.number(),
			totalPages: z.number(),
			currentPage: z.number(),
		})
		.passthrough(),
);

export const knowledgeStatsSchema = lazy(() =>
	z
		.object({
			success: z.boolean(),
			message: z.string(),
			data: z.object({ charCount: z.number(), docsCount: z.number() }).passthrough(),
		})
		.passthrough(),
);

export const deleteKnowledgeDocResponseSchema = lazy(() =>
	z.object({ success: z.literal(true), message: z.string() }).passthrough(),
);

export const bulkDeleteKnowledgeDocsResponseSchema = lazy(() =>
	z
		.object({ success: z.literal(true), message: z.string(), deletedCount: z.number() })
		.passthrough(),
);

/** The ID of a document record, whichever of `ID` or `id` it has. */
export function knowledgeDocIdOf(doc: KnowledgeDoc): string | undefined {
	const id = doc.ID ?? doc.id;
	return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Characters of content kept by Simplify. */
export const CONTENT_PREVIEW_LENGTH = 200;

/**
 * A document without its bulk: chunk bodies become a count, content a short preview and its
 * length. Everything else is kept as it came.
 */
export function simplifyKnowledgeDoc(doc: KnowledgeDoc): KnowledgeDoc {
	const { chunks, content, ...rest } = doc;
	const simplified: KnowledgeDoc = { ...rest };
	if (typeof content === 'string') {
		simplified.contentLength = content.length;
		simplified.contentPreview =
			content.length > CONTENT_PREVIEW_LENGTH
				? `${content.slice(0, CONTENT_PREVIEW_LENGTH)}…`
				: content;
	}
	if (Array.isArray(chunks)) simplified.chunkCount = chunks.length;
	return simplified;
}
