/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// The rules of the house (issue 31) as functions of a tree: a map from a repository path
// ("nodes/Convocore/actions/lead/import.operation.ts") to its text. house.test.ts runs them on the
// repository and on small made-up trees that break each rule once, so each rule is seen to fail.
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, posix, relative, sep } from 'path';
import * as ts from 'typescript';

export type Tree = Map<string, string>;

/** The folders whose TypeScript the rules read, and the top-level scripts. */
const FOLDERS = ['nodes', 'credentials', 'sandbox', 'test', 'bench', 'demo'];

function tsFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : tsFiles(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

/** The repository's TypeScript: nodes/, credentials/, sandbox/, test/, bench/, demo/, scripts/*.ts. */
export function readTree(root: string): Tree {
	const scripts = join(root, 'scripts');
	const files = [
		...FOLDERS.flatMap((folder) => tsFiles(join(root, folder))),
		...readdirSync(scripts)
			.filter((entry) => entry.endsWith('.ts'))
			.map((entry) => join(scripts, entry)),
	];
	return new Map(
		files.map((file) => [relative(root, file).split(sep).join('/'), readFileSync(file, 'utf8')]),
	);
}

/** A path a file names (import, import type, export from, require, import(), jest.mock...). */
function specifiers(text: string): string[] {
	const found = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
	// jest.mock / jest.requireActual / jest.doMock name modules too; preProcessFile skips them.
	for (const match of text.matchAll(
		/\bjest\.(?:mock|doMock|unmock|requireActual|requireMock)\(\s*(['"])([^'"]+)\1/g,
	))
		found.push(match[2]);
	return found;
}

/** The file of the tree a relative specifier names, as TypeScript resolves it; undefined for packages. */
function resolve(tree: Tree, from: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const base = posix.normalize(posix.join(posix.dirname(from), specifier));
	const candidates = [base, `${base}.ts`, `${base}.d.ts`, `${base}/index.ts`];
	return candidates.find((candidate) => tree.has(candidate));
}

/** Every file's imports inside the tree, resolved, each once, in order of appearance. */
export function importGraph(tree: Tree): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	for (const [path, text] of tree) {
		const targets = specifiers(text)
			.map((specifier) => resolve(tree, path, specifier))
			.filter((target): target is string => target !== undefined);
		graph.set(path, [...new Set(targets)]);
	}
	return graph;
}

const ACTIONS = 'nodes/Convocore/actions/';

/** The resource folder a path lies in (nodes/Convocore/actions/<resource>/...), if any. */
function resourceOf(path: string): string | undefined {
	if (!path.startsWith(ACTIONS)) return undefined;
	const rest = path.slice(ACTIONS.length).split('/');
	return rest.length > 1 ? rest[0] : undefined;
}

/** "a -> b" for every import from one resource folder into another. */
export function crossResourceImports(tree: Tree): string[] {
	const found: string[] = [];
	for (const [path, targets] of importGraph(tree)) {
		const from = resourceOf(path);
		if (from === undefined) continue;
		for (const target of targets) {
			const to = resourceOf(target);
			if (to !== undefined && to !== from) found.push(`${path} -> ${target}`);
		}
	}
	return found;
}

/** The local names a file's imports bind (import x, { y as z }, * as ns, import x = require()). */
function importedNames(source: ts.SourceFile): Set<string> {
	const names = new Set<string>();
	for (const statement of source.statements) {
		if (ts.isImportEqualsDeclaration(statement)) names.add(statement.name.text);
		if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
		const clause = statement.importClause;
		if (clause.name) names.add(clause.name.text);
		const bindings = clause.namedBindings;
		if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
		if (bindings && ts.isNamedImports(bindings))
			for (const element of bindings.elements) names.add(element.name.text);
	}
	return names;
}

/** "path: statement" for every export of another module's names. */
export function reExports(tree: Tree): string[] {
	const found: string[] = [];
	for (const [path, text] of tree) {
		const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
		const imported = importedNames(source);
		for (const statement of source.statements) {
			const line = `${path}:${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1}`;
			const said = statement.getText().replace(/\s+/g, ' ');
			if (ts.isExportDeclaration(statement)) {
				// export * from, export { x } from, export type { x } from: always another's names.
				if (statement.moduleSpecifier) found.push(`${line}: ${said}`);
				else if (
					statement.exportClause &&
					ts.isNamedExports(statement.exportClause) &&
					statement.exportClause.elements.some((element) =>
						imported.has((element.propertyName ?? element.name).getText()),
					)
				)
					found.push(`${line}: ${said}`);
			} else if (
				ts.isExportAssignment(statement) &&
				ts.isIdentifier(statement.expression) &&
				imported.has(statement.expression.text)
			)
				found.push(`${line}: ${said}`);
			else if (
				ts.isImportEqualsDeclaration(statement) &&
				statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
			)
				found.push(`${line}: ${said}`);
		}
	}
	return found;
}

/** The strongly connected components of more than one file (or a file importing itself). */
function tangles(graph: Map<string, string[]>): string[][] {
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (node: string) => {
		index.set(node, counter);
		low.set(node, counter++);
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
		}
		if (low.get(node) !== index.get(node)) return;
		const component: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			component.push(member);
		} while (member !== node);
		if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
	};
	for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
	return found;
}

/** The shortest way back from `start` to itself inside one component, as a list of files. */
function shortestCycle(graph: Map<string, string[]>, inside: Set<string>, start: string) {
	const cameFrom = new Map<string, string>();
	const queue = [start];
	while (queue.length > 0) {
		const node = queue.shift()!;
		for (const next of graph.get(node) ?? []) {
			if (!inside.has(next)) continue;
			if (next === start) {
				const chain = [node];
				while (chain[0] !== start) chain.unshift(cameFrom.get(chain[0])!);
				return chain;
			}
			if (!cameFrom.has(next)) {
				cameFrom.set(next, node);
				queue.push(next);
			}
		}
	}
	return [start];
}

/**
 * Every import cycle, as "a -> b -> ... -> a": for each tangle of files that import each other,
 * the shortest cycle through each of its files, each cycle once.
 */
export function importCycles(tree: Tree): string[] {
	const graph = importGraph(tree);
	const cycles = new Set<string>();
	for (const component of tangles(graph)) {
		const inside = new Set(component);
		for (const start of component) {
			const chain = shortestCycle(graph, inside, start);
			// The same cycle found from another of its files: start it at its smallest path.
			const first = chain.indexOf([...chain].sort()[0]);
			const turned = [...chain.slice(first), ...chain.slice(0, first)];
			cycles.add([...turned, turned[0]].join(' -> '));
		}
	}
	return [...cycles].sort();
}

/** The source folders the line budget covers. */
const BUDGETED = ['nodes/', 'credentials/', 'sandbox/'];

/** "path: N lines" for every source file in nodes/, credentials/, sandbox/ over the budget. */
export function longFiles(tree: Tree, budget: number, exempt: readonly string[]): string[] {
	const found: string[] = [];
	for (const [path, text] of tree) {
		if (!BUDGETED.some((folder) => path.startsWith(folder)) || exempt.includes(path)) continue;
		const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
		if (lines > budget) found.push(`${path}: ${lines} lines`);
	}
	return found.sort();
}

/** The resource folders of the action node: nodes/Convocore/actions/<resource>/. */
export function resources(tree: Tree): string[] {
	return [
		...new Set([...tree.keys()].map(resourceOf).filter((r): r is string => r !== undefined)),
	].sort();
}

/**
 * "path" for every file of `folder` whose name does not start with a resource's name (camelCase:
 * `leadImport.ts` starts with `lead`, `leadership.ts` does not), nor is in the allow-list.
 */
export function unnamedFiles(tree: Tree, folder: string, allowed: readonly string[]): string[] {
	const names = resources(tree);
	return [...tree.keys()]
		.filter((path) => posix.dirname(path) === folder)
		.filter((path) => {
			const stem = posix.basename(path).replace(/\.ts$/, '');
			if (allowed.includes(stem)) return false;
			return !names.some(
				(resource) => stem === resource || new RegExp(`^${resource}[A-Z0-9]`).test(stem),
			);
		})
		.sort();
}
