/**
 * 3. Pagination: Voice > Search with Return All over the whole catalog, Options > Page Size 500
 * (the default) vs 100, the API answering after a fixed latency. What a user feels is the wall
 * time; it follows the number of requests, which is checked exactly.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { runConvocore } from '../test/harness/convocore';
import { resetWithLatency, type Benchmark } from './common';
import { fmtMs, fmtRatio, interleave, median, timed } from './lib';

const LATENCY_MS = 25;
const ROUNDS = 5;
const PAGE_SIZES = { 'page size 500': 500, 'page size 100': 100 } as const;
type Variant = keyof typeof PAGE_SIZES;

/**
 * Targets. Requests: exactly ceil(total / size) each, so the ratio is what the catalog size
 * dictates (5× for 440 voices). Time: each request costs the latency plus transfer and parsing of
 * its page, and the transfer is the same in total, so the ideal ratio is below the request
 * ratio; ≥ 2× still catches a pager that ignores the page size or asks for one page too many.
 */
const TARGET_TIME_RATIO = 2;

export const pagination: Benchmark = {
	id: 'pagination',
	title: `Pagination: Voice > Search, Return All, page size 500 vs 100, ${LATENCY_MS} ms API latency, ${ROUNDS} interleaved rounds`,
	async run({ sandbox, report, credential }) {
		const search = (pageSize: number) =>
			runConvocore(
				{ resource: 'voice', operation: 'search', returnAll: true, options: { pageSize } },
				{ credential },
			);

		resetWithLatency(sandbox, LATENCY_MS, '/voices');
		const warm = await search(500);
		const total = warm.items().length;

		const times: Record<Variant, number[]> = { 'page size 500': [], 'page size 100': [] };
		const requests: Record<Variant, number[]> = { 'page size 500': [], 'page size 100': [] };
		const outputs: Partial<Record<Variant, INodeExecutionData[]>> = {};
		await interleave(Object.keys(PAGE_SIZES) as Variant[], ROUNDS, async (variant) => {
			resetWithLatency(sandbox, LATENCY_MS, '/voices');
			const { ms, value } = await timed(() => search(PAGE_SIZES[variant]));
			times[variant].push(ms);
			requests[variant].push(sandbox.count({ method: 'GET', path: '/voices' }));
			outputs[variant] = value.items();
		});

		const expected = (variant: Variant) => Math.max(1, Math.ceil(total / PAGE_SIZES[variant]));
		for (const variant of Object.keys(PAGE_SIZES) as Variant[]) {
			report.note(
				`${variant}: median ${fmtMs(median(times[variant]))} (${times[variant].map(fmtMs).join(', ')}), ` +
					`${requests[variant][0]} requests per run (fewest possible ${expected(variant)})`,
			);
		}
		const key = (item: INodeExecutionData) =>
			`${item.json.provider as string}/${item.json.voiceId as string}`;
		const big = outputs['page size 500'] ?? [];
		const small = outputs['page size 100'] ?? [];
		report.expect(
			'both page sizes return the whole catalog, same voices in the same order',
			total > 0 &&
				big.length === total &&
				small.length === total &&
				big.every((item, i) => key(item) === key(small[i])),
			`${big.length} and ${small.length} voices of ${total}`,
		);
		report.expect(
			'no request more than the page size requires',
			(Object.keys(PAGE_SIZES) as Variant[]).every((variant) =>
				requests[variant].every((count) => count === expected(variant)),
			),
			(Object.keys(PAGE_SIZES) as Variant[])
				.map((variant) => `${variant}: ${requests[variant].join('/')}`)
				.join(', '),
		);

		const requestRatio = median(requests['page size 100']) / median(requests['page size 500']);
		const timeRatio = median(times['page size 100']) / median(times['page size 500']);
		report.info(
			`voice search Return All (${total} voices): requests, page size 100 vs 500`,
			`${fmtRatio(requestRatio)} the requests`,
			'requests, page size 100 vs 500',
		);
		report.target(
			`voice search Return All (${total} voices), ${LATENCY_MS} ms API latency: page size 500 vs 100`,
			timeRatio,
			{ op: '>=', limit: TARGET_TIME_RATIO },
			(ratio) => `${fmtRatio(ratio)} faster`,
			'page size 500 vs 100, wall time',
		);
	},
};
