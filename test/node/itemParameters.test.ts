/**
 * The quicker parameter reads of `prepare` (nodes/Convocore/helpers/itemParameters.ts) give the
 * same answers as n8n's own getNodeParameter, read side by side inside n8n's real engine.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { withQuickParameterReads } from '../../nodes/Convocore/helpers/itemParameters';
import { node, runWorkflow, TestNodeTypes } from '../harness/engine';

const PARAMETERS: INodeParameters = {
	reference: '={{ $json.to }}',
	referenceWithoutSpaces: '={{$json.to}}',
	number: '={{ $json.count }}',
	boolean: '={{ $json.flag }}',
	object: '={{ $json.nested }}',
	missing: '={{ $json.missing }}',
	inherited: '={{ $json.toString }}',
	call: '={{ $json.to.toUpperCase() }}',
	bracket: '={{ $json["to"] }}',
	text: '=Hello {{ $json.to }}',
	plain: 'plain text',
	plainNumber: 42,
	plainBoolean: true,
	list: ['message_received', 'call_ended'],
	collection: { first: 'x', second: 2, third: false },
	collectionWithExpression: { first: '={{ $json.to }}', second: 2 },
	nested: { outer: { inner: 'x' } },
};

const COLLECTION_OPTIONS = [
	{ displayName: 'First', name: 'first', type: 'string' as const, default: '' },
	{ displayName: 'Second', name: 'second', type: 'number' as const, default: 0 },
	{ displayName: 'Third', name: 'third', type: 'boolean' as const, default: false },
	{ displayName: 'Outer', name: 'outer', type: 'json' as const, default: '' },
];

function propertyFor(name: string, value: unknown): INodeProperties {
	if (Array.isArray(value)) {
		return {
			displayName: name,
			name,
			type: 'multiOptions',
			default: [],
			options: value.map((entry) => ({ name: String(entry), value: String(entry) })),
		};
	}
	if (typeof value === 'object' && value !== null)
		return {
			displayName: name,
			name,
			type: 'collection',
			default: {},
			options: COLLECTION_OPTIONS,
		};
	if (typeof value === 'number') return { displayName: name, name, type: 'number', default: 0 };
	if (typeof value === 'boolean')
		return { displayName: name, name, type: 'boolean', default: false };
	return { displayName: name, name, type: 'string', default: '' };
}

// eslint-disable-next-line @n8n/community-nodes/node-usable-as-tool -- a test node, never offered to an AI agent
class BothReads implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Both Reads',
		name: 'bothReads',
		group: ['transform'],
		version: 1,
		description: 'Reads every parameter with n8n and with the quicker reads',
		defaults: { name: 'Both Reads' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: Object.entries(PARAMETERS).map(([name, value]) => propertyFor(name, value)),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const quick = withQuickParameterReads(this);
		// A read that fails gives its error message, so failures compare too.
		const attempt = (read: () => unknown) => {
			try {
				return { value: read() };
			} catch (error) {
				return { error: (error as Error).message };
			}
		};
		return [
			this.getInputData().map((_, item) => ({
				json: Object.fromEntries(
					Object.keys(PARAMETERS).map((name) => [
						name,
						{
							n8n: attempt(() => this.getNodeParameter(name, item)),
							quick: attempt(() => quick.getNodeParameter(name, item)),
						},
					]),
				),
				pairedItem: { item },
			})),
		];
	}
}

const TYPE = 'test.bothReads';
const types = new TestNodeTypes().add(TYPE, new BothReads());

describe('quicker parameter reads', () => {
	it('answer exactly as n8n does, for references, plain values and everything else', async () => {
		const input: INodeExecutionData[] = [
			{ json: { to: '+4917600000001', count: 3, flag: true, nested: { a: 1 } } },
			{ json: { to: '+4917600000002', count: 0, flag: false, nested: [1, 2] } },
			{ json: { to: 42 } },
		];
		const run = await runWorkflow({
			nodeTypes: types,
			nodes: [node('Both Reads', TYPE, PARAMETERS)],
			connections: {},
			input,
		});
		const output = run.output('Both Reads');
		expect(output).toHaveLength(input.length);
		for (const item of output) {
			for (const name of Object.keys(PARAMETERS)) {
				const { n8n, quick } = item.json[name] as { n8n: unknown; quick: unknown };
				expect({ name, value: quick }).toEqual({ name, value: n8n });
			}
		}
		// The references did resolve (not both undefined).
		expect((output[0].json.reference as { quick: unknown }).quick).toEqual({
			value: '+4917600000001',
		});
		expect((output[2].json.reference as { quick: unknown }).quick).toEqual({ value: 42 });
		expect((output[0].json.inherited as { quick: { error?: string } }).quick.error).toBeDefined();
		expect((output[0].json.collectionWithExpression as { quick: unknown }).quick).toEqual({
			value: { first: '+4917600000001', second: 2 },
		});
	});
});
