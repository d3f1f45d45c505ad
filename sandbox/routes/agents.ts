import { findAgent } from '../auth';
import type { SandboxAgent, SandboxState } from '../state';
import type { Route, RouteContext } from './types';

/** Agents as `GET /agents` and `GET /agents/{id}` return them: the full record, secrets included. */

export function agentRecord(agent: SandboxAgent): Record<string, unknown> {
	return {
		ID: agent.ID,
		id: agent.ID,
		title: agent.title,
		description: `${agent.title}, answering calls, SMS and chats`,
		ownerID: agent.ownerID,
		theme: 'light',
		agentPlatform: 'vg',
		disabled: false,
		isDeployed: true,
		enableNodes: true,
		vg_initPrompt: agent.initialPrompt,
		createdAtUNIX: agent.createdAtUNIX,
		lastModified: agent.createdAtUNIX,
		...agent.secretFields,
	};
}

/** Numbers that can call for the agent: those it answers calls for, then its SMS numbers. */
export function agentPhoneNumbers(state: SandboxState, agent: SandboxAgent): string[] {
	const voice = Object.values(state.numbers)
		.filter((number) => number.agentId === agent.ID && number.capabilities.includes('voice'))
		.map((number) => number.phoneNumber);
	return [...new Set([...agent.smsNumbers, ...voice])].filter((phone) => state.numbers[phone]?.capabilities.includes('voice'));
}

function listAgents(ctx: RouteContext) {
	const agents = Object.values(ctx.state.agents)
		.filter((agent) => agent.workspaceId === ctx.caller.workspace.id)
		.filter((agent) => ctx.caller.kind === 'workspace' || agent.ID === ctx.caller.agent?.ID)
		.sort((a, b) => a.title.localeCompare(b.title));
	return { body: { success: true, message: `${agents.length} agent(s)`, data: agents.map(agentRecord) } };
}

function getAgent(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	return { body: { success: true, message: 'Agent found', data: agentRecord(agent) } };
}

function getAgentPhone(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const numbers = agentPhoneNumbers(ctx.state, agent).map((phone) => {
		const number = ctx.state.numbers[phone];
		return { phoneNumber: number.phoneNumber, phoneNumberSid: number.phoneNumberSid, capabilities: [...number.capabilities], senderMode: number.senderMode };
	});
	return { body: { success: true, message: `${numbers.length} number(s)`, data: numbers } };
}

export const agentRoutes: Route[] = [
	{ method: 'GET', pattern: '/agents', handler: listAgents },
	{ method: 'GET', pattern: '/agents/:agentId', handler: getAgent },
	{ method: 'GET', pattern: '/agents/:agentId/phone', handler: getAgentPhone },
];
