/**
 * SMS throughput against n8n's own HTTP Request node (issue 11), same sandbox, same items,
 * interleaved rounds, medians:
 *  - 300 SMS, the API answering after 50 ms: the Convocore node at its defaults (adaptive, Max
 *    Concurrency 50) vs the HTTP Request node at its defaults (all 300 in flight at once) vs
 *    a bare fetch per item (the floor). Peak in flight is measured at the sandbox. The node at
 *    the highest Max Concurrency (100), and at a fixed Concurrency of 50 (the default ceiling from
 *    the first request, which no adaptive start can beat) run beside them for information.
 *  - 100 agent-mode SMS, the API answering after 2 s (the agent writes the text first).
 */
import type { INodeParameters } from 'n8n-workflow';
import { MAX_CONCURRENCY } from '../nodes/Convocore/actions/concurrency';
import { checkSmsBatch, smsItems, type Benchmark, type BenchContext } from './common';
import { sendWith, type Contender } from './contenders';
import { cpuMs, fmtMs, fmtRatio, interleave, median, timed } from './lib';

const CONTENDERS: Contender[] = ['convocore', 'convocore, max 100', 'convocore, fixed 50', 'http request node', 'fetch'];
const perContender = (): Record<Contender, number[]> => ({
	convocore: [],
	'convocore, max 100': [],
	'convocore, fixed 50': [],
	'http request node': [],
	fetch: [],
});

/** Targets of issue 11. */
const TARGET_DIRECT_VS_HTTP_NODE = 1.2;
const TARGET_AGENT_VS_HTTP_NODE = 1.3;

interface Workload {
	name: string;
	items: number;
	latencyMs: number;
	mode: 'direct' | 'agent';
	rounds: number;
	target: number;
}

async function race(ctx: BenchContext, workload: Workload, options: INodeParameters = {}): Promise<void> {
	const { sandbox, report } = ctx;
	const times = perContender();
	const cpu = perContender();
	const peaks = perContender();
	const problems: string[] = [];
	await interleave(CONTENDERS, workload.rounds, async (contender, round) => {
		const items = smsItems(workload.items, `${workload.name} ${contender} ${round}`);
		sandbox.reset();
		sandbox.shapeLoad({ latencyMs: () => workload.latencyMs });
		const cpuBefore = cpuMs();
		const { ms, value } = await timed(() => sendWith(contender, ctx, items, workload.mode, options));
		cpu[contender].push(cpuMs() - cpuBefore);
		times[contender].push(ms);
		peaks[contender].push(sandbox.peakInFlight);
		const problem = value.error ?? checkSmsBatch(sandbox, items, contender === 'fetch' ? withPairing(value.output) : value.output);
		if (problem) problems.push(`${contender}: ${problem}`);
	});
	for (const contender of CONTENDERS) {
		report.note(
			`${contender.padEnd(18)} median ${fmtMs(median(times[contender])).padStart(8)} (${times[contender].map(fmtMs).join(', ')}); ` +
				`peak in flight at the API ${peaks[contender].join('/')}; CPU ${fmtMs(median(cpu[contender]) / workload.items)} per item (node and sandbox)`,
		);
	}
	report.expect(`${workload.name}: every SMS sent exactly once, outputs in input order and paired`, problems.length === 0, problems.length ? problems.slice(0, 3).join(' | ') : `${workload.rounds * CONTENDERS.length} batches × ${workload.items}`);
	report.expect(
		`${workload.name}: Convocore never above its ceiling (${MAX_CONCURRENCY.default}) in flight, measured at the API`,
		peaks.convocore.every((peak) => peak <= MAX_CONCURRENCY.default),
		`peaks ${peaks.convocore.join('/')}`,
	);
	const ratio = median(times.convocore) / median(times['http request node']);
	report.target(`${workload.name}: Convocore (defaults) vs HTTP Request node (defaults), wall time`, ratio, { op: '<=', limit: workload.target }, (value) => `${fmtRatio(value)} the time`);
	report.info(
		`${workload.name}: Convocore at Max Concurrency ${MAX_CONCURRENCY.max} vs HTTP Request node, wall time (peaks ${peaks['convocore, max 100'].join('/')})`,
		`${fmtRatio(median(times['convocore, max 100']) / median(times['http request node']))} the time`,
	);
	report.info(
		`${workload.name}: Convocore at Concurrency ${MAX_CONCURRENCY.default} (fixed, the default ceiling from the first request) vs HTTP Request node, wall time`,
		`${fmtRatio(median(times['convocore, fixed 50']) / median(times['http request node']))} the time`,
	);
	report.info(`${workload.name}: Convocore (defaults) vs raw fetch floor`, `${fmtRatio(median(times.convocore) / median(times.fetch))} the time`);
	report.info(`${workload.name}: medians Convocore / at max 100 / fixed 50 / HTTP Request node / fetch`, CONTENDERS.map((contender) => fmtMs(median(times[contender]))).join(' / '));
}

/** The HTTP Request node and fetch pass items through without the index pairing the check reads. */
function withPairing<T extends { pairedItem?: unknown }>(output: T[]): T[] {
	return output.map((item, index) => ({ ...item, pairedItem: { item: index } }));
}

export const smsThroughput: Benchmark = {
	id: 'sms',
	title: '300 SMS at 50 ms API latency: Convocore (defaults) vs n8n HTTP Request node (defaults) vs raw fetch, 3 interleaved rounds',
	async run(ctx) {
		// Warm-up: JIT, the engine's first-execution costs, keep-alive sockets, for all three.
		ctx.sandbox.shapeLoad({ latencyMs: () => 5 });
		for (const contender of CONTENDERS) await sendWith(contender, ctx, smsItems(50, 'warm-up'));
		await race(ctx, { name: '300 SMS, 50 ms', items: 300, latencyMs: 50, mode: 'direct', rounds: 3, target: TARGET_DIRECT_VS_HTTP_NODE });
	},
};

export const agentThroughput: Benchmark = {
	id: 'agent',
	title: '100 agent-mode SMS at 2 s API latency: Convocore (defaults) vs n8n HTTP Request node (defaults) vs raw fetch, 2 interleaved rounds',
	async run(ctx) {
		await race(ctx, { name: '100 agent SMS, 2 s', items: 100, latencyMs: 2000, mode: 'agent', rounds: 2, target: TARGET_AGENT_VS_HTTP_NODE });
	},
};
