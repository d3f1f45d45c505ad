/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// The documentation (README.md and docs/*.md): no sentence of the README was lost when the
// per-resource reference moved to docs/ (the list in test/fixtures was taken from the README
// before the move), every relative link points at an existing file and heading, and so does
// every documentation URL of the nodes and credentials (README headings). Runs
// scripts/check-docs.mjs, first on the repository, then on copies broken one way at a time.
import { spawnSync } from 'child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const root = join(__dirname, '..', '..');
const script = join(root, 'scripts', 'check-docs.mjs');
const sentences = join(root, 'test', 'fixtures', 'readme-before-split.sentences.txt');

const check = (folder: string) => {
	const run = spawnSync(process.execPath, [script, '--root', folder, '--sentences', sentences], {
		encoding: 'utf8',
	});
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

describe('documentation', () => {
	it('holds every sentence of the README before the split, and no relative link is broken', () => {
		const { status, output } = check(root);
		expect(output).toMatch(
			/, 0 missing; \d+ relative links checked, 0 broken; [1-9]\d* documentation URLs of the nodes checked, 0 broken\n$/,
		);
		expect(status).toBe(0);
		// The list is the README as it stood, not a token one.
		expect(readFileSync(sentences, 'utf8').split('\n').length).toBeGreaterThan(800);
	});

	describe('the checker fails a copy that', () => {
		let copy: string;
		beforeEach(() => {
			copy = mkdtempSync(join(tmpdir(), 'convocore-docs-'));
			for (const path of [
				'README.md',
				'docs',
				'CHANGELOG.md',
				'LICENSE',
				'examples',
				'scripts',
				'nodes',
				'credentials',
			]) {
				cpSync(join(root, path), join(copy, path), { recursive: true });
			}
		});
		afterEach(() => rmSync(copy, { recursive: true, force: true }));

		const cases: Array<[string, string, (text: string) => string, string | RegExp]> = [
			[
				'lost a sentence of a moved section',
				'docs/sms.md',
				(text) =>
					text.replace('Sends a real message and may cost\ncredits unless **Dry Run** is on.', ''),
				'MISSING (said 1x before, 0x now): Sends a real message and may cost credits unless **Dry Run** is on.',
			],
			[
				// "Nothing was sent." closes many troubleshooting rows: dropping one is a loss too.
				'says a repeated sentence fewer times than before',
				'README.md',
				// Every one in the README's tables: new pages may say it again, so dropping a single one could be made up for elsewhere.
				(text) => text.replace(/ Nothing was sent\.(?= \|)/g, ''),
				/MISSING \(said \d+x before, \d+x now\): Nothing was sent\./,
			],
			[
				'links to a page that does not exist',
				'README.md',
				(text) => text.replace('(docs/call.md)', '(docs/calls.md)'),
				'BROKEN LINK README.md: docs/calls.md: no file docs/calls.md',
			],
			[
				'links to a heading that moved away',
				'docs/sms.md',
				(text) => text.replace('(performance.md)', '(#concurrency-and-performance)'),
				'BROKEN LINK docs/sms.md: #concurrency-and-performance: docs/sms.md has no heading #concurrency-and-performance',
			],
			[
				'renamed a README heading that a documentation URL of a credential names',
				'README.md',
				(text) => text.replace('\n## Credentials\n', '\n## Credential\n'),
				'BROKEN LINK credentials/ConvocoreApi.credentials.ts: https://github.com/convocore-community/n8n-nodes-convocore#credentials: README.md has no heading #credentials',
			],
		];
		it.each(cases)('%s', (_label, file, breakIt, expected) => {
			const path = join(copy, file);
			const before = readFileSync(path, 'utf8');
			const after = breakIt(before);
			expect(after).not.toBe(before);
			writeFileSync(path, after);
			const { status, output } = check(copy);
			expect(output).toMatch(
				typeof expected === 'string' ? new RegExp(escape(expected)) : expected,
			);
			expect(status).toBe(1);
		});
	});
});

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
