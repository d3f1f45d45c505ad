/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// The rules of the house (issue 31), over the repository's TypeScript: resource folders side by
// side, every name imported from its home, no import cycle, no long source file, one name per
// resource. Each rule is also run on a made-up tree that breaks it once, so it is seen to fail.
import { join } from 'path';
import {
	crossResourceImports,
	importCycles,
	longFiles,
	readTree,
	reExports,
	resources,
	unnamedFiles,
	type Tree,
} from './houseRules';

const root = join(__dirname, '..', '..');
const tree = readTree(root);

/** Source files in nodes/, credentials/, sandbox/ end at most this many lines after Prettier. */
const LINE_BUDGET = 300;

/** Files the line budget does not hold, each for its reason. */
const LONG_BY_NATURE: Record<string, string> = {
	'sandbox/seed/seed.ts': 'data: the seeded workspace, agents and records, one literal per row',
	'sandbox/seed/voices.ts': 'data: the voice catalogue as the platform lists it, one row a voice',
};

/** Contracts that are not one resource's, each for its reason. */
const SHARED_CONTRACTS: Record<string, string> = {
	common: 'schemas every resource uses (E.164, ids, list envelopes)',
	events: 'the events the platform posts, read by the trigger',
	lazy: 'the lazy schema builder every contract uses',
	predicate: 'the plain predicates the trigger derives from contracts',
	sessions: 'the workspace-wide sessions feed the conversation trigger polls',
	usage: 'usage of agents and of the workspace, shared by two resources',
};

/** Sandbox route files that are not one resource's, each for its reason. */
const SHARED_ROUTES: Record<string, string> = {
	index: 'the table of every route',
	sessions: 'the workspace-wide sessions feed the conversation trigger polls',
	types: 'the route and sent-message types every route file uses',
	usage: 'usage of agents and of the workspace, shared by two resources',
};

const fixture = (files: Record<string, string>): Tree => new Map(Object.entries(files));

describe('the house', () => {
	it('has its resource folders side by side: none imports from another', () => {
		expect(crossResourceImports(tree)).toEqual([]);
	});

	it('imports every name from its home: no module re-exports another module’s names', () => {
		expect(reExports(tree)).toEqual([]);
	});

	it('has no import cycle anywhere', () => {
		expect(importCycles(tree)).toEqual([]);
	});

	it(`has no source file over ${LINE_BUDGET} lines in nodes/, credentials/, sandbox/`, () => {
		expect(longFiles(tree, LINE_BUDGET, Object.keys(LONG_BY_NATURE))).toEqual([]);
	});

	it('exempts from the line budget only files that exist and are long', () => {
		for (const path of Object.keys(LONG_BY_NATURE)) {
			expect(longFiles(tree, LINE_BUDGET, [])).toContainEqual(expect.stringMatching(path));
		}
	});

	it.each([
		['nodes/shared/contracts', SHARED_CONTRACTS],
		['sandbox/routes', SHARED_ROUTES],
	])('names every file of %s/ after a resource folder', (folder, shared) => {
		expect(unnamedFiles(tree, folder, Object.keys(shared))).toEqual([]);
		// Every name on the allow-list is a file there, not a leftover.
		for (const name of Object.keys(shared)) expect(tree.has(`${folder}/${name}.ts`)).toBe(true);
	});

	it('reads the whole repository', () => {
		expect(resources(tree).length).toBeGreaterThanOrEqual(16);
		expect(tree.has('nodes/Convocore/Convocore.node.ts')).toBe(true);
		expect(tree.has('test/tooling/house.test.ts')).toBe(true);
	});
});

