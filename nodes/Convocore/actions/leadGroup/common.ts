export function groupsPath(agentId: string): string {
	return `/agents/${encodeURIComponent(agentId)}/groups`;
}
