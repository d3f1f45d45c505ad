#!/usr/bin/env node
// Checks the documentation (README.md and docs/*.md):
// - every sentence of the README as it was before the per-resource reference moved to docs/ (the
//   list in test/fixtures/readme-before-split.sentences.txt) is still said, as often as before;
// - every relative link points at an existing file and, with #anchor, at an existing heading;
// - every README heading the nodes' and credentials' documentation URLs name exists.
// Exit code 1 on any problem, listed one per line.
//
//   node scripts/check-docs.mjs [--root <folder>] [--sentences <file>]
//   node scripts/check-docs.mjs --write-sentences <git revision>   (rewrites the list from that README)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
	brokenDocumentationUrls,
	brokenLinks,
	documentationFiles,
	missingSentences,
	sentencesOf,
} from './lib/docs-check.mjs';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => {
	const at = process.argv.indexOf(name);
	return at === -1 ? undefined : process.argv[at + 1];
};
const root = resolve(option('--root') ?? repository);
const sentencesFile = resolve(
	option('--sentences') ?? join(root, 'test/fixtures/readme-before-split.sentences.txt'),
);

const revision = option('--write-sentences');
if (revision) {
	const readme = execFileSync('git', ['show', `${revision}:README.md`], {
		cwd: repository,
		encoding: 'utf8',
	});
	const sentences = sentencesOf(readme);
	writeFileSync(sentencesFile, `${sentences.join('\n')}\n`);
	console.log(`wrote ${sentences.length} sentences of ${revision}:README.md to ${sentencesFile}`);
	process.exit(0);
}

const before = readFileSync(sentencesFile, 'utf8').split('\n').filter(Boolean);
const files = documentationFiles(root);
const missing = missingSentences(
	before,
	files.map((file) => readFileSync(join(root, file), 'utf8')),
);
const links = brokenLinks(root, files);
// The nodes link to README headings on the repository's page (package.json homepage without #readme).
const { homepage } = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8'));
const documentationUrls = brokenDocumentationUrls(root, homepage.replace(/#.*$/, ''));

for (const { sentence, had, has } of missing)
	console.log(`MISSING (said ${had}x before, ${has}x now): ${sentence}`);
for (const problem of [...links.broken, ...documentationUrls.broken])
	console.log(`BROKEN LINK ${problem}`);
console.log(
	`docs: ${before.length} sentences of the README before the split checked in ${files.length} files, ` +
		`${missing.length} missing; ${links.checked} relative links checked, ${links.broken.length} broken; ` +
		`${documentationUrls.checked} documentation URLs of the nodes checked, ${documentationUrls.broken.length} broken`,
);
process.exit(missing.length || links.broken.length || documentationUrls.broken.length ? 1 : 0);