describe('the rules fail a tree that', () => {
	it('imports across resource folders (import, import type, export from, require, jest.mock)', () => {
		const broken = fixture({
			'nodes/Convocore/actions/lead/a.ts': "import { x } from '../sms/common';",
			'nodes/Convocore/actions/lead/b.ts': "import type { T } from '../sms/common';",
			'nodes/Convocore/actions/lead/c.ts': "const y = require('../sms/common');",
			'nodes/Convocore/actions/lead/d.ts': "jest.mock('../sms/common');",
			'nodes/Convocore/actions/lead/e.ts': "import { z } from './common';",
			'nodes/Convocore/actions/lead/common.ts': "import { h } from '../../helpers/h';",
			'nodes/Convocore/actions/sms/common.ts': 'export const x = 1;',
			'nodes/Convocore/helpers/h.ts': 'export const h = 1;',
		});
		expect(crossResourceImports(broken)).toEqual([
			'nodes/Convocore/actions/lead/a.ts -> nodes/Convocore/actions/sms/common.ts',
			'nodes/Convocore/actions/lead/b.ts -> nodes/Convocore/actions/sms/common.ts',
			'nodes/Convocore/actions/lead/c.ts -> nodes/Convocore/actions/sms/common.ts',
			'nodes/Convocore/actions/lead/d.ts -> nodes/Convocore/actions/sms/common.ts',
		]);
	});

	it('re-exports another module’s names, in each of its forms', () => {
		const broken = fixture({
			'a.ts': "export * from './b';",
			'b.ts': "export { x } from './c';",
			'c.ts': "export type { T } from './d';",
			'd.ts': "import { y } from './e';\nexport { y };",
			'e.ts': "import type { U } from './f';\nexport type { U as V };",
			'f.ts': "import g from './g';\nexport default g;",
			'ok.ts': "import { y } from './e';\nconst own = y;\nexport { own };\nexport const z = 1;",
		});
		expect(reExports(broken)).toEqual([
			"a.ts:1: export * from './b';",
			"b.ts:1: export { x } from './c';",
			"c.ts:1: export type { T } from './d';",
			'd.ts:2: export { y };',
			'e.ts:2: export type { U as V };',
			'f.ts:2: export default g;',
		]);
	});

	it('has an import cycle, printed as a chain of paths', () => {
		const broken = fixture({
			'sandbox/a.ts': "import { b } from './b';",
			'sandbox/b.ts': "import type { C } from './c/index';",
			'sandbox/c/index.ts': "export { a } from '../a';",
			'test/d.ts': "import { d } from './d';",
			'test/e.ts': "import { a } from '../sandbox/a';",
		});
		expect(importCycles(broken)).toEqual([
			'sandbox/a.ts -> sandbox/b.ts -> sandbox/c/index.ts -> sandbox/a.ts',
			'test/d.ts -> test/d.ts',
		]);
	});

	it('has a long source file in nodes/, credentials/ or sandbox/', () => {
		const lines = (n: number) => 'x;\n'.repeat(n);
		const broken = fixture({
			'nodes/long.ts': lines(301),
			'nodes/fits.ts': lines(300),
			'credentials/long.ts': lines(302),
			'sandbox/seed/data.ts': lines(500),
			'test/long.ts': lines(900),
		});
		expect(longFiles(broken, 300, ['sandbox/seed/data.ts'])).toEqual([
			'credentials/long.ts: 302 lines',
			'nodes/long.ts: 301 lines',
		]);
	});

	it('names a contract or route after no resource', () => {
		const broken = fixture({
			'nodes/Convocore/actions/lead/import.operation.ts': '',
			'nodes/Convocore/actions/leadGroup/get.operation.ts': '',
			'nodes/shared/contracts/leadImport.ts': '',
			'nodes/shared/contracts/leadGroup.ts': '',
			'nodes/shared/contracts/lead.ts': '',
			'nodes/shared/contracts/leadership.ts': '',
			'nodes/shared/contracts/bulkLeads.ts': '',
			'nodes/shared/contracts/common.ts': '',
		});
		expect(unnamedFiles(broken, 'nodes/shared/contracts', ['common'])).toEqual([
			'nodes/shared/contracts/bulkLeads.ts',
			'nodes/shared/contracts/leadership.ts',
		]);
	});
});
