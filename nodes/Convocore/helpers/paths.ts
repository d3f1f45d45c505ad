/** API paths that more than one resource builds (Campaign toggles an agent, Lead imports into groups). */

/** `/agents/{agentId}`: the agent, and the root of everything that belongs to it. */
export function agentPath(agentId: string): string {
	return `/agents/${encodeURIComponent(agentId)}`;
}

/** `/agents/{agentId}/groups`: an agent's lead groups. */
export function groupsPath(agentId: string): string {
	return `/agents/${encodeURIComponent(agentId)}/groups`;
}
