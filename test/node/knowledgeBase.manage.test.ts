/**
 * Knowledge Base > Get, Get Many, Update, Delete and Get Stats through n8n's engine against the
 * sandbox over real HTTP, and the Document picker: exact requests, paging to the end and no
 * further, Simplify, bulk delete, stats that add up, refusals before sending.
 */
import type { INodeParameters } from 'n8n-workflow';
import { searchKnowledgeDocuments } from '../../nodes/Convocore/methods/knowledgeBase';
import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { addKnowledgeDocument } from '../../sandbox/domain/knowledgeBase';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
const rental = { __rl: true, mode: 'list', value: SANDBOX_IDS.rentalAgent };
const own = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };
const rentalKb = `/agents/${SANDBOX_IDS.rentalAgent}/kb`;
const ownKb = `/agents/${SANDBOX_IDS.ownAccountAgent}/kb`;
const [FAQ, PRICING] = SANDBOX_IDS.knowledgeDocIds;
const doc = (value: string) => ({ __rl: true, mode: 'list', value });

async function kb(parameters: INodeParameters) {
	return await runConvocore(
		{ resource: 'knowledgeBase', ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 2 },
	);
}

function addDocs(current: Sandbox, count: number, content = 'c'.repeat(300)): void {
	const agent = current.state.agents[SANDBOX_IDS.ownAccountAgent];
	for (let index = 0; index < count; index++)
		addKnowledgeDocument(current.state, agent, {
			name: `Doc ${index}`,
			sourceType: 'doc',
			content,
		});
}

