import { createHash } from 'crypto';
import { NodeOperationError, type INode } from 'n8n-workflow';
import { describeIssues } from '../shared/contracts/common';
import { compilePredicate, type Predicate } from '../shared/contracts/predicate';
import {
	sessionKey,
	workspaceSessionSchema,
	type WorkspaceSession,
	type WorkspaceSessionPage,
} from '../shared/contracts/sessions';
import { emittedKeys, isNew, POLL_LIMITS, type Watermark } from './watermark';

/**
 * One poll's scan of the feed: pages 0, 1, … read until one passes the watermark (or the last
 * one), keeping every session not emitted yet. While it pages, new sessions push the list down:
 * an entry already read comes again on the next page and is dropped by its key, and nothing
 * slides past unread (the newcomers sit on page 0, for the next poll).
 *
 * What a feed that misbehaves cannot do to it:
 * - hang it or make it flood: a page that brings nothing this scan has not read already while
 *   the feed says there is more (a feed that ignores `page`) fails the poll at once, and no poll
 *   reads more than POLL_LIMITS.maxPages pages;
 * - stop it for good: each session is checked on its own, and a malformed one is left out and
 *   reported once (by its fingerprint), while the good ones around it are emitted.
 * A poll that fails throws before the watermark moves: nothing is lost and nothing comes twice.
 */

export interface MalformedSession {
	/** Stands for the session while its conversation, agent and start stay the same (its turns may grow). */
	fingerprint: string;
	convoId?: string;
	problems: string[];
}

export interface Scan {
	/** Sessions not emitted before, oldest first, each once. */
	fresh: WorkspaceSession[];
	/** Malformed sessions among the new ones, not reported before. */
	malformed: MalformedSession[];
}

type Checked = { session: WorkspaceSession } | { malformed: MalformedSession };

let sessionPredicate: Predicate | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fingerprint(raw: unknown): string {
	const record = isRecord(raw) ? raw : undefined;
	const data = isRecord(record?.sessionData) ? record.sessionData : undefined;
	const identity = record ? [record.convoId, record.agentId, data?.currentSessionTs] : [raw];
	return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16);
}

/** One entry of a page, checked against the session contract on its own. */
export function checkSession(raw: unknown): Checked {
	sessionPredicate ??=
		compilePredicate(workspaceSessionSchema) ??
		((value) => workspaceSessionSchema.safeParse(value).success);
	if (sessionPredicate(raw)) return { session: raw as WorkspaceSession };
	const checked = workspaceSessionSchema.safeParse(raw);
	if (checked.success) return { session: raw as WorkspaceSession };
	const convoId = isRecord(raw) && typeof raw.convoId === 'string' ? raw.convoId : undefined;
	return {
		malformed: { fingerprint: fingerprint(raw), convoId, problems: describeIssues(checked.error) },
	};
}

/** The well-formed sessions of a page, and what is wrong with the others. */
export function splitPage(page: WorkspaceSessionPage): {
	sessions: WorkspaceSession[];
	malformed: MalformedSession[];
} {
	const sessions: WorkspaceSession[] = [];
	const malformed: MalformedSession[] = [];
	for (const entry of page.sessions.map(checkSession))
		if ('session' in entry) sessions.push(entry.session);
		else malformed.push(entry.malformed);
	return { sessions, malformed };
}

/** Newest first, as the feed is read: each start at or before the one above it. */
function isNewestFirst(sessions: WorkspaceSession[]): boolean {
	for (let i = 1; i < sessions.length; i++) {
		if (sessions[i].sessionData.currentSessionTs > sessions[i - 1].sessionData.currentSessionTs)
			return false;
	}
	return true;
}

function repeatedPageError(node: INode, page: number): NodeOperationError {
	return new NodeOperationError(
		node,
		`The sessions feed answered page ${page} with nothing new while saying it has more: it repeats pages`,
		{
			description: `Every session on page ${page} was already on an earlier page of this poll, yet the answer says hasMore: true. Reading on could go on for ever (a feed that ignores the page asked for), so this poll stops without emitting anything. The trigger's position is unchanged: the next poll reads the feed again from page 0, and no session is lost or emitted twice.`,
		},
	);
}

function pageBoundError(node: INode): NodeOperationError {
	const { maxPages } = POLL_LIMITS;
	return new NodeOperationError(
		node,
		`The sessions feed still had more after ${maxPages} pages in one poll: the poll stops there`,
		{
			description: `A poll reads at most ${maxPages} pages (${maxPages * 100} sessions at Page Size 100), so that a feed that never ends cannot flood Convocore. Nothing was emitted and the trigger's position is unchanged: the next poll reads again, and no session is lost or emitted twice. If that many sessions really arrive between two polls, set Options > Page Size to 100 and poll more often.`,
		},
	);
}

/**
 * Reads pages from 0 until one passes the watermark (or the last one) and returns what is new.
 * A page that is not newest first disables the early stop for the rest of the scan: the order is
 * our reading of an undocumented feed, and reading to the end costs requests, never sessions.
 */
export async function scanSince(
	node: INode,
	watermark: Watermark,
	fetchPage: (page: number) => Promise<WorkspaceSessionPage>,
): Promise<Scan> {
	const emitted = emittedKeys(watermark);
	const reported = new Set(watermark.reported);
	const found = new Map<string, WorkspaceSession>();
	const malformed = new Map<string, MalformedSession>();
	// Every entry this scan has read (keys, and fingerprints of the malformed ones).
	const readThisScan = new Set<string>();
	let ordered = true;
	// Newest first, entries before the first one already emitted are new: a malformed one there is reported.
	let amongNew = true;
	let page = 0;
	for (;;) {
		if (page >= POLL_LIMITS.maxPages) throw pageBoundError(node);
		const answer = await fetchPage(page);
		const entries = answer.sessions.map(checkSession);
		ordered &&= isNewestFirst(
			entries.flatMap((entry) => ('session' in entry ? [entry.session] : [])),
		);
		let passed = false;
		let broughtSomething = false;
		for (const entry of entries) {
			const id = 'session' in entry ? sessionKey(entry.session) : entry.malformed.fingerprint;
			if (!readThisScan.has(id)) broughtSomething = true;
			readThisScan.add(id);
			if (!('session' in entry)) {
				const { fingerprint: print } = entry.malformed;
				if ((amongNew || !ordered) && !reported.has(print)) malformed.set(print, entry.malformed);
				continue;
			}
			const { session } = entry;
			const start = session.sessionData.currentSessionTs;
			if (isNew(watermark, session, emitted)) {
				if (!found.has(id)) found.set(id, session);
			} else if (watermark.ts !== null && start <= watermark.ts) {
				amongNew = false;
				if (start < watermark.ts) passed = true;
			}
		}
		page++;
		if (!answer.pagination.hasMore || answer.sessions.length === 0 || (passed && ordered)) break;
		if (!broughtSomething) throw repeatedPageError(node, page - 1);
	}
	// Oldest first; among equal starts, the order the feed gives read backwards (its later entries first).
	const fresh = [...found.values()].reverse();
	fresh.sort((a, b) => a.sessionData.currentSessionTs - b.sessionData.currentSessionTs);
	return { fresh, malformed: [...malformed.values()] };
}
