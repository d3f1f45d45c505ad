/**
 * What every benchmark shares: one sandbox on 127.0.0.1, the report, and ways to drive the
 * Convocore node through n8n's engine (test/harness) the way a workflow would.
 */
import type { ICredentialDataDecryptedObject, INodeExecutionData } from 'n8n-workflow';
import type { Sandbox } from '../sandbox';
import { runConvocore, sandboxCredential, smsParameters } from '../test/harness/convocore';
import type { Report } from './lib';

export interface BenchContext {
	sandbox: Sandbox;
	report: Report;
	/** EU White Label workspace: reads and writes allowed. */
	credential: ICredentialDataDecryptedObject;
	/**
	 * 1 for the benchmark's own workloads; smaller (`--scale=0.01`) to check the bench code with
	 * small sizes. Benchmarks that have large workloads scale them by it.
	 */
	scale: number;
}

export interface Benchmark {
	/** Short name, used in the summary and to pick benchmarks: `npm run bench -- sms trigger`. */
	id: string;
	title: string;
	run(ctx: BenchContext): Promise<void>;
}

export function contextFor(sandbox: Sandbox, report: Report, scale = 1): BenchContext {
	return { sandbox, report, credential: sandboxCredential(sandbox), scale };
}

/** A workload size scaled by ctx.scale, never below `least`. */
export function scaled(ctx: BenchContext, size: number, least = 1): number {
	return Math.max(least, Math.round(size * ctx.scale));
}

/** The sandbox back to its seed, with a latency on every matching API request. */
export function resetWithLatency(sandbox: Sandbox, latencyMs: number, path?: string): void {
	sandbox.reset();
	if (latencyMs > 0)
		sandbox.injectFault({ kind: 'latency', latencyMs, times: Infinity, ...(path ? { path } : {}) });
}

/** n SMS items, each to its own recipient with its own text, as an upstream node would hand them over. */
export function smsItems(n: number, tag = 'bench'): INodeExecutionData[] {
	return Array.from({ length: n }, (_, i) => ({
		json: { to: `+4917600${String(i).padStart(5, '0')}`, message: `${tag} message #${i}` },
	}));
}

export async function runSmsBatch(
	ctx: BenchContext,
	items: INodeExecutionData[],
	concurrency?: number,
): Promise<INodeExecutionData[]> {
	const run = await runConvocore(smsParameters(concurrency === undefined ? {} : { concurrency }), {
		credential: ctx.credential,
		input: items,
	});
	return run.items();
}

/** Whether every item came back successful, in input order, each sent to its own recipient exactly once. */
export function checkSmsBatch(
	sandbox: Sandbox,
	items: INodeExecutionData[],
	output: INodeExecutionData[],
): string | undefined {
	if (output.length !== items.length)
		return `${output.length} output items for ${items.length} input items`;
	for (let i = 0; i < items.length; i++) {
		const json = output[i].json;
		if (json.success !== true || json.to !== items[i].json.to)
			return `item ${i}: ${JSON.stringify(json).slice(0, 200)}`;
		const paired = output[i].pairedItem as { item: number } | undefined;
		if (paired?.item !== i) return `item ${i} is paired to ${JSON.stringify(paired)}`;
	}
	const sent = sandbox.sentSms;
	if (sent.length !== items.length) return `${sent.length} SMS sent for ${items.length} items`;
	const recipients = new Set(sent.map((sms) => sms.to));
	if (recipients.size !== items.length)
		return `${items.length - recipients.size} recipients got more than one SMS`;
	return undefined;
}
