/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * `npm run bench`: every benchmark of the package, one after the other, against one local
 * sandbox on 127.0.0.1. Each compares its variants side by side in this process (interleaved
 * rounds, medians) and checks the ratios against stated targets; the exit code is 1 when any
 * target or check is missed. Every figure is also written to bench/results.json.
 *
 *   npm run bench                 all benchmarks
 *   npm run bench -- sms trigger  only those whose id is given (agent, sms, sms2000, limit, limit10, cpu, cpuhttp,
 *                                 webhook, load, overhead, pagination, trigger, 429, leads, converse, poll)
 */
import './env';
import { readFileSync, writeFileSync } from 'fs';
import { cpus, loadavg } from 'os';
import { join } from 'path';
import { startSandbox } from '../sandbox';
import { contextFor, type Benchmark } from './common';
import { cpuPerItem, cpuVsHttpNode } from './cpu-per-item';
import { engineOverhead } from './engine-overhead';
import { latencyBackoff } from './latency-backoff';
import { leadImport } from './lead-import';
import { now, Report } from './lib';
import { loadTime } from './load-time';
import { pagination } from './pagination';
import { pollTriggerBench } from './poll-trigger';
import { rateLimit } from './rate-limit';
import { rateWindow, slowRateWindow } from './rate-window';
import { sendMessageBench } from './send-message';
import { agentThroughput, largeBatch, smsThroughput } from './sms-throughput';
import { trigger } from './trigger';
import { triggerCost } from './trigger-cost';

const BENCHMARKS: Benchmark[] = [agentThroughput, smsThroughput, largeBatch, rateWindow, slowRateWindow, cpuPerItem, cpuVsHttpNode, triggerCost, loadTime, engineOverhead, pagination, trigger, rateLimit, latencyBackoff, leadImport, sendMessageBench, pollTriggerBench];

async function main(): Promise<number> {
	const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
	const unknown = wanted.filter((id) => !BENCHMARKS.some((bench) => bench.id === id));
	if (unknown.length) {
		console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((bench) => bench.id).join(', ')}`);
		return 2;
	}
	const selected = wanted.length ? BENCHMARKS.filter((bench) => wanted.includes(bench.id)) : BENCHMARKS;

	const started = now();
	const report = new Report();
	const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	console.log(`Convocore node benchmarks — sandbox at ${sandbox.url}, medians of interleaved rounds, ratios checked against targets`);
	const loadAtStart = loadavg()[0];
	console.log(`load average ${loadAtStart.toFixed(1)} on ${cpus().length} CPUs at start`);
	try {
		for (const bench of selected) {
			report.section(bench.id, bench.title);
			try {
				await bench.run(contextFor(sandbox, report));
			} catch (error) {
				report.crashed(error);
			}
			sandbox.reset();
		}
	} finally {
		await sandbox.close();
	}
	report.printSummary(now() - started);
	const load = Math.max(loadAtStart, loadavg()[0]);
	writeResults(report, { benchmarks: selected.map((bench) => bench.id), elapsedMs: now() - started, loadAverage: [loadAtStart, loadavg()[0]] });
	if (report.failed.length && load > 2 * cpus().length) {
		console.log(
			`note: the machine was heavily loaded (load average up to ${load.toFixed(1)} on ${cpus().length} CPUs); ` +
				'a timing target can miss from contention alone. The correctness checks (✓/✗) do not depend on it.',
		);
	}
	return report.failed.length ? 1 : 0;
}

/** bench/results.json: every figure of this run, to compare releases by. */
function writeResults(report: Report, run: { benchmarks: string[]; elapsedMs: number; loadAverage: number[] }): void {
	const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
	const record = {
		package: `n8n-nodes-convocore@${version}`,
		date: new Date().toISOString(),
		node: process.version,
		cpus: cpus().length,
		...run,
		passed: report.failed.length === 0,
		results: report.results,
		details: report.notes,
	};
	const file = join(__dirname, 'results.json');
	writeFileSync(file, `${JSON.stringify(record, null, '\t')}\n`);
	console.log(`figures written to ${file}`);
}

main().then(
	(code) => {
		process.exitCode = code;
		// Keep-alive sockets and n8n-core timers must not keep a finished run alive.
		setTimeout(() => process.exit(code), 200).unref();
	},
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
