/**
 * Every field that holds an object (or a list) reads `null`, `[]`, `""`, a number and a string
 * of JSON the same way, whichever operation it belongs to (nodes/Convocore/helpers/jsonFields.ts):
 * empty means "not given"; JSON text is parsed; null, the other shape, a number or text is
 * refused, naming the field, before anything reaches Convocore. And Media URLs: one URL as
 * text is a one-item list, several URLs in one text are refused.
 */
import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';
import { readJsonField } from '../../nodes/Convocore/helpers/jsonFields';
import { NUMBER_PATHS } from '../../nodes/shared/telco';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import {
	directSmsParameters,
	runConvocore,
	sandboxCredential,
	useSandbox,
} from '../harness/convocore';

const sandbox = useSandbox();
const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };

interface ObjectField {
	name: string;
	shape: 'object' | 'list';
	/** The field as the error names it. */
	shown: string;
	/** The node's parameters with the field set to `value`. */
	parameters: (value: unknown) => INodeParameters;
	typeVersion?: number;
	/** The request that carries the field, and where in its body. */
	request: { method: string; path: string };
	bodyKey: (body: Record<string, unknown>) => unknown;
	/** A JSON text the field accepts. */
	json: string;
}

const options = (body: Record<string, unknown>) => (body.options ?? {}) as Record<string, unknown>;

/** A JSON option of Call > Start. */
function callOption(name: string, shape: ObjectField['shape'], json: string): ObjectField {
	return {
		name: `call Options > ${name}`,
		shape,
		shown: `options.${name}`,
		parameters: (value) => ({
			resource: 'call',
			operation: 'start',
			agentId: agent,
			to: '+4917611122233',
			options: { [name]: value } as INodeParameters,
		}),
		request: { method: 'POST', path: '/calls' },
		bodyKey: (body) => options(body)[name],
		json,
	};
}

const FIELDS: ObjectField[] = [
	{
		name: 'SMS Agent Options',
		shape: 'object',
		shown: 'options.agentOptions',
		parameters: (value) =>
			directSmsParameters('Hello', { options: { agentOptions: value } as INodeParameters }),
		request: { method: 'POST', path: '/sms' },
		bodyKey: (body) => options(body).agentOptions,
		json: '{"serverData":{"plan":"gold"}}',
	},
	callOption('serverData', 'object', '{"plan":"gold"}'),
	callOption('messagesHistory', 'list', '[{"role":"user","content":"Hi"}]'),
	{
		name: 'number Additional Body Fields',
		shape: 'object',
		shown: 'Additional Fields > Additional Body Fields (JSON)',
		parameters: (value) => ({
			resource: 'phoneNumber',
			operation: 'buy',
			phoneNumber: SANDBOX_IDS.buyableNumber,
			additionalFields: { additionalBodyFields: value } as INodeParameters,
		}),
		request: { method: 'POST', path: NUMBER_PATHS.buy },
		bodyKey: (body) => body.capabilities,
		json: '{"capabilities":["sms","voice"]}',
	},
];

async function run(field: ObjectField, value: unknown) {
	return await runConvocore(field.parameters(value), {
		credential: sandboxCredential(sandbox.current),
		typeVersion: field.typeVersion,
	});
}

