/** Collecting a listing page by page, for the voice, custom metric, knowledge-base and crawler job operations. */

/**
 * Collects results page by page with limit/offset (voices) and stops as soon as `max` results
 * are in or the server says there is no more.
 */
export async function collectOffsetPages<T>(
	fetchPage: (offset: number, limit: number) => Promise<{ items: T[]; total?: number; hasMore?: boolean }>,
	{ max, pageSize }: { max: number; pageSize: number },
): Promise<T[]> {
	const results: T[] = [];
	let offset = 0;
	while (results.length < max) {
		const limit = Math.min(pageSize, max - results.length);
		const page = await fetchPage(offset, limit);
		results.push(...page.items.slice(0, max - results.length));
		offset += page.items.length;
		// The server's own word wins: a server may cap pages below what was asked, so a short
		// page only ends the listing when neither hasMore nor total says otherwise.
		const exhausted =
			page.hasMore !== undefined
				? !page.hasMore
				: typeof page.total === 'number'
					? offset >= page.total
					: page.items.length < limit;
		if (exhausted || page.items.length === 0) break;
	}
	return results;
}

/**
 * Collects results page by page with a cursor (custom metrics: `startAfterId` = id of the last
 * item of the previous page) and stops as soon as `max` results are in or a page comes back short.
 */
export async function collectCursorPages<T extends { id: string }>(
	fetchPage: (startAfterId: string | undefined, limit: number) => Promise<{ items: T[]; total?: number }>,
	{ max, pageSize }: { max: number; pageSize: number },
): Promise<T[]> {
	const results: T[] = [];
	let cursor: string | undefined;
	while (results.length < max) {
		const limit = Math.min(pageSize, max - results.length);
		const page = await fetchPage(cursor, limit);
		results.push(...page.items.slice(0, max - results.length));
		const last = page.items[page.items.length - 1];
		const exhausted =
			page.items.length < limit || (typeof page.total === 'number' && results.length >= page.total);
		if (exhausted || !last || last.id === cursor) break;
		cursor = last.id;
	}
	return results;
}

/**
 * Collects results page by page with numbered pages (`page` from 1, one page size throughout:
 * page N starts at (N - 1) × pageSize) and stops as soon as `max` results are in, the server's
 * `hasMore` is false (agent search), its `totalPages` is reached (knowledge base, organisations),
 * `total` results have been listed (crawler jobs and pages), or a page comes back empty. Without
 * `hasMore` or `totalPages` a short page ends the listing.
 */
export async function collectNumberedPages<T>(
	fetchPage: (page: number, pageSize: number) => Promise<{ items: T[]; totalPages?: number; total?: number; hasMore?: boolean }>,
	{ max, pageSize }: { max: number; pageSize: number },
): Promise<T[]> {
	const results: T[] = [];
	for (let page = 1; results.length < max; page++) {
		const answer = await fetchPage(page, pageSize);
		results.push(...answer.items.slice(0, max - results.length));
		const listed = (page - 1) * pageSize + answer.items.length;
		const exhausted =
			typeof answer.hasMore === 'boolean'
				? !answer.hasMore
				: typeof answer.totalPages === 'number'
				? page >= answer.totalPages
				: answer.items.length < pageSize || (typeof answer.total === 'number' && listed >= answer.total);
		if (exhausted || answer.items.length === 0) break;
	}
	return results;
}
