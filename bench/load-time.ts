/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Loading the package inside n8n, side by side in fresh node processes, as CPU time (wall time on
 * a shared machine adds whatever the scheduler took away), minimum and median of at least 11
 * starts each, on a fresh build made by the shipped build (scripts/build.mjs, into .tmp/):
 *  - lazy: what n8n does at every start, in every process: n8n-core's LazyPackageDirectoryLoader
 *    over the package, which reads the dist/known and dist/types metadata the build generates;
 *  - floor: the same loader, in the same warmed process, over the same package.json with empty
 *    metadata files (no node, no credential): what n8n pays for any lazily loaded package. Shown
 *    beside the lazy start with the description's size and the cost of each 100 KB of it, for
 *    information: the floor reads no description, so a ratio to it measures the editor's fields;
 *  - eager: the same loader's fallback without that metadata (n8n-core's PackageDirectoryLoader):
 *    every node and credential required, instantiated and checked;
 *  - n8n's own Twilio node, required (the measure this bench has always compared with; now
 *    information, since n8n's own loader costs twice that with empty metadata);
 *  - the first use of the Convocore node after a lazy start (what a workflow using it pays once)
 *    and the plain require of the package's files (this bench's figure before lazy loading).
 * Each process first does what n8n has done before it loads a community package (see PROBE).
 * Also checks what the build ships: no .d.ts (n8n never reads them; the zod-inferred ones were a
 * third of the unpacked package).
 */
import { execFileSync } from 'child_process';
import {
	copyFileSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'fs';
import { join, resolve } from 'path';
import { buildPackageFolder } from '../test/harness/builtPackage';
import { scaled, type Benchmark } from './common';
import { fmtBytes, fmtMs, fmtRatio, median } from './lib';

const STARTS = 15;
/** The lazy start against the eager load of the same package: the target. Against n8n's own floor
 * (the same loader over empty metadata) it is information, with the description's size beside it. */
const TARGET_LAZY_VS_EAGER = 0.15;
const ROOT = resolve(__dirname, '..');

interface Sample {
	cpu: number;
	wall: number;
	/** Files of the package required during the measured part (lazy start only). */
	required?: number;
	/** CPU ms of the Convocore node's first use after the lazy start. */
	firstUse?: number;
}

/**
 * One fresh process: `mode` is lazy|eager (n8n-core's loaders over the package folder) or require
 * (the files given). Prints CPU and wall ms of the measured part. Every mode starts as n8n does
 * before it reaches the community packages: n8n-workflow and n8n-core loaded, its logger made, and
 * its own nodes (n8n-nodes-base) lazy-loaded, so the loader's code, the file system's thread pool
 * and JSON parsing are warm; then a full garbage collection and a pause, so none of that lands in
 * the measured part.
 */
const PROBE = `
const { performance } = require('perf_hooks');
const { dirname } = require('path');
const [mode, target] = process.argv.slice(1);
require('n8n-workflow');
require('reflect-metadata');
const core = require('n8n-core');
require('@n8n/di').Container.get(require('@n8n/backend-common').Logger);
const fromPackage = () => Object.keys(require.cache).filter((file) => file.startsWith(target + '/') && file.endsWith('.js')).length;
(async () => {
	await new core.LazyPackageDirectoryLoader(dirname(require.resolve('n8n-nodes-base/package.json'))).loadAll();
	global.gc();
	// process.cpuUsage counts every thread: let V8's background sweeping of that load finish first.
	await new Promise((resolve) => setTimeout(resolve, 200));
	const cpu = process.cpuUsage(); const wall = performance.now();
	let loader;
	const lazily = mode === 'lazy' || mode === 'floor';
	if (mode === 'require') for (const file of JSON.parse(target)) require(file);
	else {
		loader = new (lazily ? core.LazyPackageDirectoryLoader : core.PackageDirectoryLoader)(target);
		await loader.loadAll();
		if (loader.isLazyLoaded !== lazily) throw new Error(mode + ' load of ' + target + ': isLazyLoaded ' + loader.isLazyLoaded);
	}
	const used = process.cpuUsage(cpu);
	const sample = { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
	if (mode === 'lazy') {
		sample.required = fromPackage();
		const before = process.cpuUsage();
		loader.getNode('convocore');
		const firstUse = process.cpuUsage(before);
		sample.firstUse = (firstUse.user + firstUse.system) / 1000;
	}
	console.log(JSON.stringify(sample));
})();
`;

type Mode = 'lazy' | 'floor' | 'eager' | 'require';

function loadOnce(mode: Mode, target: string): Sample {
	const out = execFileSync(process.execPath, ['--expose-gc', '-e', PROBE, mode, target], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	return JSON.parse(out) as Sample;
}

/** The credential and node files n8n requires: package.json's `n8n` block (dist/…/*.js paths). */
function n8nEntries(): string[] {
	const { n8n } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		n8n: { credentials: string[]; nodes: string[] };
	};
	return [...n8n.credentials, ...n8n.nodes];
}

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
	);
}

