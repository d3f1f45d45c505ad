/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: a made-up key for an in-process feed, never ships (package.json "files" is dist/ only) */
/**
 * "A month unattended" (issue 40): the Convocore Conversation Trigger polled every minute for a
 * month on a fake clock (./virtualClock.ts), through n8n-core's real PollContext (./harness.ts)
 * and the package's real transport (deadline, retries, 429 gate), against an in-process feed
 * that misbehaves as a server might (./monthFeed.ts): 429s, 500s, socket timeouts, restarts of
 * n8n (static data as last saved, a new process), pages that overlap, sessions arriving while
 * the trigger pages, malformed sessions and sessions from the year 2100.
 *
 * Shared by the soak test (npm test) and `npm run bench -- month`; returns what it saw, and the
 * caller checks it: every good session emitted exactly once, every malformed one reported once,
 * and the static data's largest size.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { PollHarness } from './harness';
import { MonthFeed, NO_FAULTS, prng, type FeedFaults } from './monthFeed';
import { VirtualClock } from './virtualClock';

export interface MonthPlan {
	polls: number;
	seed?: number;
	pageSize?: number;
}

export interface MonthFigures {
	polls: number;
	/** Good sessions that arrived (the year-2100 ones included). */
	sessions: number;
	malformed: number;
	future: number;
	restarts: number;
	failedPolls: number;
	/** Why polls failed: each error message's first words, and how often. */
	failures: Record<string, number>;
	requests: number;
	/** Largest static data n8n saved, as JSON (bytes of its UTF-8 text, ASCII here). */
	maxStaticBytes: number;
	/** Good sessions emitted more than once, and never. */
	duplicated: string[];
	missing: string[];
	/** Malformed sessions reported other than once (conversation: reports). */
	misreported: Record<string, number>;
	/** Emitted items that are not a good session of the feed. */
	unexpected: string[];
	/** The fake time the month took (ms). */
	fakeMs: number;
}

const MINUTE = 60_000;
/** Convocore's clock runs 2 s ahead of n8n's: within the trigger's tolerance. */
const SERVER_SKEW_MS = 2_000;
const FAULTS: FeedFaults = {
	rateLimited: 0.01,
	serverError: 0.01,
	timeout: 0.002,
	arrivalWhilePaging: 0.3,
};

