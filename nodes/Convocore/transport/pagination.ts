/**
 * Collecting a listing page by page, for every Return All of the node (campaigns, leads, voices,
 * agent search, knowledge base, organisations, crawler jobs and pages, custom metrics,
 * conversations and their export).
 *
 * One rule for all of them (issue 30): a listing never hands an item on twice and never ends
 * early without saying so. A page that only repeats what was already listed (a cache or proxy
 * that ignores `page`, `offset` or the cursor) stops the listing with a ListingError naming the
 * page; a page that repeats part of what was listed (the list shifted while it was read) hands
 * on only what is new. A server that answers with another page size than the one asked is
 * followed by its own page size.
 */

/** A listing that cannot go on without repeating or skipping items: the message says which page and why. */
export class ListingError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ListingError';
	}
}

/** What one page says about the listing besides its items; every field is optional. */
export interface PageWord {
	/** The server's own word on whether more follows (wins over the rest). */
	hasMore?: boolean;
	/** How many results the whole listing holds. */
	total?: number;
	/** How many pages the listing holds at the current page size. */
	totalPages?: number;
}

export interface PagingOptions<T> {
	/** Results wanted (Infinity for Return All). */
	max: number;
	/** Results asked per request. */
	pageSize: number;
	/** What the listing holds, plural, for errors ("campaigns"). */
	what?: string;
	/** The identity of a result; by default its ID / id / _id, else the whole result. */
	keyOf?: (item: T) => string;
	/** Stops after the page that holds a result this accepts (a lookup by listing). */
	until?: (item: T) => boolean;
}

const ID_FIELDS = ['ID', 'id', '_id', 'uid'] as const;

/** A result's identity: its ID field when it has one, else the result itself as JSON. */
export function defaultKey(item: unknown): string {
	if (item !== null && typeof item === 'object') {
		for (const field of ID_FIELDS) {
			const value = (item as Record<string, unknown>)[field];
			if ((typeof value === 'string' && value !== '') || typeof value === 'number')
				return `${field}:${String(value)}`;
		}
	}
	return `json:${JSON.stringify(item)}`;
}

/**
 * The results a listing has handed on so far, by identity. `take` keeps the new results of a
 * page (up to `max` in all) and refuses a page that holds nothing new.
 */
export class ListingResults<T> {
	readonly items: T[] = [];
	private readonly seen = new Set<string>();
	private readonly keyOf: (item: T) => string;
	private readonly what: string;

	constructor({ keyOf, what }: { keyOf?: (item: T) => string; what?: string } = {}) {
		this.keyOf = keyOf ?? defaultKey;
		this.what = what ?? 'results';
	}

	get count(): number {
		return this.items.length;
	}

	/** Keeps the results of `page` not listed before, up to `max` in all; `label` names the page in an error. */
	take(page: readonly T[], max: number, label: string): void {
		let fresh = 0;
		for (const item of page) {
			const key = this.keyOf(item);
			if (this.seen.has(key)) continue;
			fresh++;
			this.seen.add(key);
			if (this.items.length < max) this.items.push(item);
		}
		if (page.length > 0 && fresh === 0) {
			throw new ListingError(
				`Convocore answered ${label} of the ${this.what} with only ${this.what} it had already listed, so the listing does not advance ` +
					`(a cache or proxy between n8n and Convocore may ignore the paging). Stopped after ${this.items.length} ${this.what} rather than output any twice.`,
			);
		}
	}
}

/** More to come (true), the end (false), or the page does not say (undefined). */
function moreAfter(word: PageWord, page: number | undefined, listed: number): boolean | undefined {
	if (typeof word.hasMore === 'boolean') return word.hasMore;
	if (typeof word.total === 'number') return listed < word.total;
	if (typeof word.totalPages === 'number' && page !== undefined) return page < word.totalPages;
	return undefined;
}

/**
 * Collects results with limit/offset (voices): the offset moves by what each page held, so a
 * server that caps pages below what was asked is followed as it is. Stops at `max`, at the
 * server's word, at an empty page, or (when the server says nothing) at a short page.
 */
export async function collectOffsetPages<T>(
	fetchPage: (offset: number, limit: number) => Promise<{ items: T[] } & PageWord>,
	{ max, pageSize, what, keyOf }: PagingOptions<T>,
): Promise<T[]> {
	const results = new ListingResults<T>({ keyOf, what });
	let offset = 0;
	while (results.count < max) {
		const limit = Math.min(pageSize, max - results.count);
		const page = await fetchPage(offset, limit);
		results.take(page.items, max, `offset ${offset}`);
		offset += page.items.length;
		const more = moreAfter(page, undefined, offset);
		if (
			page.items.length === 0 ||
			more === false ||
			(more === undefined && page.items.length < limit)
		)
			break;
	}
	return results.items;
}

/**
 * Collects results with numbered pages (`page` from 1; page N starts at (N - 1) × the page size).
 * The page size asked stays the same throughout (a Limit below the page size is one smaller
 * page). A server that answers with another page size (a page comes back short or long while
 * the server says more follows: it capped or ignored the size asked) is followed by its own size:
 * the next page is the one that starts where the listing stands, asked at that size. Stops at `max`, at the server's word
 * (`hasMore`, then `total`, then `totalPages`), at an empty page, or, when the server says
 * nothing, at a short page.
 */
