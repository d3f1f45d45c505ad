import {
	createWorkspaceRequestSchema,
	updateWorkspaceRequestSchema,
	workspaceListContract,
} from '../../nodes/shared/contracts/workspace';
import { assertWorkspaceSecret } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { hexDigest } from '../domain/ids';
import type { SandboxWorkspace } from '../domain/state';
import type { Route, RouteContext } from './types';

/**
 * Workspaces (agent-at-work spec §6). The spec says nothing of who may do what; the sandbox's
 * reading, after sandbox/server/auth.ts (a secret belongs to one workspace, an agent secret to one agent):
 * - a workspace secret sees its own workspace and the workspaces it created through
 *   `POST /workspaces` (an agency's client workspaces); an agent secret sees its own workspace;
 * - creating, changing and deleting are workspace-level: an agent secret is refused (403), and
 *   the plan gate (writes need White Label) applies as everywhere;
 * - a workspace secret may change its own workspace and those it created, and delete only those
 *   it created: never the workspace it belongs to (403), which would delete the secret itself.
 * Deleting a workspace deletes its agents and their variables with it. Answers are checked
 * against the node's own contracts, so the two cannot drift.
 */

function visible(ctx: RouteContext, workspace: SandboxWorkspace): boolean {
	const own = ctx.caller.workspace.id;
	return workspace.id === own || (ctx.caller.kind === 'workspace' && workspace.createdBy === own);
}

function findWorkspace(ctx: RouteContext): SandboxWorkspace {
	const workspace = ctx.state.workspaces[ctx.params.id];
	if (!workspace || workspace.region !== ctx.region || !visible(ctx, workspace)) {
		throw new ApiError(404, 'WORKSPACE_NOT_FOUND', `Workspace ${ctx.params.id} was not found.`);
	}
	return workspace;
}

/** The workspace as the API answers it: never its secret nor its provider keys. */
function record(workspace: SandboxWorkspace): Record<string, unknown> {
	return {
		id: workspace.id,
		workspaceName: workspace.name,
		workspaceEmails: workspace.emails ?? [],
		automaticBilling: workspace.automaticBilling ?? false,
		...(workspace.marketplaceProfile ? { marketplaceProfile: workspace.marketplaceProfile } : {}),
		region: workspace.region,
		plan: workspace.plan,
	};
}

function listWorkspaces(ctx: RouteContext) {
	const data = Object.values(ctx.state.workspaces)
		.filter((workspace) => workspace.region === ctx.region && visible(ctx, workspace))
		.map(record);
	const body = {
		success: true,
		message: `${data.length} workspace${data.length === 1 ? '' : 's'}.`,
		data,
	};
	workspaceListContract.parse(body);
	return { body };
}

function getWorkspace(ctx: RouteContext) {
	return { body: { success: true, message: 'Workspace found', data: record(findWorkspace(ctx)) } };
}

function createWorkspace(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Creating a workspace');
	const { workspaceName, workspaceEmails } = parseOrThrow(
		createWorkspaceRequestSchema,
		ctx.body,
		'workspace',
	);
	ctx.state.createdWorkspaces = (ctx.state.createdWorkspaces ?? 0) + 1;
	const id = `ws-created-${ctx.state.createdWorkspaces}`;
	const creator = ctx.caller.workspace;
	const workspace: SandboxWorkspace = {
		id,
		name: workspaceName,
		region: creator.region,
		plan: creator.plan,
		// A workspace has its own secret; the API never answers it.
		secret: `sk-${hexDigest(`created-workspace:${id}`)}`,
		providerSecretNames: [],
		emails: workspaceEmails ?? [],
		createdBy: creator.id,
	};
	ctx.state.workspaces[id] = workspace;
	return { body: { success: true, message: 'Workspace created', data: record(workspace) } };
}

function updateWorkspace(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Changing a workspace');
	const workspace = findWorkspace(ctx);
	const { updates } = parseOrThrow(updateWorkspaceRequestSchema, ctx.body, 'workspace update');
	if (updates.workspaceName !== undefined) workspace.name = updates.workspaceName;
	if (updates.workspaceEmails !== undefined) workspace.emails = updates.workspaceEmails;
	if (updates.automaticBilling !== undefined) workspace.automaticBilling = updates.automaticBilling;
	if (updates.marketplaceProfile !== undefined)
		workspace.marketplaceProfile = {
			...workspace.marketplaceProfile,
			...updates.marketplaceProfile,
		};
	return { body: { success: true, message: 'Workspace updated', data: record(workspace) } };
}

function deleteWorkspace(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Deleting a workspace');
	const workspace = findWorkspace(ctx);
	if (workspace.id === ctx.caller.workspace.id) {
		throw new ApiError(
			403,
			'WORKSPACE_SELF_DELETE',
			`Workspace ${workspace.id} is the one this secret belongs to: it cannot delete itself.`,
		);
	}
	const agents = Object.values(ctx.state.agents).filter(
		(agent) => agent.workspaceId === workspace.id,
	);
	for (const agent of agents) delete ctx.state.agents[agent.ID];
	for (const variable of Object.values(ctx.state.variables ?? {}))
		if (variable.workspaceId === workspace.id) delete ctx.state.variables![variable.id];
	delete ctx.state.workspaces[workspace.id];
	return {
		body: {
			success: true,
			message: `Workspace ${workspace.id} deleted with its ${agents.length} agent${agents.length === 1 ? '' : 's'}`,
		},
	};
}

export const workspaceRoutes: Route[] = [
	{ method: 'GET', pattern: '/workspaces', handler: listWorkspaces },
	{ method: 'POST', pattern: '/workspaces', handler: createWorkspace },
	{ method: 'GET', pattern: '/workspaces/:id', handler: getWorkspace },
	{ method: 'PATCH', pattern: '/workspaces/:id', handler: updateWorkspace },
	{ method: 'DELETE', pattern: '/workspaces/:id', handler: deleteWorkspace },
];
