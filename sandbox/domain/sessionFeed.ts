/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only); the feed's own timer is a Node interval */
import { ApiError } from '../server/errors';
import type { SandboxState } from './state';
import type { FeedSession, SandboxRegion, SessionDefect, SessionFeedState } from './records';

/**
 * The workspace-wide sessions feed behind `GET /workspace/sessions` (routes/sessions.ts), so that
 * the Convocore Conversation Trigger has something to find. It grows three ways:
 * - `addSessions` (tests, and the control route `POST /__sandbox/sessions`): N sessions now;
 * - `startFeedTimer`: on its own, one batch per interval, until the sandbox resets or closes.
 *   Off unless asked for, so that no test depends on timing;
 * - the seed: one session per seeded conversation, at its creation time.
 *
 * The sandbox's reading (no public source says): one entry per session, newest first by its start
 * (`currentSessionTs`, ms); a new conversation is a conversation's first session.
 */

export interface AddSessionsOptions {
	count?: number;
	agentId?: string;
	origin?: string;
	/** A new session on this existing conversation instead of new conversations. */
	convoId?: string;
	/** The start of every added session; default the feed's clock. */
	at?: number;
	/**
	 * `at` comes from a wrong clock (a session stamped in the year 2100, or one backdated): the
	 * feed's own clock does not follow it, so the sessions after it start at the clock again.
	 */
	offClock?: boolean;
	/** The sessions come malformed in the feed's answers, in these ways. */
	malformed?: SessionDefect[];
}

const ORIGINS = ['web-chat', 'sms', 'telephony', 'messenger', 'instagram'] as const;
const NAMES = [
	'Ada Lovelace',
	'Grace Hopper',
	'Alan Turing',
	'Katherine Johnson',
	'Edsger Dijkstra',
	'Barbara Liskov',
];

/** The feed of this state, seeded from its conversations on first use. */
export function sessionFeed(state: SandboxState): SessionFeedState {
	if (!state.sessionFeed) {
		const entries: FeedSession[] = [];
		for (const convo of Object.values(state.conversations)) {
			const agent = state.agents[convo.agentId];
			entries.push({
				convoId: convo.ID,
				agentId: convo.agentId,
				workspaceId: convo.workspaceId,
				region: agent?.region ?? 'eu',
				agentName: agent?.title,
				userName: convo.userName,
				userPhone: convo.userPhone,
				...(convo.userEmail ? { userEmail: convo.userEmail } : {}),
				origin: convo.origin,
				state: convo.state,
				ts: convo.createdAt,
				turns: convo.history.map((turn) => ({
					from: turn.from === 'ai' ? 'bot' : 'human',
					ts: turn.at,
					text: turn.text,
				})),
				seq: entries.length,
			});
		}
		state.sessionFeed = { entries, added: entries.length, clock: () => Date.now() };
	}
	return state.sessionFeed;
}

