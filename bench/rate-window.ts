/**
 * 4. SMS into an API with a fixed-window rate limit (one-second windows aligned to the server's
 * clock, 429 with Retry-After beyond it): the Convocore node at its defaults must deliver every SMS
 * exactly once, close to the ideal time (items / limit), with few 429 answers. At 50 req/s its first
 * window (the ceiling, 50) fits the limit; at 10 req/s it does not, and the first 429s must not
 * turn into a storm. The HTTP Request node with Batching 50 items / 1,000 ms (what a careful user
 * sets for a 50 req/s API) is shown beside it: it does not retry what the limit refuses.
 */
import { checkSmsBatch, smsItems, type Benchmark, type BenchContext } from './common';
import { HTTP_BATCHING, sendWith, type Contender } from './contenders';
import { describeRuns, fmtMs, fmtRatio, interleave, median, timed } from './lib';

const ITEMS = 300;
const TARGET_VS_IDEAL = 1.1;
const TARGET_429_SHARE = 0.15;

async function underLimit(ctx: BenchContext, perSecond: number, rounds: number): Promise<void> {
	const { sandbox, report } = ctx;
	const idealMs = (ITEMS / perSecond) * 1000;
	const contenders: Contender[] = ['convocore', 'http batched'];
	const times: number[] = [];
	const shares: number[] = [];
	const problems: string[] = [];
	const batched: string[] = [];
	await interleave(contenders, rounds, async (contender, round) => {
		sandbox.reset();
		sandbox.shapeLoad({ rateLimit: { limit: perSecond, method: 'POST', path: '/sms' } });
		const items = smsItems(ITEMS, `limit ${perSecond} ${contender} ${round}`);
		const { ms, value } = await timed(() => sendWith(contender, ctx, items));
		const posts = sandbox.requests({ method: 'POST', path: '/sms' });
		const refused = posts.filter((request) => request.status === 429).length;
		if (contender === 'http batched') {
			batched.push(
				`${sandbox.sentSms.length} in ${fmtMs(ms)}${value.error ? ' (run failed)' : ''}`,
			);
			return;
		}
		times.push(ms);
		shares.push(refused / posts.length);
		const problem = value.error ?? checkSmsBatch(sandbox, items, value.output);
		if (problem) problems.push(problem);
		report.note(
			`${perSecond} req/s, defaults, round ${round + 1}: ${fmtMs(ms)}, ${posts.length} requests, ${refused} answered 429 ` +
				`(${((100 * refused) / posts.length).toFixed(1)}%), ${sandbox.sentSms.length} SMS sent`,
		);
	});
	const name = `${ITEMS} SMS at ${perSecond} req/s`;
	report.expect(
		`${name}: defaults deliver all ${ITEMS} exactly once, outputs in input order and paired`,
		problems.length === 0,
		problems.length ? problems.join(' | ') : `${rounds} runs`,
	);
	report.note(`${name}, defaults: ${describeRuns(times)}`);
	report.target(
		`${name}: defaults, total time vs the ideal ${fmtMs(idealMs)}`,
		median(times) / idealMs,
		{ op: '<=', limit: TARGET_VS_IDEAL },
		fmtRatio,
	);
	report.target(
		`${name}: defaults, 429 answers, share of all requests (worst run)`,
		Math.max(...shares),
		{ op: '<=', limit: TARGET_429_SHARE },
		(share) => `${(share * 100).toFixed(1)}%`,
	);
	report.info(
		`${name}: HTTP batched (${HTTP_BATCHING.batchSize} / ${HTTP_BATCHING.batchInterval} ms), SMS delivered of ${ITEMS}`,
		batched.join(' / '),
	);
}

export const rateWindow: Benchmark = {
	id: 'limit',
	title: `4. ${ITEMS} SMS under a 50 req/s fixed-window limit (429 + Retry-After): defaults vs HTTP batched, 5 rounds`,
	run: (ctx) => underLimit(ctx, 50, 5),
};

export const slowRateWindow: Benchmark = {
	id: 'limit10',
	title: `4. ${ITEMS} SMS under a 10 req/s fixed-window limit (429 + Retry-After): defaults vs HTTP batched, 5 rounds`,
	run: (ctx) => underLimit(ctx, 10, 5),
};
