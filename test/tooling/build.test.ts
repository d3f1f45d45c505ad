/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// The shipped build (scripts/build.mjs, what `npm run build` runs): one self-contained bundle per
// entry of package.json's `n8n` block, requiring nothing but what n8n provides (n8n-workflow,
// zod) and Node's built-ins, each exposing the same class as its source. Built into a folder under
// the repository's .tmp/, so the bundles' require('n8n-workflow') resolves as it would in n8n.
import { spawnSync } from 'child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { isBuiltin } from 'module';
import { join, relative } from 'path';
import * as ts from 'typescript';

import { sourceOf, type PackageJson } from './packageRules';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
const nodeEntries = pkg.n8n?.nodes as string[];
const credentialEntries = pkg.n8n?.credentials as string[];
const entries = [...nodeEntries, ...credentialEntries];
/** What n8n provides to a community package besides Node's built-ins. */
const PROVIDED = ['n8n-workflow', 'zod'];

/** dist/nodes/X/X.node.js -> nodes/X/X.node.js: where an entry lands in the build folder. */
const underOut = (entry: string): string => entry.replace(/^dist\//, '');
/** n8n takes the class name from the file name: dist/nodes/Foo/Foo.node.js -> Foo. */
const classNameOf = (entry: string): string => entry.split('/').pop()!.split('.')[0];

/**
 * Every module a script requires, read from its syntax tree: the specifier of each require() or
 * import() with a literal argument, and `(dynamic)` for one whose target is computed at run time.
 */
function requiredModules(fileName: string, code: string): string[] {
	const source = ts.createSourceFile(
		fileName,
		code,
		ts.ScriptTarget.Latest,
		false,
		ts.ScriptKind.JS,
	);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isCallExpression(node)) {
			const callee = node.expression;
			const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
			if (isRequire || callee.kind === ts.SyntaxKind.ImportKeyword) {
				const [target] = node.arguments;
				found.push(target && ts.isStringLiteralLike(target) ? target.text : '(dynamic)');
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/**
 * An instance's shape for comparing a bundled class with its source: its methods' names and its
 * own fields, with each function as a marker (the bundler may rename a function to keep names
 * from different modules apart, so a function's own name is not compared).
 */
function shapeOf(instance: object): string {
	const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(instance)).sort();
	return JSON.stringify({ methods, own: instance }, (_key, value: unknown) =>
		typeof value === 'function' ? '[function]' : value,
	);
}

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
	);
}

let out: string;

beforeAll(() => {
	mkdirSync(join(root, '.tmp'), { recursive: true });
	out = mkdtempSync(join(root, '.tmp', 'build-test-'));
	const result = spawnSync(
		process.execPath,
		[join(root, 'scripts', 'build.mjs'), '--outdir', out],
		{ cwd: root, encoding: 'utf8' },
	);
	if (result.status !== 0)
		throw new Error(`scripts/build.mjs exited with ${result.status}: ${result.stderr}`);
}, 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the build', () => {
	it('holds one .js per n8n entry, the codex next to each node and the lazy-loading metadata: nothing else (no modules, .d.ts or maps)', () => {
		// The icons are copied by gulp, the other half of `npm run build`.
		const codices = nodeEntries.map((entry) => underOut(entry).replace(/\.js$/, '.json'));
		// What n8n's LazyPackageDirectoryLoader reads instead of requiring the entries (test/load/metadata.test.ts).
		const metadata = [
			'known/nodes.json',
			'known/credentials.json',
			'types/nodes.json',
			'types/credentials.json',
		];
		const expected = [...entries.map(underOut), ...codices, ...metadata].sort();
		expect(
			filesUnder(out)
				.map((file) => relative(out, file))
				.sort(),
		).toEqual(expected);
	});

	it.each(entries)('%s requires only n8n-workflow, zod and Node built-ins', (entry) => {
		const required = requiredModules(entry, readFileSync(join(out, underOut(entry)), 'utf8'));
		// The nodes need n8n-workflow at run time (the credentials only its types): proof the reader sees the requires.
		if (entry.endsWith('.node.js')) expect(required).toContain('n8n-workflow');
		expect(required.filter((name) => !PROVIDED.includes(name) && !isBuiltin(name))).toEqual([]);
	});

	it.each(entries)(
		'%s loads and exposes the class its source declares, with the same description',
		(entry) => {
			const className = classNameOf(entry);
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built file, loaded as n8n loads it
			const bundled = require(join(out, underOut(entry))) as Record<string, new () => object>;
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- its TypeScript source, for comparison
			const source = require(join(root, sourceOf(entry)!)) as Record<string, new () => object>;
			expect(typeof bundled[className]).toBe('function');
			const instance = new bundled[className]();
			expect(shapeOf(instance)).toEqual(shapeOf(new source[className]()));
			expect(shapeOf(instance)).toContain(
				entry.endsWith('.node.js') ? '"description"' : '"properties"',
			);
		},
	);
});

describe('requiredModules reads every kind of require', () => {
	it('reports relative, unknown, computed and import() targets', () => {
		const code = `const a = require("./shared"); const b = require('lodash'); const c = require(name); import("zod"); const d = require("node:crypto");`;
		expect(requiredModules('probe.js', code)).toEqual([
			'./shared',
			'lodash',
			'(dynamic)',
			'zod',
			'node:crypto',
		]);
	});
});
