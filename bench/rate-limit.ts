/**
 * 5. 429 behaviour: 20 SMS sent at once (Options > Concurrency 20) into an API that answers the
 * whole first burst with 429 and Retry-After: 1. The execution's RateLimitGate should make every
 * request wait out the one pause the server asked for and then send each SMS once: total time
 * about one Retry-After, not twenty, and never a retry before the server said so.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { checkSmsBatch, runSmsBatch, smsItems, type Benchmark } from './common';
import { fmtMs, fmtRatio, interleave, median, timed } from './lib';

const SMS = 20;
const RETRY_AFTER_S = 1;
const ROUNDS = 5;

/**
 * Target: total ≤ 3 × Retry-After. The floor is 1× (the pause itself), plus two rounds of 20
 * requests on 127.0.0.1; a gate that let each request back off on its own would still be ≈1×
 * here, but one that serialised the retries, added its own back-off on top, or re-sent more than
 * once would be 2×–20×.
 */
const TARGET_RATIO = 3;
/** Date.now() granularity and timer slack when checking that no retry came early. */
const EARLY_TOLERANCE_MS = 15;

type Variant = 'rate-limited' | 'no 429';

export const rateLimit: Benchmark = {
	id: '429',
	title: `429 behaviour: ${SMS} SMS at concurrency ${SMS}, the first ${SMS} requests answered 429 with Retry-After: ${RETRY_AFTER_S}, ${ROUNDS} rounds`,
	async run(ctx) {
		const { sandbox, report } = ctx;
		const times: Record<Variant, number[]> = { 'rate-limited': [], 'no 429': [] };
		const problems: string[] = [];
		const attempts: number[] = [];
		const earliestRetryGaps: number[] = [];

		await interleave<Variant>(['rate-limited', 'no 429'], ROUNDS, async (variant, round) => {
			sandbox.reset();
			if (variant === 'rate-limited') {
				sandbox.injectFault({
					method: 'POST',
					path: '/sms',
					kind: 'rate-limit',
					times: SMS,
					retryAfterSeconds: RETRY_AFTER_S,
				});
			}
			const items = smsItems(SMS, `429 round ${round}`);
			let output: INodeExecutionData[] = [];
			let failure: string | undefined;
			const { ms } = await timed(async () => {
				try {
					output = await runSmsBatch(ctx, items, SMS);
				} catch (error) {
					failure = (error as Error).message;
				}
			});
			times[variant].push(ms);
			const problem = failure ?? checkSmsBatch(sandbox, items, output);
			if (problem) problems.push(`${variant}: ${problem}`);
			if (variant !== 'rate-limited') return;

			const posts = sandbox.requests({ method: 'POST', path: '/sms' });
			attempts.push(posts.length);
			// For each recipient: how long after its 429 the retry arrived.
			const limitedAt = new Map<string, number>();
			let gap = Infinity;
			for (const request of posts) {
				const to = (request.body as { to?: string } | undefined)?.to ?? '';
				if (request.status === 429) limitedAt.set(to, request.at);
				else if (limitedAt.has(to)) gap = Math.min(gap, request.at - (limitedAt.get(to) as number));
			}
			earliestRetryGaps.push(gap);
		});

		const limited = median(times['rate-limited']);
		const clean = median(times['no 429']);
		report.note(
			`rate-limited: median ${fmtMs(limited)} (${times['rate-limited'].map(fmtMs).join(', ')}), POST /sms per run ${attempts.join('/')} (expected ${2 * SMS}: ${SMS} × 429, ${SMS} × sent)`,
		);
		report.note(`no 429:       median ${fmtMs(clean)} (${times['no 429'].map(fmtMs).join(', ')})`);
		report.note(
			`earliest retry after its 429: ${earliestRetryGaps.map(fmtMs).join(', ')} (Retry-After ${RETRY_AFTER_S} s)`,
		);
		report.expect(
			`all ${SMS} succeed, each SMS sent exactly once`,
			problems.length === 0 && attempts.every((count) => count === 2 * SMS),
			problems.length
				? problems.slice(0, 3).join(' | ')
				: `${ROUNDS} rounds, ${attempts.join('/')} POST /sms per rate-limited run`,
		);
		report.expect(
			'no retry before Retry-After elapsed',
			earliestRetryGaps.every((gap) => gap >= RETRY_AFTER_S * 1000 - EARLY_TOLERANCE_MS),
			`earliest ${fmtMs(Math.min(...earliestRetryGaps))} after the 429`,
		);
		report.target(
			`${SMS} concurrent SMS, first burst answered 429 (Retry-After ${RETRY_AFTER_S} s): total time vs Retry-After`,
			limited / (RETRY_AFTER_S * 1000),
			{ op: '<=', limit: TARGET_RATIO },
			fmtRatio,
			'total time vs Retry-After',
		);
		report.info(
			`${SMS} concurrent SMS: time the 429 burst added`,
			`${fmtMs(limited - clean)} (Retry-After ${RETRY_AFTER_S} s)`,
			'time added by the 429 burst',
		);
	},
};
