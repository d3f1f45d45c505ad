#!/usr/bin/env node
// Builds the package n8n loads: one bundled CommonJS file per entry of package.json's `n8n` block
// (dist/credentials/X.credentials.js, dist/nodes/X/X.node.js: the paths saved workflows and n8n's
// loader already know) and each node's codex X.node.json next to its .js. The icons are gulp's
// part of `npm run build` (gulpfile.js), as before.
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
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

import { n8nEntryFiles, readPackageJson, repoRoot } from './lib/package.mjs';

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
if (outdir === repoRoot || repoRoot.startsWith(outdir + sep)) throw new Error(`refusing to empty ${outdir}: it holds the repository`);
const entries = n8nEntryFiles(readPackageJson());
/** An entry's path under the output folder: dist/nodes/X/X.node.js -> nodes/X/X.node.js. */
const outputPath = (entry) => entry.slice('dist/'.length);

rmSync(outdir, { recursive: true, force: true });
await build({
	entryPoints: entries.map((entry) => ({ in: sourceOf(entry), out: outputPath(entry).replace(/\.js$/, '') })),
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
	cpSync(sourceOf(entry).replace(/\.ts$/, '.json'), join(outdir, outputPath(entry).replace(/\.js$/, '.json')));
}
process.stdout.write(`built ${entries.map(outputPath).join(', ')} into ${outdir}\n`);
