import {
	workspaceSessionPageSchema,
	workspaceSessionsQuerySchema,
} from '../../nodes/shared/contracts/sessions';
import { ApiError, parseOrThrow } from '../server/errors';
import { listSessions, sessionFeed, sessionsOfConversation } from '../domain/sessionFeed';
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
 */

function sessionRecord(state: SandboxState, entry: FeedSession): Record<string, unknown> {
	const all = sessionsOfConversation(state, entry.convoId);
	const optional = (
		['agentName', 'userName', 'userEmail', 'userPhone', 'origin', 'state'] as const
	).filter((key) => entry[key] !== undefined);
	return {
		convoId: entry.convoId,
		agentId: entry.agentId,
		...Object.fromEntries(optional.map((key) => [key, entry[key]])),
		sessionData: {
			turns: entry.turns,
			sessions: all.map((session) => session.turns),
			currentSessionTs: entry.ts,
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
	sessionFeed(ctx.state).beforeRead?.({ page: query.page, limit: query.limit });
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
	const start = query.page * query.limit;
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
			hasMore: start + query.limit < all.length,
			totalFetched: page.length,
		},
	};
	// The node's own contract, so that the two cannot drift.
	workspaceSessionPageSchema.parse(body);
	return { body };
}

export const sessionRoutes: Route[] = [
	{ method: 'GET', pattern: '/workspace/sessions', handler: listWorkspaceSessions },
];
