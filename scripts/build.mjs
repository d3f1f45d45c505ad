#!/usr/bin/env node
// Builds the package n8n loads: one bundled CommonJS file per entry of package.json's `n8n` block
// (dist/credentials/X.credentials.js, dist/nodes/X/X.node.js: the paths saved workflows and n8n's
// loader already know) and each node's codex X.node.json next to its .js. The icons are gulp's
// part of `npm run build` (gulpfile.js), as before.
//
// Then n8n-core's own generator (n8n-generate-metadata, what n8n's nodes use) loads the built
// package with n8n-core's loader and writes what it found: known/nodes.json and
// known/credentials.json (each class's name and file) and types/nodes.json and
// types/credentials.json (the descriptions, as n8n would have collected them). With these four
// files n8n's LazyPackageDirectoryLoader reads four JSON files at startup, in every main and worker
// process, and requires a node's code only when a workflow uses it (docs/lazy-loading.md). They
// are generated from the built classes at every build, never written by hand or committed, so
// they cannot drift from the code (test/load/metadata.test.ts checks).
//
// Why a bundle: n8n requires each entry file when it loads the package. Compiled file by file,
// the entries pulled in 77 modules, and resolving, reading and compiling each one was most of
// the load time. A bundle is one file per entry, so one module load each.
//
// n8n-workflow and zod stay external (n8n provides them: n8n-workflow is the peer, zod that
// one's peer), and so do Node's built-ins (platform node). Nothing is minified: the shipped code
// stays readable for anyone reviewing the package, and minifying saved under half a millisecond
// of the load. No source maps (n8n never reads them; the unminified bundle's stack traces are
// readable as they are) and no .d.ts (nobody imports this package's types). Types are checked
// by `npm run typecheck`, not here.
//
// Usage: node scripts/build.mjs [--outdir <dir>]   (default dist/; relative to the repository; emptied first)
// The folder must be inside the repository: the generator requires the built files, and their
// require('n8n-workflow') resolves through the repository's node_modules.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
	cpSync,
	existsSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';

import { LAZY_LOADING_METADATA, n8nEntryFiles, readPackageJson, repoRoot } from './lib/package.mjs';

/** What n8n provides, besides Node's built-ins: the only packages a built file may require. */
const EXTERNAL_PACKAGES = ['n8n-workflow', 'zod'];

/** dist/nodes/X/X.node.js -> nodes/X/X.node.ts: each entry's source, at the same path under the root. */
function sourceOf(entry) {
	const match = /^dist\/(.+)\.js$/.exec(entry);
	if (!match) throw new Error(`package.json n8n entry ${entry} is not a dist/…/*.js path`);
	return join(repoRoot, `${match[1]}.ts`);
}

const args = process.argv.slice(2);
const outdirArg = args.includes('--outdir') ? args[args.indexOf('--outdir') + 1] : 'dist';
if (!outdirArg) throw new Error('--outdir needs a folder');
const outdir = resolve(repoRoot, outdirArg);
// The output folder is emptied first: never the repository or a folder holding it.
if (outdir === repoRoot || repoRoot.startsWith(outdir + sep))
	throw new Error(`refusing to empty ${outdir}: it holds the repository`);
const entries = n8nEntryFiles(readPackageJson());
/** An entry's path under the output folder: dist/nodes/X/X.node.js -> nodes/X/X.node.js. */
const outputPath = (entry) => entry.slice('dist/'.length);

rmSync(outdir, { recursive: true, force: true });
await build({
	entryPoints: entries.map((entry) => ({
		in: sourceOf(entry),
		out: outputPath(entry).replace(/\.js$/, ''),
	})),
	outdir,
	bundle: true,
	platform: 'node',
	format: 'cjs',
	target: 'node20',
	external: EXTERNAL_PACKAGES,
	tsconfig: join(repoRoot, 'tsconfig.json'),
	logLevel: 'warning',
});
// The codex of each node (categories, documentation links) sits next to its .js, as n8n expects.
for (const entry of entries.filter((file) => file.endsWith('.node.js'))) {
	cpSync(
		sourceOf(entry).replace(/\.ts$/, '.json'),
		join(outdir, outputPath(entry).replace(/\.js$/, '.json')),
	);
}

/**
 * Runs n8n-core's n8n-generate-metadata over the package built into `outdir`. The generator reads
 * package.json in its working folder and writes into dist/ there, so for another output folder it
 * runs in a throwaway package folder whose dist is a link to `outdir`.
 */
function generateMetadata() {
	const n8nCore = dirname(createRequire(import.meta.url).resolve('n8n-core/package.json'));
	const generator = join(
		n8nCore,
		JSON.parse(readFileSync(join(n8nCore, 'package.json'), 'utf8')).bin['n8n-generate-metadata'],
	);
	let packageDir = repoRoot;
	if (outdir !== join(repoRoot, 'dist')) {
		packageDir = mkdtempSync(join(tmpdir(), 'convocore-metadata-'));
		cpSync(join(repoRoot, 'package.json'), join(packageDir, 'package.json'));
		symlinkSync(outdir, join(packageDir, 'dist'), 'dir');
	}
	try {
		const result = spawnSync(process.execPath, [generator], { cwd: packageDir, stdio: 'inherit' });
		if (result.status !== 0)
			throw new Error(`n8n-generate-metadata exited with ${result.status ?? result.signal}`);
	} finally {
		if (packageDir !== repoRoot) rmSync(packageDir, { recursive: true, force: true });
	}
	// The generator also lists the load-options methods the descriptions reference and the ones the
	// nodes define, for n8n's own build to compare. Compared here the same way, then left out of the
	// package: n8n reads only known/ and types/.
	const methods = (name) =>
		JSON.parse(readFileSync(join(outdir, 'methods', `${name}.json`), 'utf8'));
	const defined = methods('defined');
	for (const [node, names] of Object.entries(methods('referenced'))) {
		const missing = names.filter((name) => !(defined[node] ?? []).includes(name));
		if (missing.length > 0)
			throw new Error(
				`node ${node} references load-options methods it does not define: ${missing.join(', ')}`,
			);
	}
	rmSync(join(outdir, 'methods'), { recursive: true, force: true });
	const missing = LAZY_LOADING_METADATA.map(outputPath).filter(
		(file) => !existsSync(join(outdir, file)),
	);
	if (missing.length > 0) throw new Error(`n8n-generate-metadata wrote no ${missing.join(', ')}`);
	for (const file of LAZY_LOADING_METADATA.map(outputPath)) asciiOnly(join(outdir, file));
}

/**
 * Rewrites a generated JSON file with every character beyond ASCII as its \u escape: the same
 * JSON, parsed into the same strings (test/load/metadata.test.ts compares the parsed files with
 * the classes). Why: n8n reads these files at every start, and one '…' in a placeholder made Node
 * decode the whole file into a two-byte string, which JSON.parse then walked: about 2 ms of the
 * 7 ms start (docs/lazy-loading.md). Outside strings JSON holds ASCII only, so this escapes
 * characters inside strings only.
 */
function asciiOnly(file) {
	const text = readFileSync(file, 'utf8');
	const escaped = text.replace(
		/[\u0080-\uffff]/g,
		(char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
	);
	if (escaped !== text) writeFileSync(file, escaped);
}
generateMetadata();
process.stdout.write(
	`built ${entries.map(outputPath).join(', ')} and n8n's lazy-loading metadata (known/, types/) into ${outdir}\n`,
);
