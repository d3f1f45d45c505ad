/**
 * An in-process sessions feed for the month-long soak (./month.ts): it answers the trigger's
 * requests in place of n8n's HTTP client, as the published route would, newest first, and
 * misbehaves as a real server might over a month: 429s, 500s, socket timeouts, pages that overlap,
 * sessions arriving while the trigger pages (landing on a page already read), malformed sessions
 * and sessions stamped in the year 2100. It is built for 40,000 polls: a page is found by index,
 * never by sorting the whole feed.
 */
import { sleep, type IHttpRequestOptions } from 'n8n-workflow';

export interface MonthSession {
	convoId: string;
	ts: number;
	/** What is wrong with it as the feed answers it, if anything. */
	malformed?: 'noAgentId' | 'textStart';
}

export interface FeedFaults {
	/** Chance that a request is answered 429 (with a Retry-After of 1 to 5 s). */
	rateLimited: number;
	/** Chance that a request starts a run of 500s (1 to 6 in a row: 5 outlast the retries). */
	serverError: number;
	/** Chance that a request times out on its socket. */
	timeout: number;
	/** Chance, per page after the first, that sessions arrive before it is answered. */
	arrivalWhilePaging: number;
}

export const NO_FAULTS: FeedFaults = {
	rateLimited: 0,
	serverError: 0,
	timeout: 0,
	arrivalWhilePaging: 0,
};

/** mulberry32: a small seeded PRNG, so the month is the same every run. */
export function prng(seed: number): () => number {
	let a = seed;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export class MonthFeed {
	/** Sessions on the server's clock, oldest first (the clock never goes back, so arrivals append). */
	readonly timely: MonthSession[] = [];
	/** Sessions stamped in the year 2100, oldest first: always listed first. */
	readonly future: MonthSession[] = [];
	/** Requests answered (every attempt, faults included). */
	requests = 0;
	faults: FeedFaults = NO_FAULTS;
	/** Entries each page repeats from the page before (duplicates across pages); 0: none. */
	overlap = 0;
	private serverErrorsLeft = 0;
	private conversations = 0;
	private lastTs = 0;
	private readonly latestOfConversation = new Map<string, number>();

	constructor(
		private readonly random: () => number,
		/** The server's clock (the fake one, a little ahead of n8n's). */
		private readonly clock: () => number,
	) {}

	/** A session now (or at `at`, never before the last one), on a new conversation or an existing one. */
	arrive(options: { at?: number; again?: boolean; malformed?: MonthSession['malformed'] } = {}) {
		const known = this.timely.length > 0 && options.again;
		const convoId = known
			? this.timely[Math.floor(this.random() * this.timely.length)].convoId
			: `convo-${++this.conversations}`;
		let ts = Math.max(options.at ?? this.clock(), this.lastTs);
		// One conversation never has two sessions in the same millisecond.
		if (ts <= (this.latestOfConversation.get(convoId) ?? -Infinity)) ts += 1;
		this.lastTs = ts;
		this.latestOfConversation.set(convoId, ts);
		const session: MonthSession = {
			convoId,
			ts,
			...(options.malformed ? { malformed: options.malformed } : {}),
		};
		this.timely.push(session);
		return session;
	}

	/** A session stamped in the year 2100 by a wrong clock. */
	arriveFromTheFuture(): MonthSession {
		const session = {
			convoId: `convo-${++this.conversations}`,
			ts: Date.UTC(2100, 0, 1) + this.future.length,
		};
		this.future.push(session);
		return session;
	}

	private listedAt(index: number): MonthSession | undefined {
		const { future, timely } = this;
		if (index < future.length) return future[future.length - 1 - index];
		return timely[timely.length - 1 - (index - future.length)];
	}

	private record(session: MonthSession): Record<string, unknown> {
		return {
			convoId: session.convoId,
			...(session.malformed === 'noAgentId' ? {} : { agentId: 'agent-own' }),
			origin: 'web-chat',
			sessionData: {
				turns: [],
				sessions: [[]],
				currentSessionTs:
					session.malformed === 'textStart' ? new Date(session.ts).toString() : session.ts,
				allSessionTimestamps: [session.malformed === 'textStart' ? 0 : session.ts],
			},
		};
	}

	answer = async (options: IHttpRequestOptions): Promise<unknown> => {
		this.requests++;
		const { faults, random } = this;
		if (this.serverErrorsLeft > 0 || random() < faults.serverError) {
			if (this.serverErrorsLeft === 0) this.serverErrorsLeft = 1 + Math.floor(random() * 6);
			this.serverErrorsLeft--;
			return {
				statusCode: 500,
				headers: {},
				body: { message: 'Internal error', code: 'INTERNAL' },
			};
		}
		if (random() < faults.rateLimited)
			return {
				statusCode: 429,
				headers: { 'retry-after': String(1 + Math.floor(random() * 5)) },
				body: { message: 'Too many requests', code: 'RATE_LIMITED' },
			};
		if (random() < faults.timeout) {
			// As n8n's HTTP client does when its socket timeout (the request's remaining time) passes.
			await sleep(Number(options.timeout ?? 60_000));
			throw Object.assign(new Error('timeout of 60000ms exceeded'), { code: 'ETIMEDOUT' });
		}
		const query = options.qs as { page: number; limit: number };
		if (query.page > 0 && random() < faults.arrivalWhilePaging) {
			const count = 1 + Math.floor(random() * 2);
			for (let i = 0; i < count; i++) this.arrive({ again: random() < 0.2 });
		}
		const start = query.page * Math.max(query.limit - this.overlap, 1);
		const total = this.future.length + this.timely.length;
		const sessions: Array<Record<string, unknown>> = [];
		for (let i = start; i < Math.min(start + query.limit, total); i++)
			sessions.push(this.record(this.listedAt(i)!));
		return {
			statusCode: 200,
			headers: { 'content-type': 'application/json' },
			body: {
				sessions,
				timestampRange: { oldest: 0, newest: 0 },
				pagination: {
					page: query.page,
					limit: query.limit,
					hasMore: start + query.limit < total,
					totalFetched: sessions.length,
				},
			},
		};
	};
}
