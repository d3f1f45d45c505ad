/**
 * nodes/Convocore/transport/pagination.ts, regions.ts, plainParameters.ts and telco.ts, written against the
 * survivors of a mutation run (npm run mutation:core): the exact pages asked for, where each
 * listing stops, the region bases and which stored values count as plain.
 */
import {
	collectCursorPages,
	collectLinkedPages,
	collectNumberedPages,
	collectOffsetPages,
	defaultKey,
	ListingError,
} from '../../nodes/Convocore/transport/pagination';
import { NOT_PLAIN, plainCopy } from '../../nodes/shared/plainParameters';
import { REGION_BASE_URLS, resolveBaseUrl } from '../../nodes/shared/regions';
import {
	NUMBER_PATHS,
	TELCO,
	TELCO_API_BASE_URL,
	TELEPHONY_CREDENTIAL_TYPE,
	telcoField,
} from '../../nodes/shared/telco';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('collectOffsetPages', () => {
	/** A server holding `total` results that caps pages at `cap`, answering as `shape` says. */
	function server(total: number, cap: number, shape: 'hasMore' | 'total' | 'bare') {
		const asked: Array<[number, number]> = [];
		const fetchPage = async (offset: number, limit: number) => {
			asked.push([offset, limit]);
			const items = range(offset, Math.max(0, Math.min(limit, cap, total - offset)));
			if (shape === 'hasMore') return { items, hasMore: offset + items.length < total };
			if (shape === 'total') return { items, total };
			return { items };
		};
		return { asked, fetchPage };
	}

	it('asks for what is still missing and stops at max', async () => {
		const { asked, fetchPage } = server(100, 100, 'bare');
		expect(await collectOffsetPages(fetchPage, { max: 25, pageSize: 10 })).toEqual(range(0, 25));
		expect(asked).toEqual([
			[0, 10],
			[10, 10],
			[20, 5],
		]);
	});

	it('a short page does not end the listing when hasMore or total says there is more', async () => {
		const more = server(12, 4, 'hasMore');
		expect(await collectOffsetPages(more.fetchPage, { max: 50, pageSize: 10 })).toEqual(
			range(0, 12),
		);
		expect(more.asked.map(([offset]) => offset)).toEqual([0, 4, 8]);
		const counted = server(12, 4, 'total');
		expect(await collectOffsetPages(counted.fetchPage, { max: 50, pageSize: 10 })).toEqual(
			range(0, 12),
		);
		expect(counted.asked.map(([offset]) => offset)).toEqual([0, 4, 8]);
	});

	it('without hasMore or total a short page ends it; a full one does not', async () => {
		const bare = server(20, 100, 'bare');
		expect(await collectOffsetPages(bare.fetchPage, { max: 50, pageSize: 10 })).toEqual(
			range(0, 20),
		);
		expect(bare.asked).toEqual([
			[0, 10],
			[10, 10],
			[20, 10],
		]);
		const capped = server(20, 4, 'bare');
		expect(await collectOffsetPages(capped.fetchPage, { max: 50, pageSize: 10 })).toEqual(
			range(0, 4),
		);
	});

	it('stops at an empty page even when the server says there is more, and trims an oversized page', async () => {
		const asked: number[] = [];
		const empty = await collectOffsetPages(
			async (offset) => {
				asked.push(offset);
				return { items: [], hasMore: true };
			},
			{ max: 10, pageSize: 5 },
		);
		expect(empty).toEqual([]);
		expect(asked).toEqual([0]);
		const oversized = await collectOffsetPages(
			async () => ({ items: range(0, 9), hasMore: true }),
			{ max: 3, pageSize: 5 },
		);
		expect(oversized).toEqual([0, 1, 2]);
	});

	it('a total reached exactly ends it', async () => {
		const counted = server(10, 100, 'total');
		await collectOffsetPages(counted.fetchPage, { max: 50, pageSize: 10 });
		expect(counted.asked).toEqual([[0, 10]]);
	});
});

