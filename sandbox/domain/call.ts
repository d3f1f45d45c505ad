import { recordConversationMetrics } from './customMetricValues';
import { sid } from './ids';
import type { SandboxRegion } from './records';
import {
	conversationKey,
	type SandboxAgent,
	type SandboxConversation,
	type SandboxState,
} from './state';

/**
 * Calls in the sandbox, one place for both callers: `POST /calls` (routes/call.ts) and the
 * campaign runner (domain/campaign.ts). A placed call is a telephony conversation that ends,
 * with a summary, once the sandbox's call duration is up (`settleCalls`, run by whoever reads).
 */

/** Numbers that can call for the agent: those it answers calls for, then its SMS numbers. */
export function agentPhoneNumbers(state: SandboxState, agent: SandboxAgent): string[] {
	const voice = Object.values(state.numbers)
		.filter((number) => number.agentId === agent.ID && number.capabilities.includes('voice'))
		.map((number) => number.phoneNumber);
	return [...new Set([...agent.smsNumbers, ...voice])].filter((phone) =>
		state.numbers[phone]?.capabilities.includes('voice'),
	);
}

/** Who is called and how: what differs between a `POST /calls` and a campaign's lead. */
export interface CallOrder {
	agent: SandboxAgent;
	from: string;
	to: string;
	userName: string;
	userEmail?: string;
	campaignId?: string;
	leadInfo: Record<string, unknown>;
	at: number;
}

/** A placed call: its conversation, stored under `key`. */
export interface PlacedConversation {
	convo: SandboxConversation;
	key: string;
	callSid: string;
	listenUrl: string;
}

/** Opens the call's telephony conversation in the state; it ends after `state.callDurationMs`. */
export function placeCall(state: SandboxState, order: CallOrder): PlacedConversation {
	state.counters.calls += 1;
	const convoId = `call-${state.counters.calls}-${order.to.replace(/\D/g, '')}`;
	const callSid = sid('CA', `call-${state.counters.calls}`);
	const listenUrl = `wss://listen.convocore.example/calls/${convoId}`;
	const convo: SandboxConversation = {
		ID: convoId,
		agentId: order.agent.ID,
		workspaceId: order.agent.workspaceId,
		origin: 'telephony',
		state: 'ai-chatting',
		userName: order.userName,
		userPhone: order.to,
		...(order.userEmail ? { userEmail: order.userEmail } : {}),
		...(order.campaignId ? { campaignId: order.campaignId } : {}),
		leadInfo: order.leadInfo,
		messages: [],
		history: [],
		call: { callSid, from: order.from, endsAt: order.at + state.callDurationMs, listenUrl },
		createdAt: order.at,
		updatedAt: order.at,
	};
	const key = conversationKey(order.agent.ID, convoId);
	state.conversations[key] = convo;
	return { convo, key, callSid, listenUrl };
}

/**
 * The `conversation_updated` event a placed call posts; `light` adds fields to its
 * `lightConvoData` (a campaign's call names the campaign there).
 */
export function callUpdatedEvent(
	agent: SandboxAgent,
	convo: SandboxConversation,
	region: SandboxRegion,
	light: Record<string, unknown> = {},
): Record<string, unknown> {
	return {
		agentId: agent.ID,
		agentName: agent.title,
		convoId: convo.ID,
		sessionId: `session-${convo.ID}`,
		channel: 'telephony',
		region,
		lightConvoData: {
			ID: convo.ID,
			userName: convo.userName,
			userPhone: convo.userPhone,
			origin: 'telephony',
			state: convo.state,
			messagesNum: 0,
			...light,
		},
		turns: [],
		operation: 'updated',
	};
}

/** Calls whose simulated time is up end now: state, duration, turns and a summary. */
export function settleCalls(state: SandboxState, now = Date.now()): void {
	for (const convo of Object.values(state.conversations)) {
		const call = convo.call;
		if (!call || convo.state === 'ended_chat' || call.endsAt > now) continue;
		const agent = state.agents[convo.agentId];
		const name = convo.userName || convo.userPhone;
		call.durationSeconds = Math.max(1, Math.round((call.endsAt - convo.createdAt) / 1000));
		convo.history.push(
			{
				from: 'ai',
				text: `Hi ${name}, this is ${agent?.title ?? 'your agent'}. Thanks for your interest!`,
				at: call.endsAt,
			},
			{ from: 'human', text: 'Thanks, please send me the details by email.', at: call.endsAt },
		);
		convo.summary = `${agent?.title ?? 'The agent'} called ${name} (${convo.userPhone}); they asked for the details by email.`;
		convo.metrics = { follow_up_needed: true, sentiment_score: 0.6 };
		recordConversationMetrics(state, convo, call.endsAt);
		convo.state = 'ended_chat';
		convo.updatedAt = call.endsAt;
	}
}
