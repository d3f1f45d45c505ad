/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Loading the package inside n8n: n8n-workflow (and with it zod) is already loaded, then n8n
 * requires every credential and node file package.json's `n8n` block lists. Measured on a fresh
 * build made by the shipped build (scripts/build.mjs, into .tmp/) in fresh node processes, as CPU
 * time (wall time on a shared machine adds whatever the scheduler took away), median of several
 * starts; n8n's own Twilio node for scale. Also checks what the build ships: no .d.ts (n8n never
 * reads them; the zod-inferred ones were a third of the unpacked package).
 */
import { execFileSync } from 'child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'fs';
import { join, resolve } from 'path';
import type { Benchmark } from './common';
import { fmtBytes, fmtMs, median } from './lib';

const STARTS = 15;
const TARGET_MS = 10;
const ROOT = resolve(__dirname, '..');
const OUT = join(ROOT, '.tmp', 'bench-build');

/** Requires `files` after n8n-workflow in a fresh process; prints CPU and wall ms of that part. */
const PROBE = `
const { performance } = require('perf_hooks');
require('n8n-workflow');
const cpu = process.cpuUsage(); const wall = performance.now();
for (const file of JSON.parse(process.argv[1])) require(file);
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ cpu: (used.user + used.system) / 1000, wall: performance.now() - wall }));
`;

function loadOnce(files: string[]): { cpu: number; wall: number } {
	const out = execFileSync(process.execPath, ['-e', PROBE, JSON.stringify(files)], { cwd: ROOT, encoding: 'utf8' });
	return JSON.parse(out) as { cpu: number; wall: number };
}

/** The credential and node files n8n requires: package.json's `n8n` block (dist/…/*.js paths). */
function n8nEntries(): string[] {
	const { n8n } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { credentials: string[]; nodes: string[] } };
	return [...n8n.credentials, ...n8n.nodes];
}

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
	);
}

export const loadTime: Benchmark = {
	id: 'load',
	title: `Loading the package inside n8n (n8n-workflow already loaded): ${STARTS} fresh processes, CPU time, median; n8n's Twilio node for scale`,
	async run({ report }) {
		rmSync(OUT, { recursive: true, force: true });
		execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--outdir', OUT], { cwd: ROOT });
		const ours = n8nEntries().map((entry) => join(OUT, entry.replace(/^dist\//, '')));
		const twilio = [require.resolve('n8n-nodes-base/dist/nodes/Twilio/Twilio.node.js')];
		const samples = { ours: [] as Array<{ cpu: number; wall: number }>, twilio: [] as Array<{ cpu: number; wall: number }> };
		for (let i = 0; i < STARTS; i++) {
			samples.ours.push(loadOnce(ours));
			samples.twilio.push(loadOnce(twilio));
		}
		const cpu = median(samples.ours.map((sample) => sample.cpu));
		report.note(`Convocore package: CPU ${samples.ours.map((sample) => sample.cpu.toFixed(1)).join(', ')} ms; wall median ${fmtMs(median(samples.ours.map((sample) => sample.wall)))}`);
		report.note(`Twilio node:       CPU ${samples.twilio.map((sample) => sample.cpu.toFixed(1)).join(', ')} ms`);
		report.target('load the package inside n8n (CPU, median of fresh processes)', cpu, { op: '<=', limit: TARGET_MS }, fmtMs);
		report.info("n8n's Twilio node, same measure", fmtMs(median(samples.twilio.map((sample) => sample.cpu))));

		const built = filesUnder(OUT);
		const declarations = built.filter((file) => file.endsWith('.d.ts'));
		const size = built.reduce((sum, file) => sum + statSync(file).size, 0);
		report.expect('the build ships no .d.ts', declarations.length === 0, declarations.length ? declarations.slice(0, 3).join(', ') : `${built.length} files, ${fmtBytes(size)}`);
		rmSync(OUT, { recursive: true, force: true });
	},
};
