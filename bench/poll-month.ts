/**
 * The Convocore Conversation Trigger left unattended (issue 40), the long version of
 * test/pollTrigger/month.test.ts: a quarter of polls a minute apart (129,600) on a fake clock,
 * through n8n-core's PollContext and the package's real transport, against an in-process feed
 * with 429s, 500 runs, socket timeouts, restarts, overlapping pages, sessions arriving while the
 * trigger pages, malformed and year-2100 sessions (test/pollTrigger/month.ts). Its own seed, not
 * the test's. Figures: polls, sessions, requests, failed polls by cause, the static data's
 * largest size, and the time the run took.
 */
import { simulateMonth } from '../test/pollTrigger/month';
import { scaled, type Benchmark } from './common';
import { now } from './lib';

const QUARTER = 3 * 30 * 24 * 60;
const STATIC_BYTES_BOUND = 8 * 1024;

export const pollMonthBench: Benchmark = {
	id: 'month',
	title: `Conversation Trigger unattended: ${QUARTER.toLocaleString('en')} polls a minute apart on a fake clock, with faults, restarts, duplicates, late pages, malformed and future sessions`,
	async run(ctx) {
		const { report } = ctx;
		const polls = scaled(ctx, QUARTER);
		const started = now();
		const month = await simulateMonth({ polls, seed: 20261201 });
		const seconds = (now() - started) / 1000;
		report.note(
			`${month.polls.toLocaleString('en')} polls (${(month.fakeMs / 86_400_000).toFixed(1)} days of fake time) in ${seconds.toFixed(1)} s: ${month.sessions.toLocaleString('en')} good sessions, ${month.malformed} malformed, ${month.future} from the year 2100, ${month.requests.toLocaleString('en')} requests (faults included), ${month.restarts} restarts`,
		);
		report.note(
			`${month.failedPolls} failed polls (the next one read the same window again): ${Object.entries(
				month.failures,
			)
				.map(([cause, count]) => `${count}× "${cause}…"`)
				.join(', ')}`,
		);
		report.expect(
			'every good session emitted exactly once',
			month.missing.length === 0 && month.duplicated.length === 0 && month.unexpected.length === 0,
			`${month.sessions.toLocaleString('en')} sessions, ${month.missing.length} never, ${month.duplicated.length} twice, ${month.unexpected.length} unexpected`,
		);
		report.expect(
			'each malformed session reported once',
			Object.keys(month.misreported).length === 0,
			`${month.malformed} malformed, ${Object.keys(month.misreported).length} reported other than once`,
		);
		report.expect(
			`static data stays under ${STATIC_BYTES_BOUND / 1024} KB`,
			month.maxStaticBytes < STATIC_BYTES_BOUND,
			`largest ${month.maxStaticBytes.toLocaleString('en')} bytes`,
		);
		report.expect(
			'no poll reads more than 200 pages',
			!Object.keys(month.failures).some((cause) => cause.includes('200 pages')),
			`${(month.requests / month.polls).toFixed(2)} requests per poll on average`,
		);
	},
};