describe('collectCursorPages', () => {
	function server(total: number, withTotal: boolean) {
		const asked: Array<[string | undefined, number]> = [];
		const all = range(0, total).map((n) => ({ id: `m${String(n).padStart(3, '0')}` }));
		const fetchPage = async (after: string | undefined, limit: number) => {
			asked.push([after, limit]);
			const start = after === undefined ? 0 : all.findIndex((item) => item.id === after) + 1;
			const items = all.slice(start, start + limit);
			return withTotal ? { items, total } : { items };
		};
		return { asked, fetchPage };
	}

	it('asks after the last id of each page, for what is missing, and stops at max', async () => {
		const { asked, fetchPage } = server(30, false);
		const found = await collectCursorPages(fetchPage, { max: 25, pageSize: 10 });
		expect(found.map((item) => item.id)).toEqual(
			range(0, 25).map((n) => `m${String(n).padStart(3, '0')}`),
		);
		expect(asked).toEqual([
			[undefined, 10],
			['m009', 10],
			['m019', 5],
		]);
	});

	it('stops at a short page, and at the total even when the page was full', async () => {
		const short = server(15, false);
		expect(await collectCursorPages(short.fetchPage, { max: 50, pageSize: 10 })).toHaveLength(15);
		expect(short.asked.map(([after]) => after)).toEqual([undefined, 'm009']);
		const counted = server(20, true);
		expect(await collectCursorPages(counted.fetchPage, { max: 50, pageSize: 10 })).toHaveLength(20);
		expect(counted.asked.map(([after]) => after)).toEqual([undefined, 'm009']);
		const full = server(20, false);
		await collectCursorPages(full.fetchPage, { max: 50, pageSize: 10 });
		expect(full.asked.map(([after]) => after)).toEqual([undefined, 'm009', 'm019']);
	});

	it('a server that ignores the cursor and repeats its page is an error, nothing output twice', async () => {
		let calls = 0;
		const listing = collectCursorPages(
			async () => {
				calls++;
				return { items: [{ id: 'a' }, { id: 'b' }] };
			},
			{ max: 10, pageSize: 2, what: 'custom metrics' },
		);
		await expect(listing).rejects.toThrow(
			/^Convocore answered the page after b of the custom metrics with only custom metrics it had already listed.*Stopped after 2 custom metrics/,
		);
		expect(calls).toBe(2);
	});
});

describe('collectNumberedPages', () => {
	function server(total: number, shape: 'totalPages' | 'total' | 'bare', cap = Infinity) {
		const asked: Array<[number, number]> = [];
		const fetchPage = async (page: number, pageSize: number) => {
			asked.push([page, pageSize]);
			const start = (page - 1) * pageSize;
			const items = range(start, Math.max(0, Math.min(pageSize, cap, total - start)));
			if (shape === 'totalPages') return { items, totalPages: Math.ceil(total / pageSize) };
			if (shape === 'total') return { items, total };
			return { items };
		};
		return { asked, fetchPage };
	}

	it('asks page 1, 2, … with one page size and stops at max', async () => {
		const { asked, fetchPage } = server(100, 'bare');
		expect(await collectNumberedPages(fetchPage, { max: 25, pageSize: 10 })).toEqual(range(0, 25));
		expect(asked).toEqual([
			[1, 10],
			[2, 10],
			[3, 10],
		]);
	});

	it('stops at totalPages, at the total, or at a short page', async () => {
		const pages = server(20, 'totalPages');
		expect(await collectNumberedPages(pages.fetchPage, { max: 50, pageSize: 10 })).toEqual(
			range(0, 20),
		);
		expect(pages.asked.map(([page]) => page)).toEqual([1, 2]);
		const counted = server(20, 'total');
		await collectNumberedPages(counted.fetchPage, { max: 50, pageSize: 10 });
		expect(counted.asked.map(([page]) => page)).toEqual([1, 2]);
		const bare = server(20, 'bare');
		await collectNumberedPages(bare.fetchPage, { max: 50, pageSize: 10 });
		expect(bare.asked.map(([page]) => page)).toEqual([1, 2, 3]);
		const short = server(15, 'bare');
		await collectNumberedPages(short.fetchPage, { max: 50, pageSize: 10 });
		expect(short.asked.map(([page]) => page)).toEqual([1, 2]);
	});

	it("with totalPages a short page does not end it: the server's own page size is followed, an empty page ends it", async () => {
		const capped = server(12, 'totalPages', 4);
		expect(await collectNumberedPages(capped.fetchPage, { max: 50, pageSize: 6 })).toEqual(
			range(0, 12),
		);
		expect(capped.asked).toEqual([
			[1, 6],
			[2, 4],
			[3, 4],
		]);
		let calls = 0;
		await collectNumberedPages(
			async () => {
				calls++;
				return { items: [], totalPages: 9 };
			},
			{ max: 50, pageSize: 6 },
		);
		expect(calls).toBe(1);
	});
});

