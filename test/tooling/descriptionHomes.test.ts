/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// Each shared piece of the nodes' descriptions has one home (issue 31), and nothing writes it a
// second time: the pickers (resource locators), the typed confirmation and its rule, and the
// `Show` type of a property's display conditions. Read from the source, so a copy added later in
// any node, resource folder or trigger fails here, naming the file.
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

const root = join(__dirname, '..', '..');

function tsFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		if (statSync(path).isDirectory()) return tsFiles(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

const sources = tsFiles(join(root, 'nodes')).map((file) => ({
	file: relative(root, file).split('\\').join('/'),
	text: readFileSync(file, 'utf8'),
}));

/** The files that write `pattern`. */
const writing = (pattern: RegExp) =>
	sources.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('one home for each shared description piece', () => {
	it('reads the node sources', () => {
		expect(sources.length).toBeGreaterThan(100);
	});

	it('every picker (resource locator) is built in descriptions/pickers.ts', () => {
		expect(writing(/type: ['"]resourceLocator['"]/)).toEqual([
			'nodes/Convocore/descriptions/pickers.ts',
		]);
	});

	it('the typed confirmation is described in one builder, and checked by one rule', () => {
		expect(writing(/name: ['"]confirmation['"]/)).toEqual([
			'nodes/Convocore/descriptions/confirmation.ts',
		]);
		expect(writing(/must be exactly/)).toEqual(['nodes/Convocore/helpers/confirmation.ts']);
	});

	it('Show is defined once, in descriptions/displayOptions.ts', () => {
		expect(writing(/IDisplayOptions\[['"]show['"]\]/)).toEqual([
			'nodes/Convocore/descriptions/displayOptions.ts',
		]);
		expect(writing(/^(export )?type Show\b/m)).toEqual([
			'nodes/Convocore/descriptions/displayOptions.ts',
		]);
	});
});