describe('Knowledge Base > Get, Update, Delete, Get Stats', () => {
	it('Get reads one document with its content and chunks', async () => {
		const result = await kb({ operation: 'get', agentId: rental, docId: doc(FAQ) });
		const [request] = sandbox.current.requests();
		expect([request.method, request.path]).toEqual(['GET', `${rentalKb}/${FAQ}`]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				ID: FAQ,
				name: 'Opening hours FAQ',
				content: expect.stringContaining('Monday'),
				chunks: expect.any(Array),
			}),
		);
	});

	it('Update sends only the fields set, description as metadata and tags as a list', async () => {
		const result = await kb({
			operation: 'update',
			agentId: rental,
			docId: doc(PRICING),
			updateFields: {
				name: 'Prices 2026',
				description: 'Current prices',
				tags: 'pricing,2026',
				url: '',
			},
		});
		const [request] = sandbox.current.requests();
		expect([request.method, request.path, request.body]).toEqual([
			'PATCH',
			`${rentalKb}/${PRICING}`,
			{
				name: 'Prices 2026',
				metadata: { description: 'Current prices' },
				tags: ['pricing', '2026'],
			},
		]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				name: 'Prices 2026',
				refreshRate: '24h',
				url: 'https://acme-dental.example/pricing',
			}),
		);
	});

	it('Update sends refresh rate, content and URL when set', async () => {
		await kb({
			operation: 'update',
			agentId: rental,
			docId: doc(PRICING),
			updateFields: {
				refreshRate: '6h',
				content: 'New prices',
				url: 'https://acme-dental.example/prices',
			},
		});
		expect(sandbox.current.requests()[0].body).toEqual({
			refreshRate: '6h',
			content: 'New prices',
			url: 'https://acme-dental.example/prices',
		});
	});

	it.each([
		[
			'nothing to change',
			{ updateFields: {} },
			'Invalid knowledge document update: needs at least one field to change',
		],
		[
			'a bad URL',
			{ updateFields: { url: 'acme/prices' } },
			'Invalid knowledge document update: url: must be a full http(s) URL (e.g. https://example.com/help)',
		],
		[
			'a bad refresh rate',
			{ updateFields: { refreshRate: '={{ "weekly" }}' } },
			'Invalid knowledge document update: refreshRate: must be one of 6h, 12h, 24h, never',
		],
		[
			'a blank document ID',
			{ docId: { __rl: true, mode: 'id', value: '={{ " " }}' }, updateFields: { name: 'A' } },
			'Invalid knowledge document update: docId: is required',
		],
	])('Update refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await kb({
			operation: 'update',
			agentId: rental,
			docId: doc(PRICING),
			...parameters,
		} as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Delete (one) removes the picked document and says so', async () => {
		const result = await kb({ operation: 'delete', agentId: rental, docId: doc(FAQ) });
		const [request] = sandbox.current.requests();
		expect([request.method, request.path]).toEqual(['DELETE', `${rentalKb}/${FAQ}`]);
		expect(result.items().map((item) => item.json)).toEqual([{ deleted: true, docId: FAQ }]);
		expect(sandbox.current.state.knowledgeDocs[FAQ]).toBeUndefined();
		const again = await kb({ operation: 'delete', agentId: rental, docId: doc(FAQ) });
		expect(again.error('Convocore')?.message).toMatch(/^Not found: Knowledge document kb-seed-faq/);
	});

	it('Delete (many) sends one bulk request with the IDs once each, and reports the count', async () => {
		const result = await kb({
			operation: 'delete',
			agentId: rental,
			deleteMode: 'many',
			docIds: `${FAQ}, ${PRICING}\n${FAQ}`,
		});
		expect(
			sandbox.current.requests().map((request) => [request.method, request.path, request.body]),
		).toEqual([['POST', `${rentalKb}/delete`, { docIds: [FAQ, PRICING] }]]);
		expect(result.items().map((item) => item.json)).toEqual([
			{ deleted: true, deletedCount: 2, docIds: [FAQ, PRICING] },
		]);
		expect(Object.keys(sandbox.current.state.knowledgeDocs)).toEqual([]);
	});

	it('Delete (many) refuses an empty list before anything is sent', async () => {
		const result = await kb({
			operation: 'delete',
			agentId: rental,
			deleteMode: 'many',
			docIds: '={{ [] }}',
		});
		expect(result.error('Convocore')?.message).toBe(
			'Invalid knowledge document deletion: docIds: needs at least one document ID',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('Get Stats outputs { charCount, docsCount }, which add up after a create and a delete', async () => {
		const before = await kb({ operation: 'getStats', agentId: rental });
		const seeded = Object.values(sandbox.current.state.knowledgeDocs).filter(
			(entry) => entry.agentId === SANDBOX_IDS.rentalAgent,
		);
		const seededChars = seeded.reduce((sum, entry) => sum + entry.content.length, 0);
		expect(before.items().map((item) => item.json)).toEqual([
			{ charCount: seededChars, docsCount: 2 },
		]);
		expect(sandbox.current.requests()[0].path).toBe(`${rentalKb}/stats`);

		await kb({
			operation: 'create',
			agentId: rental,
			sourceType: 'doc',
			name: 'Ten',
			content: '0123456789',
		});
		await kb({ operation: 'delete', agentId: rental, docId: doc(FAQ) });
		const after = await kb({ operation: 'getStats', agentId: rental });
		const faqChars = seeded.find((entry) => entry.ID === FAQ)!.content.length;
		expect(after.items()[0].json).toEqual({ charCount: seededChars + 10 - faqChars, docsCount: 2 });
	});
});

describe('Knowledge Base > Get Many', () => {
	it('Return All reads pages of 100 to the end and no further', async () => {
		addDocs(sandbox.current, 250);
		const result = await kb({ operation: 'getAll', agentId: own, returnAll: true });
		expect(result.items()).toHaveLength(250);
		expect(sandbox.current.requests({ path: ownKb }).map((request) => request.query)).toEqual([
			{ page: '1', pageSize: '100' },
			{ page: '2', pageSize: '100' },
			{ page: '3', pageSize: '100' },
		]);
	});

	it('Return All over exactly one full page asks once (totalPages says it is the end)', async () => {
		addDocs(sandbox.current, 100);
		await kb({ operation: 'getAll', agentId: own, returnAll: true });
		expect(sandbox.current.requests({ path: ownKb })).toHaveLength(1);
	});

	it('an empty knowledge base is one request and no items', async () => {
		const result = await kb({ operation: 'getAll', agentId: own, returnAll: true });
		expect(result.items()).toEqual([]);
		expect(sandbox.current.requests({ path: ownKb })).toHaveLength(1);
	});

	it('Limit stops early: one page of the limit', async () => {
		addDocs(sandbox.current, 250);
		const result = await kb({ operation: 'getAll', agentId: own, returnAll: false, limit: 30 });
		expect(result.items().map((item) => item.json.name)).toEqual(
			Array.from({ length: 30 }, (_, index) => `Doc ${index}`),
		);
		expect(sandbox.current.requests({ path: ownKb }).map((request) => request.query)).toEqual([
			{ page: '1', pageSize: '30' },
		]);
	});

	it('Limit above a page reads only the pages it needs', async () => {
		addDocs(sandbox.current, 250);
		const result = await kb({ operation: 'getAll', agentId: own, returnAll: false, limit: 150 });
		expect(result.items()).toHaveLength(150);
		expect(sandbox.current.requests({ path: ownKb })).toHaveLength(2);
	});

	it('Simplify (default) drops chunk bodies and long content, keeping counts and a preview', async () => {
		addDocs(sandbox.current, 1, 'word '.repeat(200));
		const [simple] = (await kb({ operation: 'getAll', agentId: own, returnAll: true })).items();
		expect(simple.json).not.toHaveProperty('chunks');
		expect(simple.json).not.toHaveProperty('content');
		expect(simple.json).toEqual(
			expect.objectContaining({
				name: 'Doc 0',
				contentLength: 1000,
				chunkCount: 2,
				contentPreview: `${'word '.repeat(40)}…`,
			}),
		);
		const [full] = (
			await kb({ operation: 'getAll', agentId: own, returnAll: true, simplify: false })
		).items();
		expect(full.json).toEqual(
			expect.objectContaining({
				content: 'word '.repeat(200),
				chunks: [expect.any(Object), expect.any(Object)],
			}),
		);
	});
});

describe('Knowledge Base > Document picker', () => {
	it("lists the chosen agent's documents by name and source type, and filters", async () => {
		const ctx = loadOptionsContext(
			sandbox.current,
			{ resource: 'knowledgeBase', operation: 'get', agentId: rental },
			{ path: 'parameters.docId' },
		);
		expect(await searchKnowledgeDocuments.call(ctx)).toEqual({
			results: [
				{ name: 'Opening hours FAQ (doc)', value: FAQ },
				{ name: 'Pricing page (url)', value: PRICING },
			],
		});
		expect((await searchKnowledgeDocuments.call(ctx, 'pric')).results).toEqual([
			{ name: 'Pricing page (url)', value: PRICING },
		]);
		expect(sandbox.current.requests({ path: rentalKb })[0].query).toEqual({
			page: '1',
			pageSize: '100',
		});
	});

	it('pages through a large knowledge base with a token', async () => {
		addDocs(sandbox.current, 130);
		const ctx = loadOptionsContext(
			sandbox.current,
			{ resource: 'knowledgeBase', operation: 'get', agentId: own },
			{ path: 'parameters.docId' },
		);
		const first = await searchKnowledgeDocuments.call(ctx);
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('2');
		const second = await searchKnowledgeDocuments.call(ctx, undefined, first.paginationToken);
		expect(second.results).toHaveLength(30);
		expect(second.paginationToken).toBeUndefined();
	});

	it('asks for an agent first', async () => {
		const ctx = loadOptionsContext(
			sandbox.current,
			{
				resource: 'knowledgeBase',
				operation: 'get',
				agentId: { __rl: true, mode: 'list', value: '' },
			},
			{ path: 'parameters.docId' },
		);
		await expect(searchKnowledgeDocuments.call(ctx)).rejects.toThrow('Choose an agent first');
	});
});
