/**
 * Leads in bulk, against their floor: 10,000 input items through Lead > Import (batches of 100,
 * the default) against a bare loop of the very same HTTP requests (the bulk bodies Import sent,
 * replayed with `fetch` at the parallelism Import used, each answer read as JSON) over the same
 * sandbox answering after the same latency, interleaved rounds. That floor is what any client
 * pays for these requests; Import's own work (expressions, checks, batching, output) is what the
 * ratio shows. Lead > Create (one request per lead) is measured once, as information: its speed
 * depends on the machine far more than Import's, so it is no target. Then 100,000 leads through
 * Import once: time, requests, and the heap the run leaves while its output is held, against the
 * output's own size.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { runConvocore } from '../test/harness/convocore';
import { resetWithLatency, scaled, type Benchmark, type BenchContext } from './common';
import {
	describeRuns,
	fmtBytes,
	fmtMs,
	fmtRatio,
	interleave,
	median,
	now,
	heapAroundRun,
	timed,
} from './lib';

const LEADS = 10_000;
const MANY_LEADS = 100_000;
const LATENCY_MS = 20;
const ROUNDS = 5;
/** Import's wall time against the bare loop of the same requests (issue 33). */
const TARGET_VS_FLOOR = 1.2;
const TARGET_RETAINED_VS_OUTPUT = 1.2;

const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };

function leadItems(n: number): INodeExecutionData[] {
	return Array.from({ length: n }, (_, i) => ({
		json: {
			name: `Lead ${i}`,
			email: `lead${i}@example.com`,
			phone: `+4917${String(100_000_000 + i)}`,
		},
	}));
}

async function importLeads(ctx: BenchContext, items: INodeExecutionData[]) {
	const run = await runConvocore(
		{
			resource: 'lead',
			operation: 'import',
			agentId: agent,
			leadName: '={{ $json.name }}',
			email: '={{ $json.email }}',
			phone: '={{ $json.phone }}',
		},
		{ credential: ctx.credential, input: items, typeVersion: 3 },
	);
	return run.items();
}

async function createLeads(ctx: BenchContext, items: INodeExecutionData[]) {
	const run = await runConvocore(
		{
			resource: 'lead',
			operation: 'create',
			agentId: agent,
			leadFields: {
				name: '={{ $json.name }}',
				email: '={{ $json.email }}',
				phone: '={{ $json.phone }}',
			},
		},
		{ credential: ctx.credential, input: items, typeVersion: 3 },
	);
	return run.items();
}

interface Replay {
	url: string;
	body: string;
}

/**
 * The floor: the same requests, in the same order, at most `parallel` in flight (a request starts
 * when one finishes), each answer read as JSON and checked for success, nothing else.
 */
