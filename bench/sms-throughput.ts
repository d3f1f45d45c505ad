/**
 * SMS throughput (issue 17, targets 1 to 3): the same batch sent by every contender of
 * ./contenders.ts on the same sandbox, interleaved rounds, medians, peak in flight measured at the
 * sandbox:
 *  - `agent`: 100 agent-mode SMS, the API answering after 2 s (the agent writes the text first);
 *  - `sms`: 300 SMS, the API answering after a log-normal latency (median 50 ms, p99 ≈ 400 ms);
 *  - `sms2000`: 2,000 SMS with the same latency, where a start cost is amortised; and the memory
 *    the node's run leaves behind against the size of its own output.
 */
import { MAX_CONCURRENCY } from '../nodes/Convocore/helpers/concurrency';
import { logNormalLatency } from '../sandbox/server/load';
import { checkSmsBatch, smsItems, type Benchmark, type BenchContext } from './common';
import {
	CONTENDERS,
	HTTP_BATCHING,
	sendWith,
	sendWithConvocore,
	type Contender,
} from './contenders';
import {
	cpuMs,
	describeRuns,
	fmtBytes,
	fmtMs,
	fmtRatio,
	interleave,
	median,
	heapAroundRun,
	spread,
	timed,
} from './lib';

const JITTER = { medianMs: 50, p99Ms: 400 } as const;

interface Workload {
	name: string;
	items: number;
	mode: 'direct' | 'agent';
	/** A fixed latency, or the log-normal jitter above when absent. */
	latencyMs?: number;
	rounds: number;
	contenders: readonly Contender[];
	/** Defaults vs ceiling, wall time. */
	vsCeiling: number;
	/** Defaults vs HTTP batched, wall time, where the issue sets one. */
	vsBatched?: number;
}

type Times = Record<Contender, number[]>;
const perContender = (): Times => ({
	convocore: [],
	ceiling: [],
	http: [],
	'http batched': [],
	fetch: [],
});

async function race(ctx: BenchContext, workload: Workload): Promise<Times> {
	const { sandbox, report } = ctx;
	const times = perContender();
	const cpu = perContender();
	const peaks = perContender();
	const problems: string[] = [];
	await interleave(workload.contenders, workload.rounds, async (contender, round) => {
		const items = smsItems(workload.items, `${workload.name} ${contender} ${round}`);
		sandbox.reset();
		// Every contender of a round meets the same sequence of latencies.
		const jitter = logNormalLatency({ ...JITTER, seed: round + 1 });
		sandbox.shapeLoad({
			latencyMs: workload.latencyMs === undefined ? jitter : () => workload.latencyMs as number,
		});
		const cpuBefore = cpuMs();
		const { ms, value } = await timed(() => sendWith(contender, ctx, items, workload.mode));
		cpu[contender].push(cpuMs() - cpuBefore);
		times[contender].push(ms);
		peaks[contender].push(sandbox.peakInFlight);
		const problem =
			value.error ??
			checkSmsBatch(
				sandbox,
				items,
				contender === 'convocore' || contender === 'ceiling'
					? value.output
					: withPairing(value.output),
			);
		if (problem) problems.push(`${contender}: ${problem}`);
	});
	for (const contender of workload.contenders) {
		report.note(
			`${contender.padEnd(12)} median ${fmtMs(median(times[contender])).padStart(8)} (${times[contender].map(fmtMs).join(', ')}; spread ${(spread(times[contender]) * 100).toFixed(0)}%); ` +
				`peak in flight at the API ${peaks[contender].join('/')}; CPU ${fmtMs(median(cpu[contender]) / workload.items)} per item (node and sandbox)`,
		);
	}
	report.expect(
		`${workload.name}: every SMS sent exactly once, outputs in input order and paired`,
		problems.length === 0,
		problems.length
			? problems.slice(0, 3).join(' | ')
			: `${workload.rounds * workload.contenders.length} batches × ${workload.items}`,
	);
	report.expect(
		`${workload.name}: defaults never above the ceiling (${MAX_CONCURRENCY.default}) in flight, measured at the API`,
		peaks.convocore.every((peak) => peak <= MAX_CONCURRENCY.default),
		`peaks ${peaks.convocore.join('/')}`,
	);
	const vsCeiling = median(times.convocore) / median(times.ceiling);
	report.target(
		`${workload.name}: defaults vs ceiling (fixed ${MAX_CONCURRENCY.default} from the first request), wall time`,
		vsCeiling,
		{ op: '<=', limit: workload.vsCeiling },
		(value) => `${fmtRatio(value)} the time`,
	);
	if (workload.contenders.includes('http batched')) {
		const vsBatched = median(times.convocore) / median(times['http batched']);
		const line = `${workload.name}: defaults vs HTTP batched (${HTTP_BATCHING.batchSize} items / ${HTTP_BATCHING.batchInterval} ms), wall time`;
		if (workload.vsBatched === undefined) report.info(line, `${fmtRatio(vsBatched)} the time`);
		else
			report.target(
				line,
				vsBatched,
				{ op: '<=', limit: workload.vsBatched },
				(value) => `${fmtRatio(value)} the time`,
			);
	}
	report.info(
		`${workload.name}: defaults vs HTTP (all at once), wall time`,
		`${fmtRatio(median(times.convocore) / median(times.http))} the time`,
	);
	report.info(
		`${workload.name}: medians ${workload.contenders.join(' / ')}`,
		workload.contenders.map((contender) => fmtMs(median(times[contender]))).join(' / '),
	);
	return times;
}

