import { ApiError, BILLING_URL } from './errors';
import type { SandboxAgent, SandboxState, SandboxWorkspace, WorkspacePlan } from '../domain/state';
import type { SandboxRegion } from '../domain/records';

/** How a request authenticated: what requests() records instead of the secret itself. */
export type AuthKind = 'workspace' | 'agent' | 'invalid' | 'missing';

export interface Caller {
	kind: 'workspace' | 'agent';
	workspace: SandboxWorkspace;
	/** Set for an agent secret: the only agent the secret may act on. */
	agent?: SandboxAgent;
}

export type AuthResult =
	| { kind: 'missing' | 'invalid'; error: ApiError }
	| { kind: 'workspace' | 'agent'; caller: Caller };

/**
 * Resolves `Authorization: Bearer <secret>` against the secrets of the request's region only:
 * a workspace lives in one region, so its secret is unknown to the other one.
 */
export function authenticate(
	header: string | undefined,
	region: SandboxRegion,
	state: SandboxState,
): AuthResult {
	if (!header || !header.trim()) {
		return {
			kind: 'missing',
			error: new ApiError(
				401,
				'UNAUTHORIZED',
				'Missing Authorization header: send "Authorization: Bearer <workspace or agent secret>".',
			),
		};
	}
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
	const secret = match?.[1];
	const invalid = (message: string) => ({
		kind: 'invalid' as const,
		error: new ApiError(401, 'UNAUTHORIZED', message),
	});
	if (!secret) return invalid('Malformed Authorization header: expected "Bearer <secret>".');

	const workspace = Object.values(state.workspaces).find(
		(w) => w.secret === secret && w.region === region,
	);
	if (workspace) return { kind: 'workspace', caller: { kind: 'workspace', workspace } };

	const agent = Object.values(state.agents).find((a) => a.secret === secret && a.region === region);
	if (agent) {
		return {
			kind: 'agent',
			caller: { kind: 'agent', workspace: state.workspaces[agent.workspaceId], agent },
		};
	}
	return invalid(
		`Invalid API secret for the ${region.toUpperCase()} region. Check the secret, and that the base URL matches your workspace's region (EU or NA).`,
	);
}

const PLAN_NAMES: Record<WorkspacePlan, string> = {
	white_label: 'White Label',
	business: 'Business',
	pro: 'Pro',
	legacy_payg: 'legacy pay-as-you-go',
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The v2-2026 plan gate: reads need Business or higher, writes need White Label or higher,
 * Free/Starter/Pro have no API access, legacy pay-as-you-go is not gated.
 */
export function enforcePlan(workspace: SandboxWorkspace, method: string): void {
	const plan = workspace.plan;
	if (plan === 'legacy_payg' || plan === 'white_label') return;
	const isRead = READ_METHODS.has(method);
	if (plan === 'business' && isRead) return;
	const required = isRead ? 'Business' : 'White Label';
	const access = isRead ? 'Read access (GET)' : 'Write access (POST, PUT, PATCH, DELETE)';
	const current =
		plan === 'pro'
			? `The ${PLAN_NAMES[plan]} plan has no API access.`
			: `This workspace is on the ${PLAN_NAMES[plan]} plan.`;
	throw new ApiError(
		403,
		'PLAN_UPGRADE_REQUIRED',
		`${current} ${access} needs the ${required} plan or higher. Upgrade at ${BILLING_URL}`,
	);
}

/** An agent secret may only act on its own agent. */
export function assertAgentInScope(caller: Caller, agentId: string): void {
	if (caller.kind === 'agent' && caller.agent && caller.agent.ID !== agentId) {
		throw new ApiError(
			403,
			'AGENT_SECRET_SCOPE',
			`This agent secret belongs to agent ${caller.agent.ID} and cannot act on agent ${agentId}. Use that agent's secret or a workspace secret.`,
		);
	}
}

/** Workspace-level operations (number buy/import/release, crawler) need a workspace secret. */
export function assertWorkspaceSecret(caller: Caller, operation: string): void {
	if (caller.kind === 'agent') {
		throw new ApiError(
			403,
			'AGENT_SECRET_SCOPE',
			`${operation} is a workspace-level operation: use a workspace secret, not an agent secret.`,
		);
	}
}

/** The agent as the caller's workspace sees it: agents of other workspaces do not exist for it. */
export function findAgent(state: SandboxState, caller: Caller, agentId: string): SandboxAgent {
	assertAgentInScope(caller, agentId);
	const agent = state.agents[agentId];
	if (!agent || agent.workspaceId !== caller.workspace.id) {
		throw new ApiError(404, 'AGENT_NOT_FOUND', `Agent ${agentId} was not found in this workspace.`);
	}
	return agent;
}
