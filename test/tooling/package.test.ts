/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
// package.json and icons meet n8n's rules for community packages (see packageRules.ts), and each
// check really rejects a package that breaks its rule.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

import { iconProblems, packageJsonProblems, sourceOf, type PackageJson } from './packageRules';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;

const sourceFiles = (p: PackageJson): string[] =>
	[...((p.n8n?.nodes as string[]) ?? []), ...((p.n8n?.credentials as string[]) ?? [])]
		.map(sourceOf)
		.filter((s): s is string => s !== null);

describe('package.json', () => {
	it('meets n8n community package rules', () => {
		expect(packageJsonProblems(pkg, root)).toEqual([]);
	});

	it('lists at least one node and one credential, each with its source', () => {
		expect((pkg.n8n?.nodes as string[]).length).toBeGreaterThan(0);
		expect((pkg.n8n?.credentials as string[]).length).toBeGreaterThan(0);
		expect(sourceFiles(pkg).length).toBe(
			(pkg.n8n?.nodes as string[]).length + (pkg.n8n?.credentials as string[]).length,
		);
	});
});

describe('icons', () => {
	it('every node and credential has light and dark SVG icons that exist and differ', () => {
		expect(iconProblems(root, sourceFiles(pkg))).toEqual([]);
	});
});

// Each check must be able to fail: break one rule at a time on a copy of the real package.json.
describe('package rules reject a package that breaks them', () => {
	const clone = (): PackageJson => JSON.parse(JSON.stringify(pkg)) as PackageJson;
	const cases: Array<[string, (p: PackageJson) => void, RegExp]> = [
		['a name without n8n-nodes-', (p) => (p.name = 'convocore-nodes'), /^name/],
		['a license other than MIT', (p) => (p.license = 'ISC'), /^license/],
		['no community keyword', (p) => (p.keywords = ['n8n']), /^keywords/],
		['an author without email', (p) => (p.author = { name: 'x' }), /^author email/],
		['an author string', (p) => (p.author = 'x <x@example.com>'), /^author is not/],
		['a runtime dependency', (p) => (p.dependencies = { axios: '1.0.0' }), /^dependencies/],
		['a ranged peer', (p) => (p.peerDependencies = { 'n8n-workflow': '^2' }), /^peerDependencies/],
		[
			'an extra peer',
			(p) => (p.peerDependencies = { 'n8n-workflow': '*', zod: '*' }),
			/^peerDependencies/,
		],
		[
			'a postinstall script',
			(p) => (p.scripts = { ...p.scripts, postinstall: 'x' }),
			/scripts\.postinstall/,
		],
		['a prepare script', (p) => (p.scripts = { ...p.scripts, prepare: 'x' }), /scripts\.prepare/],
		['overrides', (p) => (p.overrides = { lodash: '4' }), /^overrides/],
		['files beyond dist', (p) => (p.files = ['dist', 'src']), /^files/],
		[
			'an n8n API version other than 1',
			(p) => (p.n8n = { ...p.n8n, n8nNodesApiVersion: 2 }),
			/n8nNodesApiVersion/,
		],
		[
			'a node path outside dist',
			(p) => (p.n8n = { ...p.n8n, nodes: ['nodes/Convocore/Convocore.node.ts'] }),
			/not a dist/,
		],
		[
			'a node without its source',
			(p) => (p.n8n = { ...p.n8n, nodes: ['dist/nodes/Missing/Missing.node.js'] }),
			/no source file nodes\/Missing\/Missing\.node\.ts/,
		],
		[
			'a credential listed as a node',
			(p) => (p.n8n = { ...p.n8n, nodes: ['dist/credentials/ConvocoreApi.credentials.js'] }),
			/is not built from nodes/,
		],
		['no credentials', (p) => (p.n8n = { ...p.n8n, credentials: [] }), /n8n\.credentials is not/],
		['no n8n block', (p) => delete p.n8n, /^no n8n block/],
	];
	it.each(cases)('%s', (_label, breakIt, expected) => {
		const broken = clone();
		breakIt(broken);
		const problems = packageJsonProblems(broken, root);
		expect(problems.some((p) => expected.test(p))).toBe(true);
	});
});

describe('icon rule rejects icons that break it', () => {
	let dir: string;
	const write = (file: string, text: string) => {
		mkdirSync(dirname(join(dir, file)), { recursive: true });
		writeFileSync(join(dir, file), text);
	};
	const node = (light: string, dark: string) =>
		`description = { icon: { light: 'file:../../icons/${light}', dark: 'file:../../icons/${dark}' } };`;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'convocore-icons-'));
		write('icons/a.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#000"/></svg>');
		write('icons/a.dark.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#fff"/></svg>');
		write(
			'icons/same.dark.svg',
			'<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#000"/></svg>',
		);
		write('icons/a.png.svg', 'not an svg');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('accepts different light and dark SVGs', () => {
		write('nodes/A/A.node.ts', node('a.svg', 'a.dark.svg'));
		expect(iconProblems(dir, ['nodes/A/A.node.ts'])).toEqual([]);
	});
	it.each([
		['the same file twice', node('a.svg', 'a.svg'), /same file/],
		['the same content', node('a.svg', 'same.dark.svg'), /same content/],
		['a missing dark icon', node('a.svg', 'missing.svg'), /does not exist/],
		['a file that is not SVG', node('a.svg', 'a.png.svg'), /is not an SVG/],
		['a single icon', `description = { icon: 'file:../../icons/a.svg' };`, /no icon/],
	])('rejects %s', (_label, source, expected) => {
		write('nodes/A/A.node.ts', source);
		const problems = iconProblems(dir, ['nodes/A/A.node.ts']);
		expect(problems.some((p) => expected.test(p))).toBe(true);
	});
});