async function bareLoop(requests: Replay[], secret: string, parallel: number): Promise<number> {
	let next = 0;
	let failed = 0;
	const worker = async () => {
		while (next < requests.length) {
			const { url, body } = requests[next++];
			const response = await fetch(url, {
				method: 'POST',
				headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
				body,
			});
			const answer = (await response.json()) as { success?: unknown };
			if (!response.ok || answer.success !== true) failed++;
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
	return failed;
}

const leadCount = (ctx: BenchContext) =>
	Object.keys(ctx.sandbox.state.leads).length - SANDBOX_IDS.leadIds.length;

export const leadImport: Benchmark = {
	id: 'leads',
	title: `Leads in bulk: Lead > Import (batches of 100) vs a bare loop of the same requests, ${LATENCY_MS} ms API latency, ${ROUNDS} interleaved rounds; Create as information; ${MANY_LEADS.toLocaleString('en')} leads: time, requests, memory`,
	async run(ctx) {
		const { sandbox, report } = ctx;
		const leads = scaled(ctx, LEADS, 200);
		const secret = String(ctx.credential.secretKey);
		resetWithLatency(sandbox, LATENCY_MS);
		await importLeads(ctx, leadItems(200));
		await createLeads(ctx, leadItems(200));

		// The requests Import sends for these leads, and how many it had in flight at once.
		resetWithLatency(sandbox, LATENCY_MS);
		sandbox.resetPeak();
		await importLeads(ctx, leadItems(leads));
		const parallel = sandbox.peakInFlight;
		const replay: Replay[] = sandbox.requests({ method: 'POST' }).map((request) => ({
			url: `${sandbox.baseUrl('eu')}${request.path}`,
			body: JSON.stringify(request.body),
		}));
		report.note(
			`Import sends ${replay.length} bulk requests for ${leads.toLocaleString('en')} leads, at most ${parallel} in flight: the floor replays them the same way`,
		);

		const times = { import: [] as number[], floor: [] as number[] };
		const stored = { import: [] as number[], floor: [] as number[] };
		let importOutput = 0;
		let paired = true;
		let floorFailures = 0;
		await interleave(['import', 'floor'] as const, ROUNDS, async (variant) => {
			resetWithLatency(sandbox, LATENCY_MS);
			if (variant === 'import') {
				const run = await timed(() => importLeads(ctx, leadItems(leads)));
				times.import.push(run.ms);
				importOutput = run.value.length;
				paired &&= run.value.every((item, i) => (item.pairedItem as { item: number }).item === i);
			} else {
				const run = await timed(() => bareLoop(replay, secret, parallel));
				times.floor.push(run.ms);
				floorFailures += run.value;
			}
			stored[variant].push(leadCount(ctx));
		});
		report.note(`Import: ${describeRuns(times.import)}`);
		report.note(`floor (bare loop of the same requests): ${describeRuns(times.floor)}`);
		report.expect(
			'Import and the floor store every lead once in every round; Import outputs one item per input item, in order',
			[...stored.import, ...stored.floor].every((count) => count === leads) &&
				importOutput === leads &&
				paired &&
				floorFailures === 0,
			`stored per round: Import ${stored.import.join(', ')}, floor ${stored.floor.join(', ')}; Import output ${importOutput} items; floor failures ${floorFailures}`,
		);
		report.target(
			`${leads.toLocaleString('en')} leads, ${LATENCY_MS} ms API latency: Import vs the bare loop of its requests, wall time (medians)`,
			median(times.import) / median(times.floor),
			{ op: '<=', limit: TARGET_VS_FLOOR },
			(ratio) => `${fmtRatio(ratio)} the floor`,
			'Import vs its floor, wall time',
		);

		resetWithLatency(sandbox, LATENCY_MS);
		const created = await timed(() => createLeads(ctx, leadItems(leads)));
		const createRequests = sandbox.count({ method: 'POST' });
		report.expect(
			'Create stores every lead once',
			leadCount(ctx) === leads && created.value.length === leads,
			`stored ${leadCount(ctx)}, output ${created.value.length}`,
		);
		report.info(
			`${leads.toLocaleString('en')} leads: Import (median) vs Create (one run, ${createRequests} requests, ${fmtMs(created.ms)}), wall time`,
			`${fmtRatio(median(times.import) / created.ms)} the time`,
			'Import vs Create, wall time',
		);

		// 100,000 leads once: time and requests, and the heap left while the output is held.
		const many = scaled(ctx, MANY_LEADS, 1000);
		resetWithLatency(sandbox, LATENCY_MS);
		let manyMs = 0;
		let requests = 0;
		let manyStored = 0;
		const { before, withOutput, after, count } = await heapAroundRun(
			async () => {
				const items = leadItems(many);
				// Timed by hand: a { ms, value } wrapper would keep the output alive after it is dropped.
				const started = now();
				const output = await importLeads(ctx, items);
				manyMs = now() - started;
				return output;
			},
			() => {
				requests = sandbox.count({ method: 'POST' });
				manyStored = leadCount(ctx);
				// The sandbox's own records of the run are not the node's: cleared before measuring.
				sandbox.reset();
			},
		);
		const outputSize = withOutput - after;
		report.expect(
			`${many.toLocaleString('en')} leads: all stored once, one output item each`,
			manyStored === many && count === many,
			`stored ${manyStored}, output ${count}`,
		);
		report.info(
			`${many.toLocaleString('en')} leads through Import, ${LATENCY_MS} ms API latency: wall time (one run)`,
			fmtMs(manyMs),
			`${many.toLocaleString('en')} leads: time`,
		);
		report.info(
			`${many.toLocaleString('en')} leads through Import: requests`,
			String(requests),
			`${many.toLocaleString('en')} leads: requests`,
			'other',
		);
		report.note(
			`heap before ${fmtBytes(before)}, with Import's output held ${fmtBytes(withOutput)}, output dropped ${fmtBytes(after)}; ${count} output items`,
		);
		report.target(
			`${many.toLocaleString('en')} leads imported: heap retained after the run vs the output's own size (${fmtBytes(outputSize)})`,
			(withOutput - before) / outputSize,
			{ op: '<=', limit: TARGET_RETAINED_VS_OUTPUT },
			fmtRatio,
			undefined,
			'other',
		);
	},
};