/**
 * n8n's floor for a lazily loaded package: the package's own package.json with metadata files that
 * list nothing, so the loader does all it does for any package (read package.json, read and parse
 * four JSON files) and nothing for this one's nodes.
 */
function emptyMetadataPackage(folder: string): string {
	mkdirSync(join(ROOT, '.tmp'), { recursive: true });
	const floor = mkdtempSync(join(ROOT, '.tmp', 'bench-load-floor-'));
	copyFileSync(join(folder, 'package.json'), join(floor, 'package.json'));
	for (const [dir, empty] of [
		['known', '{}'],
		['types', '[]'],
	]) {
		mkdirSync(join(floor, 'dist', dir), { recursive: true });
		for (const file of ['nodes.json', 'credentials.json'])
			writeFileSync(join(floor, 'dist', dir, file), empty);
	}
	return floor;
}

const cpuOf = (samples: Sample[]) => median(samples.map((sample) => sample.cpu));
const minOf = (samples: Sample[]) => Math.min(...samples.map((sample) => sample.cpu));
const listed = (samples: Sample[]) => samples.map((sample) => sample.cpu.toFixed(1)).join(', ');

export const loadTime: Benchmark = {
	id: 'load',
	title: `Loading the package inside n8n (after n8n-core and n8n's own nodes): lazily as n8n does, n8n's floor (the same loader, empty metadata), eagerly, and n8n's Twilio node; ${STARTS} fresh processes each (fewer with --scale), CPU time, min and median`,
	async run(ctx) {
		const { report } = ctx;
		// At least 11 starts of each for a figure; fewer only to check the bench code (--scale).
		const starts = scaled(ctx, STARTS, 3);
		const folder = buildPackageFolder('bench-load');
		try {
			// The eager load reads the same build without its lazy-loading metadata.
			const eagerFolder = buildPackageFolder('bench-load-eager');
			rmSync(join(eagerFolder, 'dist', 'known'), { recursive: true });
			const floorFolder = emptyMetadataPackage(folder);
			const files = n8nEntries().map((entry) => join(folder, entry));
			const twilio = require.resolve('n8n-nodes-base/dist/nodes/Twilio/Twilio.node.js');
			const samples = {
				lazy: [] as Sample[],
				floor: [] as Sample[],
				eager: [] as Sample[],
				twilio: [] as Sample[],
				required: [] as Sample[],
			};
			try {
				for (let i = 0; i < starts; i++) {
					// Lazy and floor one after the other in every round: drift hits both alike.
					const pair = i % 2 ? (['floor', 'lazy'] as const) : (['lazy', 'floor'] as const);
					for (const mode of pair)
						samples[mode].push(loadOnce(mode, mode === 'lazy' ? folder : floorFolder));
					samples.eager.push(loadOnce('eager', eagerFolder));
					samples.twilio.push(loadOnce('require', JSON.stringify([twilio])));
					samples.required.push(loadOnce('require', JSON.stringify(files)));
				}
			} finally {
				rmSync(eagerFolder, { recursive: true, force: true });
				rmSync(floorFolder, { recursive: true, force: true });
			}
			const lazy = cpuOf(samples.lazy);
			const floor = cpuOf(samples.floor);
			const eager = cpuOf(samples.eager);
			const twilioCpu = cpuOf(samples.twilio);
			const metadata = ['known', 'types'].flatMap((dir) =>
				['nodes.json', 'credentials.json'].map(
					(file) => statSync(join(folder, 'dist', dir, file)).size,
				),
			);
			report.note(
				`lazy start (LazyPackageDirectoryLoader): CPU ${listed(samples.lazy)} ms; wall median ${fmtMs(median(samples.lazy.map((sample) => sample.wall)))}`,
			);
			report.note(`floor (same loader, empty metadata):     CPU ${listed(samples.floor)} ms`);
			report.note(`eager load (PackageDirectoryLoader):     CPU ${listed(samples.eager)} ms`);
			report.note(`Twilio node (require):                   CPU ${listed(samples.twilio)} ms`);
			report.note(`package files (require):                 CPU ${listed(samples.required)} ms`);
			report.note(
				`metadata the lazy start reads: known/nodes ${fmtBytes(metadata[0])}, known/credentials ${fmtBytes(metadata[1])}, types/nodes ${fmtBytes(metadata[2])}, types/credentials ${fmtBytes(metadata[3])}`,
			);
			report.info(
				`lazy start of the package in n8n (LazyPackageDirectoryLoader, CPU; ${starts} processes)`,
				`min ${fmtMs(minOf(samples.lazy))}, median ${fmtMs(lazy)}`,
			);
			report.info(
				`n8n's floor: the same loader over empty metadata, same measure`,
				`min ${fmtMs(minOf(samples.floor))}, median ${fmtMs(floor)}`,
			);
			report.info(
				'eager load of the package in n8n (PackageDirectoryLoader, no metadata), same measure',
				fmtMs(eager),
			);
			// Information, not a target (issue 40): the floor reads no description at all, so no build
			// that keeps every field in the editor can reach 1.3x of it. What the lazy start costs above
			// the floor is the description n8n reads, shown as its size and its cost per 100 KB.
			const metadataBytes = metadata.reduce((sum, bytes) => sum + bytes, 0);
			report.info(
				"lazy start vs n8n's floor (same loader, empty metadata), medians (information: the floor reads no description)",
				fmtRatio(lazy / floor),
			);
			report.info(
				"side by side: n8n's floor | lazy start | the description n8n reads (dist/known + dist/types)",
				`${fmtMs(floor)} | ${fmtMs(lazy)} | ${fmtBytes(metadataBytes)}`,
			);
			report.info(
				'cost of each 100 KB of description at the lazy start ((lazy - floor) / size, medians)',
				fmtMs(((lazy - floor) / metadataBytes) * 100 * 1024),
			);
			report.target(
				'lazy start vs eager load of the same package',
				lazy / eager,
				{ op: '<=', limit: TARGET_LAZY_VS_EAGER },
				fmtRatio,
			);
			report.info("n8n's Twilio node, required, same measure", fmtMs(twilioCpu));
			report.info(
				"lazy start vs n8n's Twilio node's load (n8n's own floor is about twice Twilio's)",
				fmtRatio(lazy / twilioCpu),
			);
			report.info(
				'first use of the Convocore node after a lazy start (once per process, when a workflow uses it)',
				fmtMs(median(samples.lazy.map((sample) => sample.firstUse ?? NaN))),
			);
			report.info(
				'require of the package files alone (the figure before lazy loading)',
				fmtMs(cpuOf(samples.required)),
			);
			const required = Math.max(...samples.lazy.map((sample) => sample.required ?? NaN));
			report.expect(
				'the lazy start requires none of the package code',
				required === 0,
				`${required} files required in the worst start`,
			);

			const built = filesUnder(join(folder, 'dist'));
			const declarations = built.filter((file) => file.endsWith('.d.ts'));
			const size = built.reduce((sum, file) => sum + statSync(file).size, 0);
			report.expect(
				'the build ships no .d.ts',
				declarations.length === 0,
				declarations.length
					? declarations.slice(0, 3).join(', ')
					: `${built.length} files, ${fmtBytes(size)}`,
			);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	},
};