export async function collectNumberedPages<T>(
	fetchPage: (page: number, pageSize: number) => Promise<{ items: T[] } & PageWord>,
	{ max, pageSize, what, keyOf, until }: PagingOptions<T>,
): Promise<T[]> {
	const results = new ListingResults<T>({ keyOf, what });
	let size = pageSize;
	let listed = 0;
	let page = 1;
	while (results.count < max) {
		const limit = Math.min(size, pageSize);
		const answer = await fetchPage(page, limit);
		const count = answer.items.length;
		results.take(answer.items, max, `page ${page}`);
		listed += count;
		const more = moreAfter(answer, page, listed);
		if (count === 0 || more === false || (more === undefined && count < limit)) break;
		if (until && answer.items.some(until)) break;
		// More follows, so this page was full at the server's own page size: follow that size.
		if (count !== limit) size = count;
		if (listed % size !== 0) {
			throw new ListingError(
				`Convocore answered page ${page} of the ${what ?? 'results'} with ${count} where ${limit} were asked, after ${listed - count} listed: ` +
					`no page of that size starts where the listing stands, so it cannot go on without skipping or repeating ${what ?? 'results'}. ` +
					`Stopped after ${results.count} ${what ?? 'results'}.`,
			);
		}
		page = listed / size + 1;
	}
	return results.items;
}

/**
 * Collects results with a cursor that is the id of the last result of the page before (custom
 * metrics: `startAfterId`). Stops at `max` or a short page; a page that holds nothing new is an
 * error (the server ignored the cursor).
 */
export async function collectCursorPages<T extends { id: string }>(
	fetchPage: (
		startAfterId: string | undefined,
		limit: number,
	) => Promise<{ items: T[]; total?: number }>,
	{ max, pageSize, what, keyOf }: PagingOptions<T>,
): Promise<T[]> {
	const results = new ListingResults<T>({ keyOf: keyOf ?? ((item) => item.id), what });
	let cursor: string | undefined;
	while (results.count < max) {
		const limit = Math.min(pageSize, max - results.count);
		const page = await fetchPage(cursor, limit);
		results.take(
			page.items,
			max,
			cursor === undefined ? 'the first page' : `the page after ${cursor}`,
		);
		const last = page.items[page.items.length - 1];
		const exhausted =
			page.items.length < limit || (typeof page.total === 'number' && results.count >= page.total);
		if (exhausted || !last) break;
		cursor = last.id;
	}
	return results.items;
}

/** One page of a listing that hands out a cursor, or numbers its pages when it does not. */
export interface LinkedPage<T> extends PageWord {
	items: T[];
	/** The cursor of the next page; anything but a non-empty text means none (as the public client reads it). */
	nextCursor?: unknown;
}

/**
 * Collects results from a listing that may page by cursor or by number (conversations: the
 * public client follows `nextCursor` while `hasMore`; the OpenAPI and the docs page by `page` +
 * `limit` with no cursor). The first request is page 1. A page with a cursor is followed by its
 * cursor (a cursor seen before is an error, not an end); a page without one is followed by the
 * next page number, at one page size throughout, until the server says the end or a page comes
 * back short. With a cursor the size asked may shrink to what Limit still needs.
 */
export async function collectLinkedPages<T>(
	fetchPage: (request: { page: number; limit: number; cursor?: string }) => Promise<LinkedPage<T>>,
	{ max, pageSize, what, keyOf }: PagingOptions<T>,
): Promise<T[]> {
	const results = new ListingResults<T>({ keyOf, what });
	const cursors = new Set<string>();
	const noun = what ?? 'results';
	let cursor: string | undefined;
	let page = 1;
	let size = pageSize;
	let listed = 0;
	while (results.count < max) {
		const limit =
			cursor === undefined ? Math.min(size, pageSize) : Math.min(pageSize, max - results.count);
		const answer = await fetchPage({ page, limit, ...(cursor === undefined ? {} : { cursor }) });
		const count = answer.items.length;
		results.take(
			answer.items,
			max,
			cursor === undefined ? `page ${page}` : `the page of cursor ${cursor}`,
		);
		listed += count;
		const next =
			typeof answer.nextCursor === 'string' && answer.nextCursor !== ''
				? answer.nextCursor
				: undefined;
		if (count === 0 || answer.hasMore === false) break;
		if (next !== undefined) {
			if (cursors.has(next)) {
				throw new ListingError(
					`Convocore handed out the cursor ${next} of the ${noun} a second time, so the listing does not advance. Stopped after ${results.count} ${noun}.`,
				);
			}
			cursors.add(next);
			cursor = next;
			continue;
		}
		if (cursor !== undefined) {
			// A cursor listing that stops handing out cursors has ended, unless it says otherwise.
			if (answer.hasMore === true) {
				throw new ListingError(
					`Convocore said more ${noun} follow but gave no cursor to them. Stopped after ${results.count} ${noun}.`,
				);
			}
			break;
		}
		if (answer.hasMore !== true && count < limit) break;
		// Numbered pages: a page size other than the one asked is the server's own.
		if (count !== limit) size = count;
		if (listed % size !== 0) {
			throw new ListingError(
				`Convocore answered page ${page} of the ${noun} with ${count} where ${limit} were asked: no page of that size starts where the listing stands. Stopped after ${results.count} ${noun}.`,
			);
		}
		page = listed / size + 1;
	}
	return results.items;
}
