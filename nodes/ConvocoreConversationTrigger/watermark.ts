import type { IDataObject } from 'n8n-workflow';
import { sessionKey, type WorkspaceSession } from '../shared/contracts/sessions';

/**
 * Exactly once over a feed that lists sessions newest first and pages by number: what was seen is
 * remembered as a watermark, the newest session start emitted so far (`ts`), together with the
 * keys of every session at exactly that start (`keys`): two sessions can share a millisecond, and
 * the second may only appear in the feed after the first was emitted.
 *
 * The watermark never runs ahead of the clock by more than POLL_LIMITS.futureToleranceMs: a
 * session stamped further ahead (a wrong clock, the year 2100) is emitted and remembered by its
 * key in `ahead` instead, so that the sessions after it are not taken for old. An `ahead` session
 * joins the watermark once the clock has caught up with it (advance).
 *
 * Static data stays small whatever the number of sessions seen: the start, the keys of the
 * sessions in that one millisecond, at most `maxAhead` keys from the future and at most
 * `maxReported` fingerprints of malformed sessions already reported (./scan.ts).
 *
 * The watermark is written only after the whole scan succeeded: a poll that fails leaves it where
 * it was, and the next poll reads the same window again.
 */

export const POLL_LIMITS = {
	/** Pages one poll reads at most (20,000 sessions at Page Size 100). */
	maxPages: 200,
	/** How far the watermark may run ahead of the clock: 5 minutes, for clocks that differ a little. */
	futureToleranceMs: 5 * 60_000,
	/** Sessions from beyond the tolerance emitted ahead of their time; more wait for the clock. */
	maxAhead: 100,
	/** Malformed sessions remembered as reported; past that, the oldest is forgotten. */
	maxReported: 100,
} as const;

export interface Watermark {
	/** The workspace and region the watermark belongs to; another one starts afresh. */
	scope: string;
	/** Newest session start emitted or passed over (ms); null: the feed was empty at activation. */
	ts: number | null;
	/** Keys (`convoId@ts`) of the sessions at exactly `ts`. */
	keys: string[];
	/** Keys of the sessions emitted (or passed over at activation) that started beyond the tolerance. */
	ahead: string[];
	/** Fingerprints of the malformed sessions already reported (./scan.ts). */
	reported: string[];
}

const STATIC_KEY = 'watermark';

const textList = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** The start a key names (`convoId@ts`). */
export function startOfKey(key: string): number {
	return Number(key.slice(key.lastIndexOf('@') + 1));
}

/** The stored watermark, or undefined for another scope. */
export function readWatermark(staticData: IDataObject, scope: string): Watermark | undefined {
	const stored = staticData[STATIC_KEY] as Partial<Record<keyof Watermark, unknown>> | undefined;
	if (!stored || typeof stored !== 'object' || stored.scope !== scope) return undefined;
	const ts = typeof stored.ts === 'number' && Number.isFinite(stored.ts) ? stored.ts : null;
	return {
		scope,
		ts,
		keys: textList(stored.keys),
		ahead: textList(stored.ahead),
		reported: textList(stored.reported),
	};
}

/**
 * Whether the watermark ran further into the future than the tolerance, as a release before this
 * check let it (a session from the year 2100): every later session then looks old. Such a
 * watermark starts again from where the feed stands, as on activation, keeping its sessions as
 * `ahead`: the trigger hears of new sessions again, and none comes twice.
 */
export function ranAhead(watermark: Watermark, now: number): boolean {
	return watermark.ts !== null && watermark.ts > now + POLL_LIMITS.futureToleranceMs;
}

/** Written as before this release when nothing is ahead or reported, so static data only grows when needed. */
export function writeWatermark(staticData: IDataObject, watermark: Watermark): void {
	staticData[STATIC_KEY] = {
		scope: watermark.scope,
		ts: watermark.ts,
		keys: [...watermark.keys],
		...(watermark.ahead.length ? { ahead: [...watermark.ahead] } : {}),
		...(watermark.reported.length ? { reported: [...watermark.reported] } : {}),
	} as unknown as IDataObject;
}

/** The keys a poll counts as emitted: those at the watermark's start and those ahead of the clock. */
export function emittedKeys(watermark: Watermark): Set<string> {
	return new Set([...watermark.keys, ...watermark.ahead]);
}

/** Whether a session was not emitted yet; `emitted` is the watermark's emittedKeys. */
export function isNew(
	watermark: Watermark,
	session: WorkspaceSession,
	emitted: Set<string>,
): boolean {
	if (emitted.has(sessionKey(session))) return false;
	return watermark.ts === null || session.sessionData.currentSessionTs >= watermark.ts;
}

/**
 * The watermark that counts every session listed on a first page as seen: the activation's "from
 * now on". `before`: a watermark that ran ahead (ranAhead), whose sessions stay seen.
 */
export function watermarkOf(
	scope: string,
	sessions: WorkspaceSession[],
	reported: string[],
	now: number,
	before?: Watermark,
): Watermark {
	const start: Watermark = {
		scope,
		ts: null,
		keys: [],
		ahead: before ? [...before.ahead, ...before.keys] : [],
		reported: before?.reported ?? [],
	};
	const seen = emittedKeys(start);
	const unseen = sessions.filter((session) => !seen.has(sessionKey(session)));
	return advance(start, unseen, now, reported).watermark;
}

export interface Advanced {
	watermark: Watermark;
	/** The sessions of `fresh` to emit now, oldest first: all but those that wait for the clock. */
	admitted: WorkspaceSession[];
}

/**
 * The watermark once `fresh` (the whole scan's new sessions, oldest first, to be emitted or
 * filtered out) and the malformed sessions just reported are behind us, at the clock's `now`.
 * A session stamped beyond the tolerance is admitted and remembered in `ahead` while there is
 * room (POLL_LIMITS.maxAhead); past that it is not emitted yet, and comes once the clock has
 * caught up with it: never twice, and it never moves the watermark out of the tolerance.
 */
export function advance(
	watermark: Watermark,
	fresh: WorkspaceSession[],
	now: number,
	reported: string[] = [],
): Advanced {
	const limit = now + POLL_LIMITS.futureToleranceMs;
	// Sessions emitted ahead of the clock that it has now caught up with join the watermark.
	const joining = watermark.ahead.filter((key) => startOfKey(key) <= limit);
	const ahead = watermark.ahead.filter((key) => startOfKey(key) > limit);
	const admitted: WorkspaceSession[] = [];
	for (const session of fresh) {
		const key = sessionKey(session);
		if (session.sessionData.currentSessionTs <= limit) joining.push(key);
		else if (ahead.length < POLL_LIMITS.maxAhead) ahead.push(key);
		else continue;
		admitted.push(session);
	}
	let ts = watermark.ts;
	for (const key of joining) if (ts === null || startOfKey(key) > ts) ts = startOfKey(key);
	const keys = new Set(ts === watermark.ts ? watermark.keys : []);
	for (const key of joining) if (startOfKey(key) === ts) keys.add(key);
	return {
		watermark: {
			scope: watermark.scope,
			ts,
			keys: [...keys],
			ahead,
			reported: [...watermark.reported, ...reported].slice(-POLL_LIMITS.maxReported),
		},
		admitted,
	};
}
