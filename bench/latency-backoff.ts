/**
 * The adaptive limit's cut when the server slows down (moved here from the limiter's engine
 * tests, issue 24: how soon the cut shows is a matter of time, and timing assertions flaked on a
 * busy machine). 250 SMS at the defaults; the first 150 answers take 20 ms, every later one 3 s.
 * The cut is seen when the requests sent more than 3.1 s after the slowdown (once the first slow
 * answers are back) found fewer in flight at the server than the peak before. The mechanism is
 * tested on a fake clock in test/limiter/concurrency.test.ts.
 */
import { checkSmsBatch, smsItems, type Benchmark, type BenchContext } from './common';
import { sendWith } from './contenders';
import { fmtRatio } from './lib';

const ITEMS = 250;
const FAST_ANSWERS = 150;
/** After the cut the window is three quarters at most; a little slack for the answers in between. */
const TARGET_AFTER_CUT = 0.9;

async function run(ctx: BenchContext): Promise<void> {
	const { sandbox, report } = ctx;
	sandbox.reset();
	let answered = 0;
	sandbox.shapeLoad({ latencyMs: () => (answered++ < FAST_ANSWERS ? 20 : 3000) });
	const items = smsItems(ITEMS, 'slowing');
	const { output, error } = await sendWith('convocore', ctx, items);
	const problem = error ?? checkSmsBatch(sandbox, items, output);
	report.expect(
		`latency back-off: all ${ITEMS} SMS delivered exactly once, in order`,
		problem === undefined,
		problem ?? 'ok',
	);
	const posts = sandbox.requests({ method: 'POST', path: '/sms' });
	const peak = sandbox.peakInFlight;
	const slowSince = posts[FAST_ANSWERS].at;
	const afterCut = posts
		.filter((request) => request.at >= slowSince + 3100)
		.map((request) => sandbox.inFlightAt(request));
	const highestAfter = afterCut.length ? Math.max(...afterCut) : peak;
	report.note(
		`peak in flight ${peak}; after the first slow answers at most ${highestAfter} (${afterCut.length} requests)`,
	);
	report.target(
		'latency back-off: most in flight after a climb from 20 ms to 3 s, vs the peak before',
		highestAfter / peak,
		{ op: '<=', limit: TARGET_AFTER_CUT },
		fmtRatio,
	);
}

export const latencyBackoff: Benchmark = {
	id: 'backoff',
	title: `Latency back-off: ${ITEMS} SMS, answers slowing from 20 ms to 3 s after ${FAST_ANSWERS}: the adaptive limit's cut`,
	run,
};
