#!/usr/bin/env node
// Runs n8n's own community-package scanner (@n8n/scan-community-package, the code the Creator
// Portal runs) over this package, the two ways it scans a published package:
//   (a) the source checkout, with the scanner's SOURCE_FILE_PATTERNS
//       (package.json, nodes/ and credentials/ sources), and
//   (b) the unpacked `npm pack` tarball, with the patterns the scanner uses for the tarball
//       (compiled **/*.js and the published package.json).
//
// Only the scanner's local analysis function `analyzePackage` is called: its by-name entry point
// checks provenance and downloads the package and its source over the network, which is neither
// wanted nor possible here. The scanner lints with its own bundled copy of
// @n8n/eslint-plugin-community-nodes, so it can differ from `npm run lint` (the project's copy).
//
// Usage: node scripts/scan.mjs [--build]   (--build forces a rebuild; otherwise dist/ is
// rebuilt only when missing or older than the sources)
import { rmSync } from 'node:fs';

import { ensureBuilt, extractTarball, makeTempDir, packInto, repoRoot } from './lib/package.mjs';

// The scanner module makes a temp folder when it is loaded (for downloads this script never
// does) and leaves it behind: point TMPDIR at a folder of ours while it loads, and remove that.
const scannerTmp = makeTempDir('scanner-tmp');
const savedTmpdir = process.env.TMPDIR;
process.env.TMPDIR = scannerTmp;
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(
	'@n8n/scan-community-package/scanner/scanner.mjs'
);
if (savedTmpdir === undefined) delete process.env.TMPDIR;
else process.env.TMPDIR = savedTmpdir;
process.on('exit', () => rmSync(scannerTmp, { recursive: true, force: true }));

// What the scanner lints in the downloaded tarball (scanner.mjs, analyzePackageByName).
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

function report(label, result) {
	process.stdout.write(`\n=== n8n scanner: ${label} ===\n`);
	// The scanner answers "passed" when its glob matched nothing; for this package that means the
	// scan looked at the wrong place, so it is a failure here.
	if (result.message === 'No files found to analyze') {
		process.stdout.write('FAILED: the scanner found no files to analyze\n');
		return false;
	}
	if (result.passed) {
		process.stdout.write('passed: no errors\n');
		return true;
	}
	process.stdout.write(`FAILED: ${result.message ?? 'unknown reason'}\n`);
	if (result.details) process.stdout.write(`${result.details}\n`);
	return false;
}

async function main() {
	const force = process.argv.includes('--build');
	let ok = true;

	const sourceResult = await analyzePackage(repoRoot, SOURCE_FILE_PATTERNS);
	ok = report(`source checkout (${SOURCE_FILE_PATTERNS.join(', ')})`, sourceResult) && ok;

	ensureBuilt({ force });
	const work = makeTempDir('scan');
	try {
		const { tarball, files } = packInto(work);
		process.stdout.write(`packed ${files.length} files into ${tarball}\n`);
		const unpacked = extractTarball(tarball, makeTempDir('scan-unpacked'));
		try {
			const distResult = await analyzePackage(unpacked, TARBALL_FILE_PATTERNS);
			ok = report(`npm pack tarball (${TARBALL_FILE_PATTERNS.join(', ')})`, distResult) && ok;
		} finally {
			rmSync(unpacked, { recursive: true, force: true });
		}
	} finally {
		rmSync(work, { recursive: true, force: true });
	}

	process.stdout.write(`\nn8n scan: ${ok ? 'PASSED' : 'FAILED'}\n`);
	return ok;
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(error) => {
		process.stderr.write(`n8n scan failed to run: ${error.stack ?? error}\n`);
		process.exit(1);
	},
);
