/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
// n8n's rules for a community package's package.json and icons, as checks that return the
// problems they find (an empty list means the package meets them). Kept apart from the test so
// the test can also prove that each check fails on a package that breaks its rule.
import { existsSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

export interface PackageJson {
	name?: unknown;
	license?: unknown;
	keywords?: unknown;
	author?: unknown;
	dependencies?: unknown;
	peerDependencies?: unknown;
	scripts?: Record<string, unknown>;
	overrides?: unknown;
	files?: unknown;
	n8n?: {
		n8nNodesApiVersion?: unknown;
		nodes?: unknown;
		credentials?: unknown;
	};
	[key: string]: unknown;
}

/** Install-time scripts n8n's scanner rejects (no-forbidden-lifecycle-scripts). */
export const FORBIDDEN_SCRIPTS = [
	'prepare',
	'preinstall',
	'install',
	'postinstall',
	'prepublish',
	'preprepare',
	'postprepare',
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringArray = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * The source file a dist entry is compiled from: dist/nodes/X/X.node.js -> nodes/X/X.node.ts.
 * Returns null when the entry is not a dist/…/*.js path.
 */
export function sourceOf(distPath: string): string | null {
	const match = /^dist\/(.+)\.js$/.exec(distPath);
	return match ? `${match[1]}.ts` : null;
}

export function packageJsonProblems(pkg: PackageJson, root: string): string[] {
	const problems: string[] = [];

	if (
		typeof pkg.name !== 'string' ||
		!/^(@[a-z0-9-~][a-z0-9-._~]*\/)?n8n-nodes-[a-z0-9-._~]+$/.test(pkg.name)
	) {
		problems.push(`name ${JSON.stringify(pkg.name)} is not n8n-nodes-* (or @scope/n8n-nodes-*)`);
	}
	if (pkg.license !== 'MIT') problems.push(`license is ${JSON.stringify(pkg.license)}, not MIT`);
	if (!isStringArray(pkg.keywords) || !pkg.keywords.includes('n8n-community-node-package')) {
		problems.push('keywords lack n8n-community-node-package');
	}

	const author = pkg.author;
	if (!isRecord(author)) {
		problems.push('author is not an object with name and email');
	} else {
		if (typeof author.name !== 'string' || author.name.trim() === '')
			problems.push('author has no name');
		if (typeof author.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(author.email)) {
			problems.push(`author email ${JSON.stringify(author.email)} is not an email address`);
		}
	}

	if (
		pkg.dependencies !== undefined &&
		!(isRecord(pkg.dependencies) && Object.keys(pkg.dependencies).length === 0)
	) {
		problems.push(`dependencies must be empty or absent: ${JSON.stringify(pkg.dependencies)}`);
	}
	const peers = pkg.peerDependencies;
	if (!isRecord(peers) || Object.keys(peers).length !== 1 || peers['n8n-workflow'] !== '*') {
		problems.push(
			`peerDependencies must be exactly {"n8n-workflow":"*"}: ${JSON.stringify(peers)}`,
		);
	}
	for (const script of FORBIDDEN_SCRIPTS) {
		if (pkg.scripts && script in pkg.scripts) problems.push(`scripts.${script} is not allowed`);
	}
	if (pkg.overrides !== undefined) problems.push('overrides is not allowed');

	if (!isStringArray(pkg.files) || pkg.files.length !== 1 || pkg.files[0] !== 'dist') {
		problems.push(`files must be ["dist"]: ${JSON.stringify(pkg.files)}`);
	}

	const n8n = pkg.n8n;
	if (!isRecord(n8n)) {
		problems.push('no n8n block');
		return problems;
	}
	if (n8n.n8nNodesApiVersion !== 1) problems.push('n8n.n8nNodesApiVersion is not 1');
	const lists: Array<['nodes' | 'credentials', RegExp]> = [
		['nodes', /^nodes\/.+\.node\.ts$/],
		['credentials', /^credentials\/.+\.credentials\.ts$/],
	];
	for (const [key, sourcePattern] of lists) {
		const entries = n8n[key];
		if (!isStringArray(entries) || entries.length === 0) {
			problems.push(`n8n.${key} is not a non-empty list of paths`);
			continue;
		}
		for (const entry of entries) {
			const source = sourceOf(entry);
			if (source === null) {
				problems.push(`n8n.${key}: ${entry} is not a dist/…/*.js path`);
			} else if (!sourcePattern.test(source)) {
				problems.push(
					`n8n.${key}: ${entry} is not built from ${key}/**/*.${key === 'nodes' ? 'node' : 'credentials'}.ts`,
				);
			} else if (!existsSync(join(root, source))) {
				problems.push(`n8n.${key}: ${entry} has no source file ${source}`);
			}
		}
	}
	return problems;
}

/** The light and dark `file:` icons a node or credential source declares, as repo paths. */
export function declaredIcons(root: string, sourceFile: string): { light?: string; dark?: string } {
	const text = readFileSync(join(root, sourceFile), 'utf8');
	const find = (theme: 'light' | 'dark') => {
		const match = new RegExp(`\\b${theme}\\s*:\\s*['"\`]file:([^'"\`]+)['"\`]`).exec(text);
		// Paths are relative to the compiled file, which sits at the same depth under dist/ as
		// the source under the root, and the build copies icons/ to dist/icons/.
		return match ? relative(root, resolve(dirname(join(root, sourceFile)), match[1])) : undefined;
	};
	return { light: find('light'), dark: find('dark') };
}

export function iconProblems(root: string, sourceFiles: string[]): string[] {
	const problems: string[] = [];
	for (const sourceFile of sourceFiles) {
		if (!existsSync(join(root, sourceFile))) continue; // reported by packageJsonProblems
		const { light, dark } = declaredIcons(root, sourceFile);
		if (!light || !dark) {
			problems.push(`${sourceFile}: no icon: { light: 'file:…', dark: 'file:…' }`);
			continue;
		}
		const contents: string[] = [];
		for (const icon of [light, dark]) {
			const path = join(root, icon);
			if (!icon.endsWith('.svg')) problems.push(`${sourceFile}: icon ${icon} is not an .svg`);
			if (!existsSync(path)) {
				problems.push(`${sourceFile}: icon ${icon} does not exist`);
				continue;
			}
			const svg = readFileSync(path, 'utf8');
			if (!/<svg[\s>]/.test(svg)) problems.push(`${sourceFile}: icon ${icon} is not an SVG`);
			contents.push(svg);
		}
		if (light === dark) problems.push(`${sourceFile}: light and dark icons are the same file`);
		else if (contents.length === 2 && contents[0] === contents[1]) {
			problems.push(`${sourceFile}: light and dark icons have the same content`);
		}
	}
	return problems;
}
