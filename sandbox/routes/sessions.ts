import {
	workspaceSessionPageSchema,
	workspaceSessionSchema,
	workspaceSessionsQuerySchema,
} from '../../nodes/shared/contracts/sessions';
import { ApiError, parseOrThrow } from '../server/errors';
import {
	addSessions,
	listSessions,
	sessionFeed,
	sessionsOfConversation,
} from '../domain/sessionFeed';
import type { FeedSession } from '../domain/records';
import type { SandboxState } from '../domain/state';
import type { Route, RouteContext } from './types';

/**
 * `GET /workspace/sessions` (OpenAPI 1.0.4 `conversationRouter-getWorkspaceSessions`), over the
 * feed in sandbox/domain/sessionFeed.ts. Both modes answer the published shape, which has only the
 * listed keys; strict mode refuses an unknown query key, published mode drops it (parseOrThrow).
 *
 * The sandbox's readings where the OpenAPI says nothing:
 * - `region` names where the workspace lives: a workspace of another region (or one the secret
 *   cannot see) is 404, as `GET /workspaces/{id}` answers;
 * - an agent secret sees its own agent's sessions only;
 * - newest first by `currentSessionTs`; `hasMore` when a later page has entries; `totalFetched`
 *   is the number of sessions in this answer; `timestampRange` spans this page (0 and 0 when empty).
 *
 * A hostile feed (the quirks of `POST /__sandbox/sessions/quirks`, records.ts `FeedQuirks`, and
 * malformed sessions) answers in ways no well-behaved server should, so that anyone can watch the
 * trigger cope: pages ignored, pages overlapping, sessions arriving while the trigger pages.
 */

function sessionRecord(state: SandboxState, entry: FeedSession): Record<string, unknown> {
	const all = sessionsOfConversation(state, entry.convoId);
	const optional = (
		['agentName', 'userName', 'userEmail', 'userPhone', 'origin', 'state'] as const
	).filter((key) => entry[key] !== undefined);
	const defects = entry.malformed ?? [];
	return {
		convoId: entry.convoId,
		...(defects.includes('noAgentId') ? {} : { agentId: entry.agentId }),
		...Object.fromEntries(optional.map((key) => [key, entry[key]])),
		sessionData: {
			turns: entry.turns,
			sessions: all.map((session) => session.turns),
			currentSessionTs: defects.includes('textStart') ? new Date(entry.ts).toString() : entry.ts,
			allSessionTimestamps: all.map((session) => session.ts),
		},
	};
}

function listWorkspaceSessions(ctx: RouteContext) {
	const query = parseOrThrow(workspaceSessionsQuerySchema, ctx.query, 'sessions query');
	const own = ctx.caller.workspace;
	const workspace = ctx.state.workspaces[query.workspaceId];
	const visible =
		workspace &&
		(workspace.id === own.id ||
			(ctx.caller.kind === 'workspace' && workspace.createdBy === own.id));
	if (!workspace || !visible || workspace.region !== query.region || query.region !== ctx.region) {
		throw new ApiError(
			404,
			'WORKSPACE_NOT_FOUND',
			`Workspace ${query.workspaceId} was not found in region ${query.region}.`,
		);
	}
	const feed = sessionFeed(ctx.state);
	const quirks = feed.quirks ?? {};
	feed.beforeRead?.({ page: query.page, limit: query.limit });
	if (quirks.arrivalsPerPage && query.page > 0)
		addSessions(ctx.state, {
			count: quirks.arrivalsPerPage,
			agentId: agentOf(ctx, workspace.id, query.region),
		});
	const agentId = ctx.caller.kind === 'agent' ? ctx.caller.agent?.ID : query.agentId;
	if (ctx.caller.kind === 'agent' && query.agentId !== undefined && query.agentId !== agentId) {
		throw new ApiError(
			403,
			'AGENT_SECRET_SCOPE',
			`This agent secret belongs to agent ${agentId} and cannot read the sessions of agent ${query.agentId}.`,
		);
	}
	const all = listSessions(ctx.state, {
		workspaceId: workspace.id,
		region: query.region,
		agentId,
		origin: query.origin,
	});
	const pageNumber = quirks.ignorePage ? 0 : query.page;
	// With an overlap, each page starts that many entries before where the previous one ended.
	const start = pageNumber * Math.max(query.limit - (quirks.overlap ?? 0), 1);
	const page = all.slice(start, start + query.limit);
	const body = {
		sessions: page.map((entry) => sessionRecord(ctx.state, entry)),
		timestampRange: {
			oldest: page.length ? page[page.length - 1].ts : 0,
			newest: page.length ? page[0].ts : 0,
		},
		pagination: {
			page: query.page,
			limit: query.limit,
			hasMore: quirks.ignorePage === true || start + query.limit < all.length,
			totalFetched: page.length,
		},
	};
	// The node's own contract, so that the two cannot drift; a session made malformed on purpose is not checked.
	workspaceSessionPageSchema.parse({ ...body, sessions: [] });
	page.forEach((entry, i) => entry.malformed || workspaceSessionSchema.parse(body.sessions[i]));
	return { body };
}

/** Who the sessions arriving while the trigger pages belong to: an agent of the workspace. */
function agentOf(ctx: RouteContext, workspaceId: string, region: string): string | undefined {
	return Object.values(ctx.state.agents).find(
		(agent) => agent.workspaceId === workspaceId && agent.region === region,
	)?.ID;
}

export const sessionRoutes: Route[] = [
	{ method: 'GET', pattern: '/workspace/sessions', handler: listWorkspaceSessions },
];