describe('repeats and page sizes (issue 30)', () => {
	it('a numbered listing behind a gateway that caps pages below the size asked follows the cap: 250 out, 250 distinct', async () => {
		const asked: Array<[number, number]> = [];
		const found = await collectNumberedPages(
			async (page, limit) => {
				asked.push([page, limit]);
				const size = Math.min(limit, 50);
				const start = (page - 1) * size;
				return { items: range(start, Math.max(0, Math.min(size, 250 - start))), total: 250 };
			},
			{ max: Infinity, pageSize: 100 },
		);
		expect(found).toEqual(range(0, 250));
		expect(asked).toEqual([
			[1, 100],
			[2, 50],
			[3, 50],
			[4, 50],
			[5, 50],
		]);
	});

	it('a server that ignores page is an error naming the page, after the first page only', async () => {
		const listing = collectNumberedPages(async () => ({ items: range(0, 10), hasMore: true }), {
			max: Infinity,
			pageSize: 10,
			what: 'agents',
		});
		await expect(listing).rejects.toThrow(ListingError);
		await expect(listing).rejects.toThrow(
			/^Convocore answered page 2 of the agents with only agents it had already listed/,
		);
	});

	it('a page that repeats part of what was listed (the list shifted) hands on only what is new', async () => {
		const pages = [range(0, 10), range(8, 10), range(18, 3)];
		const found = await collectNumberedPages(async (page) => ({ items: pages[page - 1] }), {
			max: Infinity,
			pageSize: 10,
		});
		expect(found).toEqual(range(0, 21));
	});

	it('a page size that leaves no page starting where the listing stands is an error', async () => {
		const pages = [range(0, 10), range(10, 7)];
		const listing = collectNumberedPages(async (page) => ({ items: pages[page - 1], total: 40 }), {
			max: Infinity,
			pageSize: 10,
			what: 'leads',
		});
		await expect(listing).rejects.toThrow(
			/^Convocore answered page 2 of the leads with 7 where 10 were asked/,
		);
	});

	it('an offset listing that ignores the offset is an error; results are identified by their ID first', async () => {
		const listing = collectOffsetPages(
			async () => ({ items: [{ id: 'a' }, { id: 'b' }], hasMore: true }),
			{ max: Infinity, pageSize: 2, what: 'voices' },
		);
		await expect(listing).rejects.toThrow(
			/^Convocore answered offset 2 of the voices with only voices/,
		);
		expect(defaultKey({ ID: 'x', id: 'y' })).toBe('ID:x');
		expect(defaultKey({ id: 7 })).toBe('id:7');
		expect(defaultKey({ id: '', name: 'n' })).toBe('json:{"id":"","name":"n"}');
		expect(defaultKey(3)).toBe('json:3');
	});

	describe('collectLinkedPages', () => {
		it('follows a cursor while there is one, with the size Limit still needs', async () => {
			const asked: Array<Record<string, unknown>> = [];
			const found = await collectLinkedPages(
				async (request) => {
					asked.push(request);
					const start = request.cursor ? Number(request.cursor) : 0;
					const items = range(start, Math.min(request.limit, 45 - start));
					const more = start + items.length < 45;
					return { items, hasMore: more, nextCursor: more ? String(start + items.length) : null };
				},
				{ max: 30, pageSize: 20 },
			);
			expect(found).toEqual(range(0, 30));
			expect(asked).toEqual([
				{ page: 1, limit: 20 },
				{ page: 1, limit: 10, cursor: '20' },
			]);
		});

		it('without a cursor pages by number at one size until a short page', async () => {
			const asked: Array<Record<string, unknown>> = [];
			const found = await collectLinkedPages(
				async (request) => {
					asked.push(request);
					const start = (request.page - 1) * request.limit;
					return { items: range(start, Math.max(0, Math.min(request.limit, 45 - start))) };
				},
				{ max: Infinity, pageSize: 20 },
			);
			expect(found).toEqual(range(0, 45));
			expect(asked).toEqual([
				{ page: 1, limit: 20 },
				{ page: 2, limit: 20 },
				{ page: 3, limit: 20 },
			]);
		});

		it('a cursor handed out twice, or more promised without a cursor, is an error', async () => {
			let call = 0;
			const twice = collectLinkedPages(async () => ({ items: [call++], nextCursor: 'same' }), {
				max: Infinity,
				pageSize: 1,
				what: 'conversations',
			});
			await expect(twice).rejects.toThrow(
				/^Convocore handed out the cursor same of the conversations a second time/,
			);
			let next = 0;
			const promised = collectLinkedPages(
				async (request) =>
					request.cursor
						? { items: [next++ + 10], hasMore: true }
						: { items: [next++], nextCursor: 'c1' },
				{ max: Infinity, pageSize: 1 },
			);
			await expect(promised).rejects.toThrow(/said more results follow but gave no cursor/);
		});

		it('hasMore: false and an empty page end it; a server page size other than asked is followed', async () => {
			expect(
				await collectLinkedPages(async () => ({ items: [1, 2], hasMore: false, nextCursor: 'x' }), {
					max: Infinity,
					pageSize: 2,
				}),
			).toEqual([1, 2]);
			const asked: number[][] = [];
			const found = await collectLinkedPages(
				async ({ page, limit }) => {
					asked.push([page, limit]);
					const start = (page - 1) * Math.min(limit, 5);
					const items = range(start, Math.max(0, Math.min(limit, 5, 12 - start)));
					return { items, hasMore: start + items.length < 12 };
				},
				{ max: Infinity, pageSize: 20 },
			);
			expect(found).toEqual(range(0, 12));
			expect(asked).toEqual([
				[1, 20],
				[2, 5],
				[3, 5],
			]);
		});
	});
});

