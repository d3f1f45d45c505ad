/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * `npm run bench`: every benchmark of the package, one after the other, against one local
 * sandbox on 127.0.0.1. Each compares its variants side by side in this process (interleaved
 * rounds, medians) and checks the ratios against stated targets; the exit code is 1 when any
 * target or check is missed. Every figure is also written to bench/results.json.
 *
 *   npm run bench                 all benchmarks
 *   npm run bench -- sms trigger  only those whose id is given (agent, sms, sms2000, limit, limit10, cpu, cpuhttp,
 *                                 webhook, load, overhead, pagination, trigger, 429, leads, converse, poll, month)
 *   npm run bench -- --scale=0.01 leads   smaller workloads (benchmarks that read ctx.scale), to check the
 *                                 bench code itself; such figures are not the benchmark's
 *
 * The machine's 1-minute load average and its cores are recorded before and after each benchmark;
 * a timing figure measured while the load exceeded the cores is marked noisy and is not met.
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
import { pollMonthBench } from './poll-month';
import { pollTriggerBench } from './poll-trigger';
import { rateLimit } from './rate-limit';
import { rateWindow, slowRateWindow } from './rate-window';
import { sendMessageBench } from './send-message';
import { agentThroughput, largeBatch, smsThroughput } from './sms-throughput';
import { trigger } from './trigger';
import { triggerCost } from './trigger-cost';

const BENCHMARKS: Benchmark[] = [
	agentThroughput,
	smsThroughput,
	largeBatch,
	rateWindow,
	slowRateWindow,
	cpuPerItem,
	cpuVsHttpNode,
	triggerCost,
	loadTime,
	engineOverhead,
	pagination,
	trigger,
	rateLimit,
	latencyBackoff,
	leadImport,
	sendMessageBench,
	pollTriggerBench,
	pollMonthBench,
];

async function main(): Promise<number> {
	const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
	const scaleArg = process.argv.find((arg) => arg.startsWith('--scale='));
	const scale = scaleArg ? Number(scaleArg.slice('--scale='.length)) : 1;
	if (!(scale > 0 && scale <= 1)) {
		console.error(`--scale must be a number in (0, 1], not ${scaleArg}`);
		return 2;
	}
	const unknown = wanted.filter((id) => !BENCHMARKS.some((bench) => bench.id === id));
	if (unknown.length) {
		console.error(
			`Unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((bench) => bench.id).join(', ')}`,
		);
		return 2;
	}
	const selected = wanted.length
		? BENCHMARKS.filter((bench) => wanted.includes(bench.id))
		: BENCHMARKS;

	const started = now();
	const report = new Report();
	const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	console.log(
		`Convocore node benchmarks — sandbox at ${sandbox.url}, medians of interleaved rounds, ratios checked against targets${scale < 1 ? `, workloads scaled by ${scale}` : ''}`,
	);
	const loadAtStart = loadavg()[0];
	console.log(`load average ${loadAtStart.toFixed(1)} on ${cpus().length} CPUs at start`);
	try {
		for (const bench of selected) {
			report.section(bench.id, bench.title);
			try {
				await bench.run(contextFor(sandbox, report, scale));
			} catch (error) {
				report.crashed(error);
			}
			report.endSection();
			sandbox.reset();
		}
	} finally {
		await sandbox.close();
	}
	report.printSummary(now() - started);
	writeResults(report, {
		benchmarks: selected.map((bench) => bench.id),
		scale,
		elapsedMs: now() - started,
		loadAverage: [loadAtStart, loadavg()[0]],
	});
	return report.failed.length ? 1 : 0;
}

/** bench/results.json: every figure of this run, to compare releases by. */
function writeResults(
	report: Report,
	run: { benchmarks: string[]; scale: number; elapsedMs: number; loadAverage: number[] },
): void {
	const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
		version: string;
	};
	const record = {
		package: `n8n-nodes-convocore@${version}`,
		date: new Date().toISOString(),
		node: process.version,
		cpus: cpus().length,
		...run,
		passed: report.failed.length === 0,
		noisy: report.loads.filter((record) => record.noisy).map((record) => record.bench),
		load: report.loads,
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
