import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const own = `/agents/${SANDBOX_IDS.ownAccountAgent}/kb`;
const rental = `/agents/${SANDBOX_IDS.rentalAgent}/kb`;

async function create(body: Record<string, unknown>, path = own) {
	return await api(sandbox(), 'POST', path, { key, body });
}

describe('sandbox: knowledge base', () => {
	it('creates a text document with its chunks, and stats add up', async () => {
		const content = 'x'.repeat(1200);
		const created = await create({
			name: 'Long text',
			sourceType: 'doc',
			content,
			metadata: { description: 'Filler' },
			tags: ['a'],
		});
		expect(created.status).toBe(200);
		expect(created.body.data).toEqual(
			expect.objectContaining({
				ID: expect.stringMatching(/^kb-\d+$/),
				name: 'Long text',
				sourceType: 'doc',
				content,
				tags: ['a'],
				metadata: { description: 'Filler' },
			}),
		);
		expect(
			created.body.data.chunks.map((chunk: { content: string }) => chunk.content.length),
		).toEqual([500, 500, 200]);
		await create({ name: 'Short', sourceType: 'doc', content: 'hello' });
		const stats = await api(sandbox(), 'GET', `${own}/stats`, { key });
		expect(stats.body).toEqual({
			success: true,
			message: expect.any(String),
			data: { charCount: 1205, docsCount: 2 },
		});
	});

	it('url and sitemap sources produce documents with page text from the URLs', async () => {
		const url = await create({
			name: 'Pricing',
			sourceType: 'url',
			urls: ['https://example.com/pricing', 'https://example.com/faq'],
			refreshRate: '24h',
		});
		expect(url.body.data).toEqual(
			expect.objectContaining({
				sourceType: 'url',
				url: 'https://example.com/pricing',
				refreshRate: '24h',
			}),
		);
		expect(url.body.data.content).toMatch(/pricing \| example\.com[\s\S]*faq \| example\.com/);
		const sitemap = await create({
			name: 'Site',
			sourceType: 'sitemap',
			sitemapUrl: 'https://example.com/sitemap.xml',
			maxPages: 2,
		});
		expect(sitemap.body.data.content.match(/^# /gm)).toHaveLength(2);
	});

	it.each([
		[
			'an unknown key',
			{ name: 'A', sourceType: 'doc', content: 'x', extra: 1 },
			'unknown field: extra (not accepted by the API)',
		],
		[
			'no content for a text document',
			{ name: 'A', sourceType: 'doc' },
			'content: is required for a text document (sourceType doc)',
		],
		[
			'a bad refresh rate',
			{ name: 'A', sourceType: 'url', urls: ['https://a.example'], refreshRate: '1h' },
			'refreshRate: must be one of 6h, 12h, 24h, never',
		],
		[
			'a URL that is not one',
			{ name: 'A', sourceType: 'url', urls: ['ftp://a.example'] },
			'urls.0: must be a full http(s) URL (e.g. https://example.com/help)',
		],
		[
			'metadata without description',
			{ name: 'A', sourceType: 'doc', content: 'x', metadata: {} },
			'metadata.description: is required',
		],
	])('refuses %s with 400 and stores nothing', async (_what, body, issue) => {
		const answer = await create(body);
		expect(answer.status).toBe(400);
		expect(answer.body.issues).toContainEqual({ message: issue });
		expect(
			Object.values(sandbox().state.knowledgeDocs).filter(
				(doc) => doc.agentId === SANDBOX_IDS.ownAccountAgent,
			),
		).toEqual([]);
	});

	it('pages with page/pageSize and answers total, totalPages and currentPage', async () => {
		for (let index = 0; index < 5; index++)
			await create({ name: `Doc ${index}`, sourceType: 'doc', content: `text ${index}` });
		const second = await api(sandbox(), 'GET', own, { key, query: { page: 2, pageSize: 2 } });
		expect(second.body).toEqual(
			expect.objectContaining({ success: true, total: 5, totalPages: 3, currentPage: 2 }),
		);
		expect(second.body.data.map((doc: { name: string }) => doc.name)).toEqual(['Doc 2', 'Doc 3']);
		const past = await api(sandbox(), 'GET', own, { key, query: { page: 4, pageSize: 2 } });
		expect(past.body.data).toEqual([]);
		const tooBig = await api(sandbox(), 'GET', own, { key, query: { pageSize: 101 } });
		expect(tooBig.status).toBe(400);
	});

	it('gets, updates and deletes one document; another agent cannot see it', async () => {
		const [faq] = SANDBOX_IDS.knowledgeDocIds;
		const read = await api(sandbox(), 'GET', `${rental}/${faq}`, { key });
		expect(read.body.data).toEqual(
			expect.objectContaining({
				ID: faq,
				name: 'Opening hours FAQ',
				chunks: [expect.objectContaining({ index: 0 })],
			}),
		);
		expect((await api(sandbox(), 'GET', `${own}/${faq}`, { key })).status).toBe(404);
		const updated = await api(sandbox(), 'PATCH', `${rental}/${faq}`, {
			key,
			body: { name: 'Hours', tags: ['faq', 'hours'] },
		});
		expect(updated.body.data).toEqual(
			expect.objectContaining({
				name: 'Hours',
				tags: ['faq', 'hours'],
				content: read.body.data.content,
			}),
		);
		expect((await api(sandbox(), 'PATCH', `${rental}/${faq}`, { key, body: {} })).status).toBe(400);
		const deleted = await api(sandbox(), 'DELETE', `${rental}/${faq}`, { key });
		expect(deleted.body).toEqual({ success: true, message: expect.any(String) });
		expect((await api(sandbox(), 'GET', `${rental}/${faq}`, { key })).status).toBe(404);
	});

	it("bulk delete removes the agent's documents among the IDs and counts them", async () => {
		const [faq, pricing] = SANDBOX_IDS.knowledgeDocIds;
		const answer = await api(sandbox(), 'POST', `${rental}/delete`, {
			key,
			body: { docIds: [faq, pricing, 'kb-missing'] },
		});
		expect(answer.body).toEqual({ success: true, message: expect.any(String), deletedCount: 2 });
		const stats = await api(sandbox(), 'GET', `${rental}/stats`, { key });
		expect(stats.body.data).toEqual({ charCount: 0, docsCount: 0 });
	});
});