export async function simulateMonth(plan: MonthPlan): Promise<MonthFigures> {
	const random = prng(plan.seed ?? 20261128);
	const start = Date.UTC(2026, 10, 1, 0, 0, 0);
	const clock = new VirtualClock(start);
	const feed = new MonthFeed(random, () => clock.now + SERVER_SKEW_MS);
	const setup = {
		credential: { region: 'eu', secretKey: 'vg_MonthSoakSecret7Qm2' },
		parameters: {
			workspaceId: { __rl: true, mode: 'id', value: 'ws-month' },
			options: { pageSize: plan.pageSize ?? 20 },
		},
		answer: feed.answer,
	};
	const emitted = new Map<string, number>();
	const reports = new Map<string, number>();
	const figures = { restarts: 0, failedPolls: 0, maxStaticBytes: 0, malformed: 0, future: 0 };
	const failures: Record<string, number> = {};
	const countFailure = (error: Error | undefined) => {
		if (!error) return;
		figures.failedPolls++;
		const kind = error.message.split(' ').slice(0, 6).join(' ');
		failures[kind] = (failures[kind] ?? 0) + 1;
	};
	const countReports = (trigger: PollHarness) => {
		for (const warning of trigger.warnings) {
			const convoId = /\(conversation ([^)]+)\)/.exec(warning)?.[1] ?? warning;
			reports.set(convoId, (reports.get(convoId) ?? 0) + 1);
		}
	};
	const countItems = (items: INodeExecutionData[] | undefined) => {
		for (const { json } of items ?? []) {
			const key = `${String(json.convoId)}@${String(json.sessionTs)}`;
			emitted.set(key, (emitted.get(key) ?? 0) + 1);
		}
	};

	clock.install();
	try {
		// Some history before the workflow is published.
		for (let i = 0; i < 30; i++) feed.arrive({ again: random() < 0.2 });
		let trigger = new PollHarness(setup);
		await clock.run(trigger.activate());
		const firstEmittable = feed.timely.length;
		for (let poll = 1; poll <= plan.polls; poll++) {
			const pollAt = start + poll * MINUTE;
			arrivalsBefore(feed, random, clock.now, pollAt, figures);
			clock.advanceTo(pollAt);
			feed.overlap = random() < 0.05 ? 1 + Math.floor(random() * 5) : 0;
			feed.faults = FAULTS;
			if (random() < 0.001) {
				countReports(trigger);
				trigger = trigger.restart();
				figures.restarts++;
			}
			const outcome = await clock.run(trigger.tick());
			countFailure(outcome.error);
			countItems(outcome.emitted);
			figures.maxStaticBytes = Math.max(
				figures.maxStaticBytes,
				JSON.stringify(trigger.persisted).length,
			);
		}
		// A quiet hour at the end: the feed behaves, and whatever a failed last poll left comes.
		feed.faults = NO_FAULTS;
		feed.overlap = 0;
		for (let poll = 1; poll <= 60; poll++) {
			clock.advanceTo(clock.now + MINUTE);
			const outcome = await clock.run(trigger.tick());
			countFailure(outcome.error);
			countItems(outcome.emitted);
		}
		countReports(trigger);
		// Every session that arrived after activation, the year-2100 ones included, but the malformed.
		const good = [
			...feed.timely.slice(firstEmittable).filter((session) => !session.malformed),
			...feed.future,
		];
		const goodKeys = new Set(good.map((session) => `${session.convoId}@${session.ts}`));
		const malformed = feed.timely.filter((session, i) => i >= firstEmittable && session.malformed);
		const misreported: Record<string, number> = {};
		for (const session of malformed)
			if (reports.get(session.convoId) !== 1)
				misreported[session.convoId] = reports.get(session.convoId) ?? 0;
		for (const [convoId, count] of reports)
			if (!malformed.some((session) => session.convoId === convoId)) misreported[convoId] = count;
		return {
			polls: plan.polls,
			sessions: good.length,
			malformed: figures.malformed,
			future: figures.future,
			restarts: figures.restarts,
			failedPolls: figures.failedPolls,
			failures,
			requests: feed.requests,
			maxStaticBytes: figures.maxStaticBytes,
			duplicated: [...emitted]
				.filter(([key, count]) => count > 1 && goodKeys.has(key))
				.map(([key]) => key),
			missing: [...goodKeys].filter((key) => !emitted.has(key)),
			misreported,
			unexpected: [...emitted.keys()].filter((key) => !goodKeys.has(key)),
			fakeMs: clock.now - start,
		};
	} finally {
		clock.uninstall();
	}
}

/** What arrives between two polls: mostly nothing or a few, now and then a burst over several pages. */
function arrivalsBefore(
	feed: MonthFeed,
	random: () => number,
	from: number,
	to: number,
	figures: { malformed: number; future: number },
): void {
	const draw = random();
	const count =
		draw < 0.6
			? 0
			: draw < 0.9
				? 1 + Math.floor(random() * 3)
				: draw < 0.997
					? 4 + Math.floor(random() * 12)
					: 40 + Math.floor(random() * 80);
	for (let i = 0; i < count; i++) {
		// Spread over the minute; often in the same millisecond as the one before (ties).
		const at =
			random() < 0.3
				? 0
				: from + SERVER_SKEW_MS + Math.floor(((i + random()) / count) * (to - from));
		feed.arrive({ at, again: random() < 0.2 });
	}
	// Now and then a malformed session among good ones, or a session from the year 2100.
	if (count > 0 && random() < 1 / 1500) {
		feed.arrive({ malformed: random() < 0.5 ? 'noAgentId' : 'textStart' });
		feed.arrive({});
		figures.malformed++;
	}
	if (random() < 1 / 1500) {
		feed.arriveFromTheFuture();
		figures.future++;
	}
}
