import { type Sandbox } from '../../sandbox';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { type SandboxConversation } from '../../sandbox/domain/state';
/**
 * Adds `count` SMS conversations to agent-own, after the three seeded ones, each a millisecond
 * older than the one before (so a listing sorted by update time keeps their order).
 */
export function addConversations(sandbox: Sandbox, count: number): void {
	for (let index = 0; index < count; index++) {
		const id = `extra-${String(index).padStart(3, '0')}`;
		const convo: SandboxConversation = {
			ID: id,
			agentId: SANDBOX_IDS.ownAccountAgent,
			workspaceId: SANDBOX_IDS.euWorkspace,
			origin: 'sms',
			state: 'ai-chatting',
			userName: `Extra ${index}`,
			userPhone: `+49176000${String(index).padStart(5, '0')}`,
			leadInfo: {},
			messages: [],
			history: [],
			createdAt: 1_700_000_000_000,
			updatedAt: 1_700_000_000_000 - index,
		};
		sandbox.state.conversations[`${SANDBOX_IDS.ownAccountAgent}:${id}`] = convo;
	}
}
