/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// The drawing of the imports (issue 31's "Done when"): the resource folders side by side on one
// level, above descriptions/ and helpers/; and docs/contributing.md shows the drawing as it is.
import { readFileSync } from 'fs';
import { join } from 'path';
import { drawing, partLevels } from './houseDrawing';
import { readTree, type Tree } from './houseRules';

const root = join(__dirname, '..', '..');
const tree = readTree(root);

/** The levels of the resource folders, and the lowest of them. */
function resourceLevels(levels: Map<string, number>): number[] {
	return [...levels].filter(([part]) => /^actions\/\w+\/$/.test(part)).map(([, level]) => level);
}

describe('the drawing of the imports', () => {
	it('has the resource folders side by side on one level, above descriptions/ and helpers/', () => {
		const levels = partLevels(tree);
		const resources = resourceLevels(levels);
		expect(resources.length).toBeGreaterThanOrEqual(16);
		expect(new Set(resources).size).toBe(1);
		expect(levels.get('descriptions/')).toBeLessThan(resources[0]);
		expect(levels.get('helpers/')).toBeLessThan(resources[0]);
		expect(levels.get('transport/')).toBeLessThan(resources[0]);
	});

	it('is in docs/contributing.md as the tree draws it', () => {
		const docs = readFileSync(join(root, 'docs', 'contributing.md'), 'utf8');
		const shown = /<!-- house drawing -->\n```text\n([\s\S]*?)\n```/.exec(docs)?.[1];
		expect(shown).toBe(drawing(tree));
	});
});

describe('the drawing shows a tree that', () => {
	const fixture = (files: Record<string, string>): Tree => new Map(Object.entries(files));
	const base = {
		'nodes/Convocore/actions/lead/a.operation.ts': "import { p } from '../../descriptions/p';",
		'nodes/Convocore/actions/sms/b.operation.ts':
			"import { h } from '../../helpers/h';\nimport { p } from '../../descriptions/p';",
		'nodes/Convocore/descriptions/p.ts': "import { h } from '../helpers/h';\nexport const p = h;",
		'nodes/Convocore/helpers/h.ts': 'export const h = 1;',
	};

	it('is layered: the resource folders on one level', () => {
		expect(drawing(fixture(base))).toBe(
			'2: actions/lead/ actions/sms/\n1: descriptions/\n0: helpers/',
		);
	});

	it('has a resource folder importing another: they end on two levels', () => {
		const broken = fixture({
			...base,
			'nodes/Convocore/actions/lead/c.ts': "import { b } from '../sms/b.operation';",
		});
		expect(new Set(resourceLevels(partLevels(broken))).size).toBe(2);
	});

	it('has parts importing each other: no drawing, the cycle named', () => {
		const broken = fixture({
			...base,
			'nodes/Convocore/helpers/q.ts': "import { p } from '../descriptions/p';",
		});
		expect(() => partLevels(broken)).toThrow(
			/parts import each other: .*helpers\/.*descriptions\//,
		);
	});
});
