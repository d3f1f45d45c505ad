import type { IDataObject } from 'n8n-workflow';
import {
	sessionKey,
	type WorkspaceSession,
	type WorkspaceSessionPage,
} from '../shared/contracts/sessions';

/**
 * Exactly once over a feed that lists sessions newest first and pages by number: what was seen is
 * remembered as a watermark, the newest session start emitted so far (`ts`), together with the
 * keys of every session at exactly that start (`keys`): two sessions can share a millisecond, and
 * the second may only appear in the feed after the first was emitted.
 *
 * A poll reads page 0, 1, … and keeps every session newer than the watermark (or at it with a key
 * not yet seen). It stops at the first page holding a session older than the watermark, or at the
 * last page. While it pages, new sessions push the list down: an entry already read comes again
 * on the next page and is dropped by its key, and nothing slides past unread (the newcomers sit on
 * page 0, for the next poll). The watermark is written only after the whole scan succeeded: a
 * poll that fails leaves it where it was, and the next poll reads the same window again.
 */

export interface Watermark {
	/** The workspace and region the watermark belongs to; another one starts afresh. */
	scope: string;
	/** Newest session start emitted or passed over (ms); null: the feed was empty at activation. */
	ts: number | null;
	/** Keys (`convoId@ts`) of the sessions at exactly `ts`. */
	keys: string[];
}

const STATIC_KEY = 'watermark';

export function readWatermark(staticData: IDataObject, scope: string): Watermark | undefined {
	const stored = staticData[STATIC_KEY] as Partial<Watermark> | undefined;
	if (!stored || typeof stored !== 'object' || stored.scope !== scope) return undefined;
	const ts = typeof stored.ts === 'number' && Number.isFinite(stored.ts) ? stored.ts : null;
	const keys = Array.isArray(stored.keys)
		? stored.keys.filter((key): key is string => typeof key === 'string')
		: [];
	return { scope, ts, keys };
}

export function writeWatermark(staticData: IDataObject, watermark: Watermark): void {
	staticData[STATIC_KEY] = {
		scope: watermark.scope,
		ts: watermark.ts,
		keys: [...watermark.keys],
	} as unknown as IDataObject;
}

/** The watermark that counts everything on a first page as seen: the activation's "from now on". */
export function watermarkOf(scope: string, page: WorkspaceSessionPage): Watermark {
	let ts: number | null = null;
	for (const session of page.sessions) {
		const start = session.sessionData.currentSessionTs;
		if (ts === null || start > ts) ts = start;
	}
	const keys = page.sessions
		.filter((session) => session.sessionData.currentSessionTs === ts)
		.map(sessionKey);
	return { scope, ts, keys };
}

export interface Scan {
	/** Sessions not seen before, oldest first, each once. */
	fresh: WorkspaceSession[];
	/** Requests sent. */
	pages: number;
}

function isNew(watermark: Watermark, seenAtMark: Set<string>, session: WorkspaceSession): boolean {
	if (watermark.ts === null) return true;
	const start = session.sessionData.currentSessionTs;
	return start > watermark.ts || (start === watermark.ts && !seenAtMark.has(sessionKey(session)));
}

/** Newest first, as the feed is read: each start at or before the one above it. */
function isNewestFirst(sessions: WorkspaceSession[]): boolean {
	for (let i = 1; i < sessions.length; i++) {
		if (sessions[i].sessionData.currentSessionTs > sessions[i - 1].sessionData.currentSessionTs)
			return false;
	}
	return true;
}

/**
 * Reads pages from 0 until one passes the watermark (or the last one) and returns what is new.
 * A page that is not newest first disables the early stop for the rest of the scan: the order is
 * our reading of an undocumented feed, and reading to the end costs requests, never sessions.
 */
export async function scanSince(
	watermark: Watermark,
	fetchPage: (page: number) => Promise<WorkspaceSessionPage>,
): Promise<Scan> {
	const seenAtMark = new Set(watermark.keys);
	const found = new Map<string, WorkspaceSession>();
	let ordered = true;
	let page = 0;
	for (;;) {
		const answer = await fetchPage(page);
		page++;
		ordered &&= isNewestFirst(answer.sessions);
		let passed = false;
		for (const session of answer.sessions) {
			if (isNew(watermark, seenAtMark, session)) {
				const key = sessionKey(session);
				if (!found.has(key)) found.set(key, session);
			} else if (watermark.ts !== null && session.sessionData.currentSessionTs < watermark.ts) {
				passed = true;
			}
		}
		if (!answer.pagination.hasMore || answer.sessions.length === 0 || (passed && ordered)) break;
	}
	// Oldest first; among equal starts, the order the feed gives read backwards (its later entries first).
	const fresh = [...found.values()].reverse();
	fresh.sort((a, b) => a.sessionData.currentSessionTs - b.sessionData.currentSessionTs);
	return { fresh, pages: page };
}

/** The watermark once `fresh` (the whole scan's new sessions, emitted or filtered out) is behind us. */
export function advance(watermark: Watermark, fresh: WorkspaceSession[]): Watermark {
	let ts = watermark.ts;
	for (const session of fresh) {
		const start = session.sessionData.currentSessionTs;
		if (ts === null || start > ts) ts = start;
	}
	if (ts === null) return watermark;
	const keys = new Set(ts === watermark.ts ? watermark.keys : []);
	for (const session of fresh)
		if (session.sessionData.currentSessionTs === ts) keys.add(sessionKey(session));
	return { scope: watermark.scope, ts, keys: [...keys] };
}
