/**
 * 2. Engine overhead: GET /voices/providers as a whole workflow execution of the Convocore node
 * (Voice > List Providers through n8n-core's WorkflowExecute: parameters, credential, transport,
 * envelope, items) against the same request sent with a bare `fetch`. No injected latency, so the
 * difference is all client-side cost; the ratio shows when that cost regresses.
 */
import { runConvocore } from '../test/harness/convocore';
import type { Benchmark } from './common';
import { cpuMs, fmtMs, fmtRatio, fmtUs, interleave, median, now } from './lib';

/** 250 sequential requests per variant, in 5 rounds of 50 alternating between the two. */
const REQUESTS = 50;
const ROUNDS = 5;

/**
 * Target. A whole workflow execution per request costs a few ms of CPU more than a bare fetch of
 * a ~2 KB answer from 127.0.0.1 (n8n-core builds the workflow, resolves parameters and the
 * credential through its expression engine, and its HTTP helper opens a new connection per
 * request). Measured ~3× with load 6–8 on the 2 cores, up to 5.7× with them oversubscribed
 * (the engine path has more event-loop turns, each a chance to be preempted). ≤ 8× holds there
 * and still catches a regression that triples the node's cost: a second request per call, a
 * schema compiled per call, a credential resolved twice, a needless sleep...
 */
const TARGET_RATIO = 8;

type Variant = 'node' | 'fetch';

export const engineOverhead: Benchmark = {
	id: 'overhead',
	title: `Engine overhead: ${REQUESTS * ROUNDS} sequential GET /voices/providers each, Convocore node in n8n's engine vs raw fetch, ${ROUNDS} interleaved rounds of ${REQUESTS}`,
	async run({ sandbox, report, credential }) {
		sandbox.reset();
		const url = `${sandbox.baseUrl('eu')}/voices/providers`;
		const headers = {
			Accept: 'application/json',
			Authorization: `Bearer ${credential.secretKey as string}`,
		};
		let providerCount = -1;
		let fetchedCount = -1;

		const viaNode = async () => {
			const run = await runConvocore(
				{ resource: 'voice', operation: 'listProviders' },
				{ credential },
			);
			providerCount = run.items().length;
		};
		const viaFetch = async () => {
			const response = await fetch(url, { headers });
			const body = (await response.json()) as { data?: { providers?: unknown[] } };
			if (!response.ok) throw new Error(`raw fetch answered ${response.status}`);
			fetchedCount = body.data?.providers?.length ?? -1;
		};

		// Warm-up: JIT and sockets on both paths.
		for (let i = 0; i < 30; i++) {
			await viaNode();
			await viaFetch();
		}

		const perRequest: Record<Variant, number[]> = { node: [], fetch: [] };
		const cpuPerRequest: Record<Variant, number[]> = { node: [], fetch: [] };
		await interleave<Variant>(['node', 'fetch'], ROUNDS, async (variant) => {
			const send = variant === 'node' ? viaNode : viaFetch;
			sandbox.reset();
			const cpuStart = cpuMs();
			const start = now();
			for (let i = 0; i < REQUESTS; i++) await send();
			perRequest[variant].push((now() - start) / REQUESTS);
			cpuPerRequest[variant].push((cpuMs() - cpuStart) / REQUESTS);
			const arrived = sandbox.count({ method: 'GET', path: '/voices/providers' });
			if (arrived !== REQUESTS)
				throw new Error(
					`${variant}: ${arrived} requests reached the sandbox, expected ${REQUESTS}`,
				);
		});

		const nodeMs = median(perRequest.node);
		const fetchMs = median(perRequest.fetch);
		const nodeCpu = median(cpuPerRequest.node);
		const fetchCpu = median(cpuPerRequest.fetch);
		report.note(
			`Convocore node (one execution per request)  median ${fmtMs(nodeMs)} per request (${perRequest.node.map(fmtMs).join(', ')}); CPU ${fmtMs(nodeCpu)}`,
		);
		report.note(
			`raw fetch                                   median ${fmtMs(fetchMs)} per request (${perRequest.fetch.map(fmtMs).join(', ')}); CPU ${fmtMs(fetchCpu)}`,
		);
		report.expect(
			'both paths get the same providers, one request each',
			providerCount > 0 && providerCount === fetchedCount,
			`${providerCount} provider items from the node, ${fetchedCount} from fetch; ${REQUESTS} requests per round reached the sandbox`,
		);
		report.target(
			`GET /voices/providers × ${REQUESTS * ROUNDS}: node in engine vs raw fetch, per request`,
			nodeMs / fetchMs,
			{ op: '<=', limit: TARGET_RATIO },
			(ratio) => `${fmtRatio(ratio)} the time`,
			'node in engine vs raw fetch, time per request',
		);
		report.info(
			'engine + node overhead per request (node − fetch)',
			fmtUs((nodeMs - fetchMs) * 1000),
			'overhead per request, node − fetch',
		);
		// CPU time (this process, both ends) barely depends on how busy the machine is.
		report.info(
			'CPU per request, node in engine vs raw fetch (both HTTP ends)',
			`${fmtRatio(nodeCpu / fetchCpu)} (${fmtMs(nodeCpu)} vs ${fmtMs(fetchCpu)})`,
			'CPU per request, node vs fetch',
		);
	},
};
