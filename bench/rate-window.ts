/**
 * 300 SMS into an API limited to 50 requests per second (fixed one-second windows, 429 with
 * Retry-After beyond that), as in issue 11: the Convocore node at its defaults must deliver all
 * 300 exactly once, close to the ideal 6 s (300 / 50), with few 429 answers; n8n's HTTP Request
 * node at its defaults (all at once, no retry) is shown for comparison: it loses what was refused.
 */
import { checkSmsBatch, smsItems, type Benchmark } from './common';
import { sendWith, type Contender } from './contenders';
import { fmtMs, fmtRatio, interleave, median, timed } from './lib';

const ITEMS = 300;
const PER_SECOND = 50;
const IDEAL_MS = (ITEMS / PER_SECOND) * 1000;
const ROUNDS = 2;
const TARGET_VS_IDEAL = 1.1;
const TARGET_429_SHARE = 0.15;

export const rateWindow: Benchmark = {
	id: 'limit',
	title: `${ITEMS} SMS under a ${PER_SECOND} req/s fixed-window limit (429 + Retry-After): Convocore (defaults) vs HTTP Request node (defaults), ${ROUNDS} rounds`,
	async run(ctx) {
		const { sandbox, report } = ctx;
		const contenders: Contender[] = ['convocore', 'http request node'];
		const times: number[] = [];
		const shares: number[] = [];
		const problems: string[] = [];
		const httpDelivered: number[] = [];
		await interleave(contenders, ROUNDS, async (contender, round) => {
			sandbox.reset();
			sandbox.shapeLoad({ rateLimit: { limit: PER_SECOND, method: 'POST', path: '/sms' } });
			const items = smsItems(ITEMS, `limit ${contender} ${round}`);
			const { ms, value } = await timed(() => sendWith(contender, ctx, items));
			const posts = sandbox.requests({ method: 'POST', path: '/sms' });
			const refused = posts.filter((request) => request.status === 429).length;
			if (contender === 'http request node') {
				httpDelivered.push(sandbox.sentSms.length);
				return;
			}
			times.push(ms);
			shares.push(refused / posts.length);
			const problem = value.error ?? checkSmsBatch(sandbox, items, value.output);
			if (problem) problems.push(problem);
			report.note(`Convocore round ${round + 1}: ${fmtMs(ms)}, ${posts.length} requests, ${refused} answered 429 (${(100 * refused / posts.length).toFixed(1)}%), ${sandbox.sentSms.length} SMS sent`);
		});
		report.expect(`Convocore: all ${ITEMS} delivered exactly once, outputs in input order and paired`, problems.length === 0, problems.length ? problems.join(' | ') : `${ROUNDS} runs`);
		report.target(`Convocore (defaults): total time vs the ideal ${fmtMs(IDEAL_MS)}`, median(times) / IDEAL_MS, { op: '<=', limit: TARGET_VS_IDEAL }, fmtRatio);
		report.target('Convocore (defaults): 429 answers, share of all requests (worst run)', Math.max(...shares), { op: '<=', limit: TARGET_429_SHARE }, (share) => `${(share * 100).toFixed(1)}%`);
		report.info(`HTTP Request node (defaults): SMS delivered of ${ITEMS}`, httpDelivered.join(' / '));
	},
};