describe('regions', () => {
	it('maps each region to its base, and a custom Base URL without trailing slashes', () => {
		expect(resolveBaseUrl({ region: 'eu' })).toBe('https://eu-gcp-api.vg-stuff.com/v3');
		expect(resolveBaseUrl({ region: 'na' })).toBe('https://na-gcp-api.vg-stuff.com/v3');
		expect(REGION_BASE_URLS).toEqual({
			eu: 'https://eu-gcp-api.vg-stuff.com/v3',
			na: 'https://na-gcp-api.vg-stuff.com/v3',
		});
		expect(resolveBaseUrl({ region: 'xx' as 'eu' })).toBe('https://eu-gcp-api.vg-stuff.com/v3');
		expect(resolveBaseUrl({ region: 'custom', baseUrl: '  http://127.0.0.1:4010/eu/v3//  ' })).toBe(
			'http://127.0.0.1:4010/eu/v3',
		);
		expect(resolveBaseUrl({ region: 'custom', baseUrl: 'HTTPS://Api.Example/v3' })).toBe(
			'HTTPS://Api.Example/v3',
		);
	});

	it('refuses a custom Base URL that is not a full http(s) URL', () => {
		const message =
			"The credential's Base URL must be a full http(s) URL ending in /v3, e.g. http://127.0.0.1:4010/eu/v3";
		for (const baseUrl of [
			undefined,
			'',
			'ftp://host/v3',
			'localhost:4010/v3',
			'http:///v3',
			' x http://a/v3',
		]) {
			expect(() => resolveBaseUrl({ region: 'custom', baseUrl })).toThrow(message);
		}
	});
});

describe('plainCopy', () => {
	it('copies scalars and one level of scalars, not expressions or deeper values', () => {
		expect([undefined, null, 3, true, false, 'text', ''].map(plainCopy)).toEqual([
			undefined,
			null,
			3,
			true,
			false,
			'text',
			'',
		]);
		const list = ['a', 1, null];
		expect(plainCopy(list)).toEqual(list);
		expect(plainCopy(list)).not.toBe(list);
		const fields = { a: 'x', b: 2, c: false };
		expect(plainCopy(fields)).toEqual(fields);
		expect(plainCopy(fields)).not.toBe(fields);
		for (const value of [
			'={{ 1 }}',
			['a', '={{ 2 }}'],
			[['nested']],
			{ a: { b: 1 } },
			{ a: '={{ 3 }}' },
			{ a: undefined },
			() => 1,
			Symbol('s'),
		]) {
			expect(plainCopy(value)).toBe(NOT_PLAIN);
		}
	});
});

describe('telco', () => {
	it('builds every provider path and field from one word', () => {
		expect(TELCO).toBe('twilio');
		expect(telcoField('SmsAccountSid')).toBe('twilioSmsAccountSid');
		expect(NUMBER_PATHS).toEqual({
			buy: '/utils/buy-twilio-number',
			import: '/utils/import-twilio-number',
			release: '/utils/twilio/release-number',
			repairWebhooks: '/utils/twilio/check-number',
			assignToAgent: '/utils/twilio/sync-sms',
		});
		expect(TELCO_API_BASE_URL).toBe('https://api.twilio.com/2010-04-01');
		expect(TELEPHONY_CREDENTIAL_TYPE).toBe('convocoreTelephonyApi');
	});
});