/** Adds `count` sessions now (or at `at`); returns them. Unknown agent or conversation: 404. */
export function addSessions(state: SandboxState, options: AddSessionsOptions = {}): FeedSession[] {
	const feed = sessionFeed(state);
	const count = options.count ?? 1;
	const existing = options.convoId
		? feed.entries.find((entry) => entry.convoId === options.convoId)
		: undefined;
	if (options.convoId && !existing)
		throw new ApiError(
			404,
			'CONVERSATION_NOT_FOUND',
			`Conversation ${options.convoId} has no session in the feed.`,
		);
	const agentId = options.agentId ?? existing?.agentId ?? 'agent-own';
	const agent = state.agents[agentId];
	if (!agent) throw new ApiError(404, 'AGENT_NOT_FOUND', `Agent ${agentId} was not found.`);
	const added: FeedSession[] = [];
	for (let i = 0; i < count; i++) {
		const n = ++feed.added;
		// A conversation's sessions start one after the other: never two in the same millisecond.
		const latest = existing
			? Math.max(
					...feed.entries
						.filter((entry) => entry.convoId === existing.convoId)
						.map((entry) => entry.ts),
				)
			: -Infinity;
		// And the server's clock never runs backwards: a later session never starts before an earlier one.
		const ts = Math.max(options.at ?? Math.max(feed.clock(), feed.lastTs ?? -Infinity), latest + 1);
		if (!options.offClock) feed.lastTs = Math.max(feed.lastTs ?? -Infinity, ts);
		const person = NAMES[n % NAMES.length];
		const convoId = existing?.convoId ?? `convo-feed-${n}`;
		const session: FeedSession = {
			convoId,
			agentId,
			workspaceId: agent.workspaceId,
			region: agent.region,
			agentName: agent.title,
			userName: existing?.userName ?? person,
			userEmail: existing?.userEmail ?? `${person.split(' ')[0].toLowerCase()}.${n}@example.com`,
			userPhone: existing?.userPhone ?? `+49157${String(40000000 + n).padStart(8, '0')}`,
			origin: options.origin ?? existing?.origin ?? ORIGINS[n % ORIGINS.length],
			state: 'ai-chatting',
			ts,
			turns: [
				{
					from: 'human',
					ts,
					messages: [
						{
							item: {
								type: 'text',
								payload: { message: `Hello, this is ${person} (session ${n}).` },
							},
						},
					],
				},
				{
					from: 'bot',
					ts: ts + 1,
					messages: [{ item: { type: 'text', payload: { message: 'Hi! How can I help?' } } }],
				},
			],
			seq: n,
			...(options.malformed?.length ? { malformed: [...options.malformed] } : {}),
		};
		feed.entries.push(session);
		added.push(session);
	}
	return added;
}

/**
 * The sessions of a workspace and region, filtered, newest first (later insertion first on ties);
 * with the `byConversation` quirk, newest conversation first and each conversation's sessions together.
 */
export function listSessions(
	state: SandboxState,
	filter: { workspaceId: string; region: SandboxRegion; agentId?: string; origin?: string },
): FeedSession[] {
	const feed = sessionFeed(state);
	const listed = feed.entries
		.filter(
			(entry) =>
				entry.workspaceId === filter.workspaceId &&
				entry.region === filter.region &&
				(filter.agentId === undefined || entry.agentId === filter.agentId) &&
				(filter.origin === undefined || entry.origin === filter.origin),
		)
		.sort((a, b) => b.ts - a.ts || b.seq - a.seq);
	if (feed.quirks?.order !== 'byConversation') return listed;
	const firstStart = new Map<string, number>();
	for (const entry of listed)
		firstStart.set(entry.convoId, Math.min(firstStart.get(entry.convoId) ?? Infinity, entry.ts));
	// A stable sort: within a conversation the entries keep their newest-first order.
	return listed.sort(
		(a, b) =>
			firstStart.get(b.convoId)! - firstStart.get(a.convoId)! || b.convoId.localeCompare(a.convoId),
	);
}

/** All sessions of a session's conversation, oldest first. */
export function sessionsOfConversation(state: SandboxState, convoId: string): FeedSession[] {
	return sessionFeed(state)
		.entries.filter((entry) => entry.convoId === convoId)
		.sort((a, b) => a.ts - b.ts || a.seq - b.seq);
}

/**
 * Grows the feed on its own: `count` sessions every `intervalMs`, until stopped, the state is
 * replaced (reset) or the sandbox closes (both retire the state's crawler settings, which this
 * timer watches as the crawler jobs do).
 */
export function startFeedTimer(
	state: SandboxState,
	intervalMs: number,
	options: AddSessionsOptions = {},
): void {
	stopFeedTimer(state);
	const feed = sessionFeed(state);
	feed.timer = setInterval(() => {
		if (state.crawler.retired) return stopFeedTimer(state);
		addSessions(state, options);
	}, intervalMs);
	feed.timer.unref?.();
}

export function stopFeedTimer(state: SandboxState): void {
	const feed = state.sessionFeed;
	if (feed?.timer) clearInterval(feed.timer);
	if (feed) feed.timer = undefined;
}
