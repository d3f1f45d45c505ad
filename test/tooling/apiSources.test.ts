/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// Provenance: every operation of every node of the package has a row in docs/api-sources.md that
// says where its request and its answer are published (or that they are not). The operations are
// read from the nodes' own descriptions, so an operation added later without a row fails here.
// Keys: `resource:operation` for a node with resources and operations, `<node name>:<event>` for
// each option of an event-choosing parameter (the webhook trigger), and for any other node (a
// polling trigger) at least one row whose key starts with `<node name>:`.
import { readdirSync, readFileSync } from 'fs';
import type {
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { join } from 'path';

const root = join(__dirname, '..', '..');

/** The keys of the rows: the first cell of each table row, when it is one `code` span. */
export function rowKeys(markdown: string): Set<string> {
	const keys = new Set<string>();
	for (const line of markdown.split('\n')) {
		const match = /^\|\s*`([^`]+)`/.exec(line);
		if (match) keys.add(match[1]);
	}
	return keys;
}

/** The keys a node needs rows for (a node without operations or events needs `<name>:` rows). */
export function requiredKeys(description: INodeTypeDescription): {
	keys: string[];
	prefix?: string;
} {
	const operations = description.properties.filter(
		(property) => property.name === 'operation' && property.displayOptions?.show?.resource,
	);
	if (operations.length > 0) {
		return {
			keys: operations.flatMap((property) =>
				(property.options as INodePropertyOptions[]).map(
					(option) =>
						`${String(property.displayOptions?.show?.resource?.[0])}:${String(option.value)}`,
				),
			),
		};
	}
	const events = description.properties.find(
		(property) => /^events?$/.test(property.name) && Array.isArray(property.options),
	);
	if (events)
		return {
			keys: (events.options as INodePropertyOptions[]).map(
				(option) => `${description.name}:${String(option.value)}`,
			),
		};
	return { keys: [], prefix: `${description.name}:` };
}

/** Every node of the package, loaded from its source (nodes/<Name>/<Name>.node.ts exporting <Name>). */
function nodeDescriptions(): INodeTypeDescription[] {
	return readdirSync(join(root, 'nodes'), { withFileTypes: true })
		.filter(
			(entry) =>
				entry.isDirectory() &&
				readdirSync(join(root, 'nodes', entry.name)).includes(`${entry.name}.node.ts`),
		)
		.map((entry) => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- the node list is only known at run time
			const module = require(join(root, 'nodes', entry.name, `${entry.name}.node.ts`)) as Record<
				string,
				new () => INodeType
			>;
			return new module[entry.name]().description as INodeTypeDescription;
		});
}

const documented = rowKeys(readFileSync(join(root, 'docs', 'api-sources.md'), 'utf8'));
const nodes = nodeDescriptions();

describe('docs/api-sources.md', () => {
	it('reads the nodes (the action node with its operations and the webhook trigger with its events)', () => {
		const names = nodes.map((node) => node.name);
		expect(names).toEqual(expect.arrayContaining(['convocore', 'convocoreTrigger']));
		expect(
			requiredKeys(nodes.find((node) => node.name === 'convocore')!).keys.length,
		).toBeGreaterThan(80);
		expect(requiredKeys(nodes.find((node) => node.name === 'convocoreTrigger')!).keys).toContain(
			'convocoreTrigger:lead_captured',
		);
	});

	it.each(nodes.map((node) => [node.name, node] as const))(
		'has a row for every operation of %s',
		(_name, node) => {
			const { keys, prefix } = requiredKeys(node);
			expect(keys.filter((key) => !documented.has(key))).toEqual([]);
			if (prefix) expect([...documented].some((key) => key.startsWith(prefix))).toBe(true);
		},
	);

	it('names a source, or says "not published", on both sides of every row', () => {
		const rows = readFileSync(join(root, 'docs', 'api-sources.md'), 'utf8')
			.split('\n')
			.filter((line) => /^\|\s*`/.test(line));
		const SOURCE = /OAS|Docs|Client|first spec|not published|—/;
		const bad = rows.filter((line) => {
			const cells = line.split(/(?<!\\)\|/).slice(1, -1);
			return (
				cells.length !== 5 ||
				!SOURCE.test(cells[2]) ||
				!SOURCE.test(cells[3]) ||
				cells[4].trim() === ''
			);
		});
		expect(bad).toEqual([]);
	});

	describe('the check itself', () => {
		const node = (properties: INodeTypeDescription['properties'], name = 'convocore') =>
			({ name, properties }) as INodeTypeDescription;

		it('reads `key` cells only from the first column of table rows', () => {
			expect([
				...rowKeys('| `lead:create` | x |\n| a | `lead:get` |\ntext `lead:delete`\n'),
			]).toEqual(['lead:create']);
		});

		it('asks for resource:operation, node:event, or a row under the name of any other node', () => {
			const operation = {
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				default: 'a',
				displayOptions: { show: { resource: ['lead'] } },
				options: [{ name: 'A', value: 'a' }],
			} as INodeProperties;
			expect(requiredKeys(node([operation])).keys).toEqual(['lead:a']);
			const events = {
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				default: [],
				options: [{ name: 'X', value: 'x' }],
			} as INodeProperties;
			expect(requiredKeys(node([events], 'someTrigger')).keys).toEqual(['someTrigger:x']);
			expect(requiredKeys(node([], 'pollTrigger'))).toEqual({ keys: [], prefix: 'pollTrigger:' });
		});
	});
});
