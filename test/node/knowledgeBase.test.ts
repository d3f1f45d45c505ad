/**
 * Knowledge Base > Create through n8n's engine against the sandbox over real HTTP: the exact body
 * for each source (text, URLs, sitemap, input binary file), and every refusal before anything is
 * sent (missing name or content, bad refresh rate, bad URL, file too large, PDF and Word files).
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { MAX_FILE_BYTES } from '../../nodes/Convocore/actions/knowledgeBase/binaryFile';
import { create as createOperation } from '../../nodes/Convocore/actions/knowledgeBase/create.operation';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const agent = { __rl: true, mode: 'list', value: SANDBOX_IDS.ownAccountAgent };
const kbPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/kb`;

async function create(parameters: INodeParameters, input?: INodeExecutionData[]) {
	return await runConvocore(
		{ resource: 'knowledgeBase', operation: 'create', agentId: agent, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 2, input },
	);
}

function fileItem(
	fileName: string,
	mimeType: string,
	content: string | Buffer,
): INodeExecutionData {
	const data = (typeof content === 'string' ? Buffer.from(content, 'utf8') : content).toString(
		'base64',
	);
	const fileExtension = fileName.includes('.') ? fileName.split('.').pop() : undefined;
	return {
		json: {},
		binary: { data: { data, mimeType, fileName, ...(fileExtension ? { fileExtension } : {}) } },
	};
}

function sentBodies() {
	return sandbox.current.requests({ method: 'POST', path: kbPath }).map((request) => request.body);
}

describe('Knowledge Base > Create from text, URLs and a sitemap', () => {
	it('Text: sends name, sourceType doc, content, metadata.description and tags, and outputs the document', async () => {
		const result = await create({
			sourceType: 'doc',
			name: ' Opening hours ',
			content: 'We are open 9 to 5.',
			additionalFields: { description: 'Hours', tags: 'faq, hours,' },
		});
		expect(sentBodies()).toEqual([
			{
				name: 'Opening hours',
				sourceType: 'doc',
				content: 'We are open 9 to 5.',
				metadata: { description: 'Hours' },
				tags: ['faq', 'hours'],
			},
		]);
		expect(result.items()[0].json).toEqual(
			expect.objectContaining({
				ID: expect.any(String),
				name: 'Opening hours',
				content: 'We are open 9 to 5.',
			}),
		);
		expect(sandbox.current.requests()).toHaveLength(1);
	});

	it('URLs: sends the list, refresh rate and scrape flag; nothing of the other sources', async () => {
		await create({
			sourceType: 'url',
			name: 'Help center',
			urls: 'https://example.com/help\nhttps://example.com/faq',
			content: 'left over from Text',
			additionalFields: { refreshRate: '12h', scrapeContent: true },
		});
		expect(sentBodies()).toEqual([
			{
				name: 'Help center',
				sourceType: 'url',
				urls: ['https://example.com/help', 'https://example.com/faq'],
				refreshRate: '12h',
				scrapeContent: true,
			},
		]);
	});

	it('URLs given as a list by an expression are sent as that list', async () => {
		await create({
			sourceType: 'url',
			name: 'Pages',
			urls: '={{ ["https://example.com/a", "https://example.com/b"] }}',
		});
		expect(sentBodies()[0]).toEqual({
			name: 'Pages',
			sourceType: 'url',
			urls: ['https://example.com/a', 'https://example.com/b'],
		});
	});

	it('Sitemap: sends the sitemap URL, max pages and refresh rate', async () => {
		const result = await create({
			sourceType: 'sitemap',
			name: 'Whole site',
			sitemapUrl: 'https://example.com/sitemap.xml',
			additionalFields: { maxPages: 3, refreshRate: '24h' },
		});
		expect(sentBodies()).toEqual([
			{
				name: 'Whole site',
				sourceType: 'sitemap',
				sitemapUrl: 'https://example.com/sitemap.xml',
				maxPages: 3,
				refreshRate: '24h',
			},
		]);
		expect(result.items()[0].json.content).toEqual(expect.stringContaining('example.com'));
	});

	it.each([
		[
			'no name',
			{ sourceType: 'doc', name: '={{ "" }}', content: 'x' },
			'Invalid knowledge document: name: is required',
		],
		[
			'no content',
			{ sourceType: 'doc', name: 'A', content: '  ' },
			'Invalid knowledge document: content: is required for a text document (sourceType doc)',
		],
		[
			'a bad refresh rate',
			{
				sourceType: 'url',
				name: 'A',
				urls: 'https://example.com',
				additionalFields: { refreshRate: '={{ "1h" }}' },
			},
			'Invalid knowledge document: refreshRate: must be one of 6h, 12h, 24h, never',
		],
		[
			'a URL that is not one',
			{ sourceType: 'url', name: 'A', urls: 'https://example.com, example.com/faq' },
			'Invalid knowledge document: urls.1: must be a full http(s) URL (e.g. https://example.com/help)',
		],
		[
			'no URL',
			{ sourceType: 'url', name: 'A', urls: ' , ' },
			'Invalid knowledge document: urls: needs at least one URL for sourceType url',
		],
		[
			'a bad sitemap URL',
			{ sourceType: 'sitemap', name: 'A', sitemapUrl: 'sitemap.xml' },
			'Invalid knowledge document: sitemapUrl: must be a full http(s) URL (e.g. https://example.com/help)',
		],
		[
			'no agent',
			{
				sourceType: 'doc',
				name: 'A',
				content: 'x',
				agentId: { __rl: true, mode: 'id', value: '={{ " " }}' },
			},
			'Invalid knowledge document: agentId: is required',
		],
	])('refuses %s before anything is sent', async (_what, parameters, message) => {
		const result = await create(parameters as INodeParameters);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('a bad second item stops the run before the first is sent, and names the item', async () => {
		const result = await create({ sourceType: 'doc', name: '={{ $json.name }}', content: 'x' }, [
			{ json: { name: 'Good' } },
			{ json: { name: '' } },
		]);
		const error = result.error('Convocore');
		expect(error?.message).toBe('Invalid knowledge document: name: is required');
		expect(error?.description).toContain('In item 1.');
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Knowledge Base > Create from an input binary file', () => {
	it.each([
		['notes.txt', 'text/plain', 'Plain notes\nline 2'],
		['guide.md', 'text/markdown', '# Guide\n\n- step one'],
		['table.csv', 'text/csv', 'question,answer\nopen?,yes'],
		['data.json', 'application/json', '{"hours":"9-5"}'],
		['page.html', 'text/html', '<h1>Hours</h1><p>9–5, Zürich</p>'],
	])(
		'reads %s as UTF-8 text and sends it as a doc named after the file',
		async (fileName, mimeType, content) => {
			const result = await create({ sourceType: 'binaryFile', binaryPropertyName: 'data' }, [
				fileItem(fileName, mimeType, content),
			]);
			expect(sentBodies()).toEqual([{ name: fileName, sourceType: 'doc', content }]);
			expect(result.items()[0].json).toEqual(expect.objectContaining({ name: fileName, content }));
		},
	);

	it('a text type known only by its extension is read; a BOM is dropped; Name wins over the file name', async () => {
		await create(
			{
				sourceType: 'binaryFile',
				name: 'Readme',
				binaryPropertyName: 'data',
				additionalFields: { description: 'From a file' },
			},
			[fileItem('README.md', 'application/octet-stream', '\uFEFFHello')],
		);
		expect(sentBodies()).toEqual([
			{
				name: 'Readme',
				sourceType: 'doc',
				content: 'Hello',
				metadata: { description: 'From a file' },
			},
		]);
	});

	it.each([
		[
			'report.pdf',
			'application/pdf',
			/report\.pdf" is a PDF file, which this node cannot read: Put n8n's Extract From File node \(operation Extract From PDF\) before this node/,
		],
		[
			'contract.docx',
			'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			/contract\.docx" is a Word \(DOCX\) file, which this node cannot read: n8n's Extract From File node has no Word operation/,
		],
		['scan.txt', 'application/pdf', /scan\.txt" is a PDF file/],
		[
			'photo.png',
			'image/png',
			/photo\.png" \(image\/png\) is not a text file this node reads \(TXT, MD, HTML, CSV or JSON\)/,
		],
	])(
		'refuses %s before anything is sent, saying what to do',
		async (fileName, mimeType, message) => {
			const result = await create({ sourceType: 'binaryFile', binaryPropertyName: 'data' }, [
				fileItem(fileName, mimeType, Buffer.from('%PDF-1.7 ...')),
			]);
			expect(result.error('Convocore')?.message).toMatch(
				/^Invalid knowledge document in item 0: file "/,
			);
			expect(result.error('Convocore')?.message).toMatch(message);
			expect(sandbox.current.requests()).toHaveLength(0);
		},
	);

	it('refuses a file over 1 MB, naming the item and the file, before anything is sent', async () => {
		const small = fileItem('ok.txt', 'text/plain', 'fine');
		const big = fileItem('big.txt', 'text/plain', 'a'.repeat(MAX_FILE_BYTES + 1));
		const result = await create({ sourceType: 'binaryFile', binaryPropertyName: 'data' }, [
			small,
			big,
		]);
		expect(result.error('Convocore')?.message).toBe(
			'Invalid knowledge document in item 1: file "big.txt" is 1,048,577 bytes; the limit is 1 MB (1,048,576 bytes)',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('a file of exactly 1 MB is sent', async () => {
		await create({ sourceType: 'binaryFile', binaryPropertyName: 'data' }, [
			fileItem('edge.txt', 'text/plain', 'a'.repeat(MAX_FILE_BYTES)),
		]);
		expect((sentBodies()[0] as { content: string }).content).toHaveLength(MAX_FILE_BYTES);
	});

	it('holds no file text in the plans of the batch: each file is read again when its request goes out', async () => {
		// Every item is checked before the first request; plans holding each file's text would
		// hold every file of the input at once (up to 1 MB each).
		const plans: unknown[] = [];
		const prepare = createOperation.prepare;
		const spy = jest.spyOn(createOperation, 'prepare').mockImplementation(async function (
			this: unknown,
			itemIndex: number,
		) {
			const plan = await prepare.call(this as never, itemIndex);
			plans.push(plan);
			return plan;
		});
		try {
			const texts = [
				'first file '.repeat(1000),
				'second file '.repeat(1000),
				'third file '.repeat(1000),
			];
			await create(
				{ sourceType: 'binaryFile', binaryPropertyName: 'data' },
				texts.map((text, index) => fileItem(`f${index}.txt`, 'text/plain', text)),
			);
			expect(plans).toHaveLength(3);
			const held = JSON.stringify(plans);
			for (const text of texts) expect(held).not.toContain(text.slice(0, 40));
			expect(sentBodies().map((body) => (body as { content: string }).content)).toEqual(texts);
		} finally {
			spy.mockRestore();
		}
	});

	it('refuses a text file holding a NUL byte before anything is sent', async () => {
		const result = await create({ sourceType: 'binaryFile', binaryPropertyName: 'data' }, [
			fileItem('notes.txt', 'text/plain', 'line one\u0000line two'),
		]);
		expect(result.error('Convocore')?.message).toBe(
			'Invalid knowledge document in item 0: file "notes.txt" holds binary data, not text',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it.each([
		[
			'a missing binary property',
			[{ json: {} }],
			'Invalid knowledge document in item 0: binaryPropertyName: the item has no binary property "data"',
		],
		[
			'text that is not UTF-8',
			[fileItem('latin.txt', 'text/plain', Buffer.from([0x43, 0x61, 0x66, 0xe9]))],
			'Invalid knowledge document in item 0: file "latin.txt" is not valid UTF-8 text',
		],
		[
			'an empty file',
			[fileItem('empty.txt', 'text/plain', '')],
			'Invalid knowledge document: content: is required for a text document (sourceType doc)',
		],
	])('refuses %s before anything is sent', async (_what, input, message) => {
		const result = await create(
			{ sourceType: 'binaryFile', binaryPropertyName: 'data' },
			input as INodeExecutionData[],
		);
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Knowledge Base: the stored workflow contract', () => {
	const { properties } = new Convocore().description;

	it('has exactly the operation values of issue 15, and Knowledge Base in the resource menu', () => {
		const operation = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.[0] === 'knowledgeBase',
		);
		expect(
			(operation?.options as Array<{ value: string }>).map((option) => option.value).sort(),
		).toEqual(['create', 'delete', 'get', 'getAll', 'getStats', 'update']);
		const resource = properties.find((property) => property.name === 'resource');
		expect(resource?.options).toContainEqual(
			expect.objectContaining({ name: 'Knowledge Base', value: 'knowledgeBase' }),
		);
	});

	it('states the file size limit in the Input Binary Field hint, and no description has a doubled full stop', () => {
		const mine = properties.filter((property) =>
			(property.displayOptions?.show?.resource as string[] | undefined)?.includes('knowledgeBase'),
		);
		expect(mine.find((property) => property.name === 'binaryPropertyName')?.hint).toContain(
			'up to 1 MB',
		);
		expect(
			mine.map((property) => property.description ?? '').filter((text) => text.includes('..')),
		).toEqual([]);
	});
});
