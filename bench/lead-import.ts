/**
 * Leads in bulk: 10,000 input items through Lead > Import (batches of 100, the default) against
 * the same 10,000 through Lead > Create (one request each, adaptive concurrency), the API
 * answering after a fixed latency; and the heap Import leaves while its output is held, against
 * the output's own size.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { SANDBOX_IDS } from '../sandbox';
import { runConvocore } from '../test/harness/convocore';
import { resetWithLatency, type Benchmark, type BenchContext } from './common';
import { fmtBytes, fmtMs, fmtRatio, settledHeap, timed } from './lib';

const LEADS = 10_000;
const LATENCY_MS = 20;
/** Import's wall time against Create's for the same leads (issue 21). */
const TARGET_TIME_RATIO = 0.05;
const TARGET_RETAINED_VS_OUTPUT = 1.2;

const agent = { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent };

function leadItems(n: number): INodeExecutionData[] {
	return Array.from({ length: n }, (_, i) => ({ json: { name: `Lead ${i}`, email: `lead${i}@example.com`, phone: `+4917${String(100_000_000 + i)}` } }));
}

async function importLeads(ctx: BenchContext, items: INodeExecutionData[]) {
	const run = await runConvocore(
		{ resource: 'lead', operation: 'import', agentId: agent, leadName: '={{ $json.name }}', email: '={{ $json.email }}', phone: '={{ $json.phone }}' },
		{ credential: ctx.credential, input: items, typeVersion: 3 },
	);
	return run.items();
}

async function createLeads(ctx: BenchContext, items: INodeExecutionData[]) {
	const run = await runConvocore(
		{ resource: 'lead', operation: 'create', agentId: agent, leadFields: { name: '={{ $json.name }}', email: '={{ $json.email }}', phone: '={{ $json.phone }}' } },
		{ credential: ctx.credential, input: items, typeVersion: 3 },
	);
	return run.items();
}

const leadCount = (ctx: BenchContext) => Object.keys(ctx.sandbox.state.leads).length - SANDBOX_IDS.leadIds.length;

export const leadImport: Benchmark = {
	id: 'leads',
	title: `Leads in bulk: ${LEADS.toLocaleString('en')} items, Lead > Import (batches of 100) vs Lead > Create, ${LATENCY_MS} ms API latency; memory retained by Import`,
	async run(ctx) {
		const { sandbox, report } = ctx;
		resetWithLatency(sandbox, LATENCY_MS);
		await importLeads(ctx, leadItems(200));
		await createLeads(ctx, leadItems(200));

		resetWithLatency(sandbox, LATENCY_MS);
		const imported = await timed(() => importLeads(ctx, leadItems(LEADS)));
		const importedLeads = leadCount(ctx);
		const importRequests = sandbox.count({ method: 'POST' });
		resetWithLatency(sandbox, LATENCY_MS);
		const created = await timed(() => createLeads(ctx, leadItems(LEADS)));
		const createdLeads = leadCount(ctx);
		const createRequests = sandbox.count({ method: 'POST' });
		report.note(`Import ${fmtMs(imported.ms)} in ${importRequests} requests; Create ${fmtMs(created.ms)} in ${createRequests} requests`);
		report.expect(
			'both store every lead once and output one item per input item',
			importedLeads === LEADS && createdLeads === LEADS && imported.value.length === LEADS && created.value.length === LEADS && imported.value.every((item, i) => (item.pairedItem as { item: number }).item === i),
			`Import stored ${importedLeads} and output ${imported.value.length}; Create stored ${createdLeads} and output ${created.value.length}`,
		);
		report.target(
			`${LEADS.toLocaleString('en')} leads, ${LATENCY_MS} ms API latency: Import vs Create, wall time`,
			imported.ms / created.ms,
			{ op: '<=', limit: TARGET_TIME_RATIO },
			(ratio) => `${fmtRatio(ratio)} the time`,
			'Import vs Create, wall time',
		);

		sandbox.reset();
		let items: INodeExecutionData[] | undefined = leadItems(LEADS);
		const before = await settledHeap();
		let output: INodeExecutionData[] | undefined = await importLeads(ctx, items);
		items = undefined;
		// The sandbox's own records of the run are not the node's: cleared before measuring.
		sandbox.reset();
		const withOutput = await settledHeap();
		const count = output.length;
		output = undefined;
		const after = await settledHeap();
		const outputSize = withOutput - after;
		report.note(`heap before ${fmtBytes(before)}, with Import's output held ${fmtBytes(withOutput)}, output dropped ${fmtBytes(after)}; ${count} output items`);
		report.target(
			`${LEADS.toLocaleString('en')} leads imported: heap retained after the run vs the output's own size (${fmtBytes(outputSize)})`,
			(withOutput - before) / outputSize,
			{ op: '<=', limit: TARGET_RETAINED_VS_OUTPUT },
			fmtRatio,
		);
	},
};
