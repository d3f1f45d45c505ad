/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// How `n8n-node lint` (the template's eslint.config.mjs, every **/*.ts) and this repository fit
// together: shipped code (nodes/, credentials/) disables no rule at all; code that never ships
// may switch off named rules only, each time with the reason after "--".
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

const root = join(__dirname, '..', '..');

function tsFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : tsFiles(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

/** The ESLint directives in a file's comments (a directive starts its comment). */
const directives = (file: string) =>
	[
		...readFileSync(file, 'utf8').matchAll(/(?:\/\*|\/\/) *(eslint-disable[^\n]*?)(?: *\*\/)?$/gm),
	].map((m) => m[1]);

describe('lint scope', () => {
	it('shipped code (nodes/, credentials/) disables no rule', () => {
		const found = ['nodes', 'credentials'].flatMap((dir) =>
			tsFiles(join(root, dir)).flatMap((file) =>
				directives(file).map((d) => `${relative(root, file)}: ${d}`),
			),
		);
		expect(found).toEqual([]);
	});

	it('code that never ships names the rules it disables and says why', () => {
		const vague = ['test', 'sandbox', 'bench', 'demo'].flatMap((dir) =>
			tsFiles(join(root, dir)).flatMap((file) =>
				directives(file)
					.filter((d) => !/^eslint-disable(-next-line)? [@\w/-]+(, [@\w/-]+)* -- \S/.test(d))
					.map((d) => `${relative(root, file)}: ${d}`),
			),
		);
		expect(vague).toEqual([]);
	});
});
