import { workspaceListContract } from '../../nodes/shared/contracts/workspaces';
import type { Route, RouteContext } from './types';

/**
 * GET /workspaces (agent-at-work spec §6): the workspaces the secret can see. A workspace secret
 * and an agent secret each see the one workspace they belong to. The answer is checked against
 * the node's own contract, so the two cannot drift.
 */
function listWorkspaces(ctx: RouteContext) {
	const { workspace } = ctx.caller;
	const data = [{ id: workspace.id, workspaceName: workspace.name, region: workspace.region, plan: workspace.plan }];
	const body = { success: true, message: `${data.length} workspace.`, data };
	workspaceListContract.parse(body);
	return { body };
}

export const workspaceRoutes: Route[] = [{ method: 'GET', pattern: '/workspaces', handler: listWorkspaces }];