/** The HTTP Request node and fetch pass items through without the index pairing the check reads. */
function withPairing<T extends { pairedItem?: unknown }>(output: T[]): T[] {
	return output.map((item, index) => ({ ...item, pairedItem: { item: index } }));
}

async function warmUp(ctx: BenchContext, contenders: readonly Contender[]): Promise<void> {
	// JIT, the engine's first-execution costs, keep-alive sockets, for every contender.
	ctx.sandbox.shapeLoad({ latencyMs: () => 5 });
	for (const contender of contenders)
		await sendWith(contender === 'http batched' ? 'http' : contender, ctx, smsItems(50, 'warm-up'));
}

export const agentThroughput: Benchmark = {
	id: 'agent',
	title:
		'1. 100 agent-mode SMS at 2 s API latency: defaults vs ceiling, HTTP, HTTP batched, fetch; 5 interleaved rounds',
	async run(ctx) {
		await race(ctx, {
			name: '100 agent SMS, 2 s',
			items: 100,
			mode: 'agent',
			latencyMs: 2000,
			rounds: 5,
			contenders: CONTENDERS,
			vsCeiling: 1.15,
		});
	},
};

export const smsThroughput: Benchmark = {
	id: 'sms',
	title: `2. 300 SMS at log-normal latency (median ${JITTER.medianMs} ms, p99 ≈ ${JITTER.p99Ms} ms): defaults vs ceiling, HTTP, HTTP batched, fetch; 5 interleaved rounds`,
	async run(ctx) {
		await warmUp(ctx, CONTENDERS);
		await race(ctx, {
			name: '300 SMS, jitter',
			items: 300,
			mode: 'direct',
			rounds: 5,
			contenders: CONTENDERS,
			vsCeiling: 1.15,
			vsBatched: 0.3,
		});
	},
};

const LARGE = 2000;
/** Retained heap after a run, against the output's own size. */
const TARGET_RETAINED_VS_OUTPUT = 1.2;

export const largeBatch: Benchmark = {
	id: 'sms2000',
	title: `3. ${LARGE} SMS at the same log-normal latency: defaults vs ceiling, HTTP, fetch (HTTP batched takes ${LARGE / HTTP_BATCHING.batchSize} s by construction); 5 interleaved rounds; memory retained`,
	async run(ctx) {
		const contenders: Contender[] = ['convocore', 'ceiling', 'http', 'fetch'];
		await warmUp(ctx, contenders);
		await race(ctx, {
			name: `${LARGE} SMS, jitter`,
			items: LARGE,
			mode: 'direct',
			rounds: 5,
			contenders,
			vsCeiling: 1.05,
		});
		await retainedMemory(ctx);
	},
};

/**
 * What a run at the defaults leaves on the heap while its output is still held, against what
 * the output alone takes (the heap freed when it is dropped). Anything above the output is kept
 * by the node or the engine after the run (a limiter's log, a cache, a closure).
 */
async function retainedMemory(ctx: BenchContext): Promise<void> {
	const { sandbox, report } = ctx;
	const shape = () => {
		sandbox.reset();
		sandbox.shapeLoad({ latencyMs: logNormalLatency({ ...JITTER, seed: 99 }) });
	};
	// One run first, dropped with what the sandbox stored of it: what the first run in this shape
	// makes once (compiled code, the engine's caches) is not what a run retains.
	shape();
	await sendWithConvocore(ctx, smsItems(LARGE, 'memory-warm-up'), 'direct');
	/** One run measured; `keep`, for the control, gets a copy of every output item, as a leaking log would. */
	const measure = async (keep?: unknown[]) => {
		shape();
		const heap = await heapAroundRun(
			async () => {
				const { output } = await sendWithConvocore(ctx, smsItems(LARGE, 'memory'), 'direct');
				if (keep) keep.push(...output.map((item) => structuredClone(item.json)));
				return output;
			},
			// The sandbox's own records of the run are not the node's: cleared before measuring.
			() => sandbox.reset(),
		);
		const outputSize = heap.withOutput - heap.after;
		return { ...heap, outputSize, ratio: (heap.withOutput - heap.before) / outputSize };
	};
	// Five runs, the median counted: the first after the other benchmarks still frees some of
	// their garbage (2.6 MB once, more than the output itself), which one run alone took for a
	// negative retention.
	const runs = [];
	for (let round = 0; round < 5; round++) runs.push(await measure());
	const ratios = runs.map((run) => run.ratio);
	const { before, withOutput, after, count, outputSize } = runs[runs.length - 1];
	const kept: unknown[] = [];
	const control = await measure(kept);
	kept.length = 0;
	report.note(
		`retained vs output, ${describeRuns(ratios, fmtRatio)}: ${ratios.map(fmtRatio).join(', ')}; last run: heap before ${fmtBytes(before)}, with its output held ${fmtBytes(withOutput)}, output dropped ${fmtBytes(after)}; ${count} output items`,
	);
	report.note(
		`control, keeping a copy of every output item: heap before ${fmtBytes(control.before)}, with its output held ${fmtBytes(control.withOutput)}, output dropped ${fmtBytes(control.after)}`,
	);
	report.expect(
		'the memory check sees a known leak (control run keeping a copy of every output item)',
		control.ratio > TARGET_RETAINED_VS_OUTPUT,
		`control ${fmtRatio(control.ratio)} (target ≤ ${fmtRatio(TARGET_RETAINED_VS_OUTPUT)})`,
	);
	report.target(
		`${LARGE} SMS: heap retained after the run vs the output's own size (${fmtBytes(outputSize)})`,
		median(ratios),
		{ op: '<=', limit: TARGET_RETAINED_VS_OUTPUT },
		fmtRatio,
		undefined,
		'other',
	);
}