function escaped(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe.each(FIELDS)('$name', (field) => {
	const other = field.shape === 'object' ? '[1]' : '{"a":1}';
	const refused: Array<[string, unknown, string]> = [
		['null from an expression', '={{ null }}', 'null'],
		['JSON text holding null', 'null', 'JSON text holding null'],
		...(field.shape === 'object'
			? ([['an empty list', [], 'an empty list']] as Array<[string, unknown, string]>)
			: []),
		[
			'the other shape as JSON text',
			other,
			field.shape === 'object' ? 'JSON text holding a list' : 'JSON text holding a object',
		],
		['a number', '={{ 42 }}', 'a number'],
		['JSON text holding text', '"hello"', 'JSON text holding text'],
	];

	it.each(refused)('refuses %s before sending, naming the field', async (_case, value, got) => {
		const error = (await run(field, value)).error('Convocore');
		const expected = field.shape === 'object' ? 'a JSON object' : 'a JSON list';
		expect(error?.message).toMatch(
			new RegExp(
				`^Invalid input in item 0: ${escaped(field.shown)}: must be ${expected}, .*or left empty \\(got ${escaped(got)}\\)$`,
			),
		);
		// A request that reached Convocore fails the test.
		expect(sandbox.current.count()).toBe(0);
	});

	// A null stored in the workflow (imported JSON) never reaches the node: n8n replaces it with
	// the field's default before the node runs, exactly as if the field were not set.
	it.each([
		['an empty field ("")', ''],
		['an empty field (only spaces)', '  '],
		['a null stored in the workflow', null],
	])('reads %s as not given', async (_case, value) => {
		const result = await run(field, value);
		expect(result.error('Convocore')).toBeUndefined();
		const [sent] = sandbox.current.requests(field.request);
		expect(field.bodyKey(sent.body as Record<string, unknown>)).toBeUndefined();
	});

	it('parses JSON text and sends what it holds', async () => {
		const result = await run(field, field.json);
		expect(result.error('Convocore')).toBeUndefined();
		const [sent] = sandbox.current.requests(field.request);
		const parsed = JSON.parse(field.json) as Record<string, unknown>;
		const expected = field.name === 'number Additional Body Fields' ? parsed.capabilities : parsed;
		expect(field.bodyKey(sent.body as Record<string, unknown>)).toEqual(expected);
	});
});

describe('Media URLs given by an expression', () => {
	const sms = (mediaUrls: unknown) =>
		directSmsParameters('Hello', { additionalFields: { mediaUrls } as INodeParameters });

	it('one URL as text is sent as a one-item list', async () => {
		const result = await runConvocore(sms('={{ " https://example.com/a.png " }}'), {
			credential: sandboxCredential(sandbox.current),
		});
		expect(result.error('Convocore')).toBeUndefined();
		expect(sandbox.current.requests({ method: 'POST', path: '/sms' })[0].body).toMatchObject({
			mediaUrls: ['https://example.com/a.png'],
		});
	});

	it.each([
		['separated by a comma', '={{ "https://example.com/a.png,https://example.com/b.png" }}'],
		[
			'separated by a comma and a space',
			'={{ "https://example.com/a.png, https://example.com/b.png" }}',
		],
		['separated by a line break', '={{ "https://example.com/a.png\\nhttps://example.com/b.png" }}'],
	])('several URLs in one text (%s) are refused before sending', async (_case, mediaUrls) => {
		const error = (
			await runConvocore(sms(mediaUrls), { credential: sandboxCredential(sandbox.current) })
		).error('Convocore');
		expect(error?.message).toMatch(
			/^Invalid SMS request: mediaUrls\.0: must be one URL \(several URLs go in a list/,
		);
		expect(sandbox.current.count()).toBe(0);
	});

	it('null is refused before sending', async () => {
		const error = (
			await runConvocore(sms('={{ null }}'), { credential: sandboxCredential(sandbox.current) })
		).error('Convocore');
		expect(error?.message).toMatch(/mediaUrls: must be a list of URLs \(or a single URL\)/);
		expect(sandbox.current.count()).toBe(0);
	});
});

/**
 * Lead Info and a lead's Metadata are collections: n8n itself reads a stored value that is not
 * an object (null, a list, text, a number, even JSON text) as the empty collection before the
 * node runs, and an expression cannot replace a whole collection. The node then sends nothing of
 * it, as for an empty collection; its own reader would refuse such a value if one ever got through.
 */
describe.each([
	{
		name: 'SMS Lead Info',
		parameters: (value: unknown) =>
			directSmsParameters('Hello', { additionalFields: { leadInfo: value } as INodeParameters }),
		request: { method: 'POST', path: '/sms' },
		typeVersion: undefined,
		bodyKey: (body: Record<string, unknown>) => body.leadInfo,
	},
	{
		name: 'call Lead Info',
		parameters: (value: unknown) => ({
			resource: 'call',
			operation: 'start',
			agentId: agent,
			to: '+4917611122233',
			additionalFields: { leadInfo: value } as INodeParameters,
		}),
		request: { method: 'POST', path: '/calls' },
		typeVersion: undefined,
		bodyKey: (body: Record<string, unknown>) => body.leadInfo,
	},
	{
		name: 'lead Metadata',
		parameters: (value: unknown) => ({
			resource: 'lead',
			operation: 'create',
			agentId: agent,
			leadFields: { name: 'Sam', metaData: value } as INodeParameters,
		}),
		request: { method: 'POST', path: '/leads' },
		typeVersion: 2,
		bodyKey: (body: Record<string, unknown>) =>
			(body.lead as Record<string, unknown> | undefined)?.metaData,
	},
])('$name (a collection)', (collection) => {
	it.each([
		['null', null],
		['an empty list', []],
		['empty text', ''],
		['a number', 42],
		['JSON text', '{"username":"Sam"}'],
	])('stored as %s, is empty and nothing of it is sent', async (_case, value) => {
		const result = await runConvocore(collection.parameters(value), {
			credential: sandboxCredential(sandbox.current),
			typeVersion: collection.typeVersion,
		});
		expect(result.error('Convocore')).toBeUndefined();
		const [sent] = sandbox.current.requests(collection.request);
		expect(collection.bodyKey(sent.body as Record<string, unknown>)).toBeUndefined();
	});
});

describe('the one reader of object and list fields', () => {
	const ctx = {
		getNode: () => ({
			name: 'Convocore',
			type: 'convocore',
			typeVersion: 2,
			position: [0, 0],
			parameters: {},
		}),
	} as unknown as IExecuteFunctions;
	const read = (value: unknown, shape: 'object' | 'list') =>
		shape === 'object'
			? readJsonField(ctx, value, 'field', 3, 'object')
			: readJsonField(ctx, value, 'field', 3, 'list');

	it.each([
		[null, 'object', 'null'],
		[[], 'object', 'an empty list'],
		[42, 'object', 'a number'],
		[true, 'object', 'a boolean'],
		['"text"', 'object', 'JSON text holding text'],
		['null', 'object', 'JSON text holding null'],
		[{}, 'list', 'a object'],
		[null, 'list', 'null'],
	] as const)(
		'refuses %j where %s is expected, naming the field and the item',
		(value, shape, got) => {
			expect(() => read(value, shape)).toThrow(
				new RegExp(
					`^Invalid input in item 3: field: must be a JSON ${shape}, .*or left empty \\(got ${got}\\)$`,
				),
			);
		},
	);

	it.each([
		[undefined, 'object', undefined],
		['', 'object', undefined],
		[{}, 'object', undefined],
		['{}', 'object', undefined],
		[[], 'list', undefined],
		['{"a":1}', 'object', { a: 1 }],
		[{ a: 1 }, 'object', { a: 1 }],
		['[1]', 'list', [1]],
	] as const)('reads %j (%s) as %j', (value, shape, expected) => {
		expect(read(value, shape)).toEqual(expected);
	});
});
