/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the sandbox's campaign runner: runs in Node, never ships (package.json "files" is dist/ only) */
import type { EventType } from '../../nodes/shared/contracts/events';
import { agentPhoneNumbers, callUpdatedEvent, placeCall, settleCalls } from './call';
import { recordCallUsage } from './usage';
import type { SandboxLead, SandboxState } from './state';
import type { SandboxCampaign } from './records';

/**
 * How an outbound campaign runs in the sandbox: while it is enabled, one step every
 * `state.campaignStepMs` (like the crawler's, sandbox/domain/crawlerJob.ts) first ends the calls whose time
 * is up (successful), then rings the group's next leads, up to `concurrentSlots` calls at once.
 * A lead without a phone number is missed. Each call opens a telephony conversation with the
 * campaign's ID and posts `conversation_updated`, so counters move and Start and Pause show.
 * Starting rings the first leads at once. Pausing stops the steps (calls under way still end);
 * timers stop when the state is retired.
 */

export const CAMPAIGN_STEP_MS = 500;

type Emit = (type: EventType, payload: Record<string, unknown>) => void;

/** Where each campaign posts its events: the emitter of the request that last started it. */
const emitters = new WeakMap<SandboxCampaign, Emit>();
/** Each campaign's pending step, so that a quick Pause and Start never run two loops. */
const pending = new WeakMap<SandboxCampaign, ReturnType<typeof setTimeout>>();

export function groupKey(agentId: string, name: string): string {
	return `${agentId}:${name}`;
}

/** The leads of an agent's group, oldest first. */
export function groupLeads(state: SandboxState, agentId: string, groupName: string): SandboxLead[] {
	return Object.values(state.leads)
		.filter((lead) => lead.agentId === agentId && lead.groupName === groupName)
		.sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : 1));
}

/** The campaign as the API answers it: settings and counters, not the runner's bookkeeping. */
export function campaignRecord(
	state: SandboxState,
	campaign: SandboxCampaign,
): Record<string, unknown> {
	const record = JSON.parse(JSON.stringify(campaign)) as Record<string, unknown>;
	for (const key of ['calledLeadIds', 'ongoing', 'workspaceId']) delete record[key];
	return {
		...record,
		totalLeads: groupLeads(state, campaign.agentId, campaign.leadGroupName).length,
	};
}

/** Runs an enabled campaign from now on, posting its events through `emit`: the first calls go out at once. */
export function runCampaign(state: SandboxState, campaign: SandboxCampaign, emit: Emit): void {
	emitters.set(campaign, emit);
	// The pending step (if any) is replaced by one now: a start always rings at once.
	clearTimeout(pending.get(campaign));
	pending.delete(campaign);
	step(state, campaign);
}

/** Back to the start: counters at 0, every lead to be called again; the conversations go when asked. */
export function restartCampaign(
	state: SandboxState,
	campaign: SandboxCampaign,
	resetConversations: boolean,
): void {
	if (resetConversations) {
		for (const [key, convo] of Object.entries(state.conversations)) {
			if (convo.agentId === campaign.agentId && convo.campaignId === campaign.id)
				delete state.conversations[key];
		}
	}
	Object.assign(campaign, {
		contactedLeads: 0,
		successfulCalls: 0,
		onGoingCalls: 0,
		missingCalls: 0,
		calledLeadIds: [],
		ongoing: [],
		enabled: true,
	});
}

function schedule(state: SandboxState, campaign: SandboxCampaign): void {
	if (pending.has(campaign)) return;
	const timer = setTimeout(() => {
		pending.delete(campaign);
		step(state, campaign);
	}, state.campaignStepMs ?? CAMPAIGN_STEP_MS);
	pending.set(campaign, timer);
	// A running campaign never keeps a test run or the CLI alive.
	timer.unref();
}

function step(state: SandboxState, campaign: SandboxCampaign): void {
	if (state.crawler.retired || state.campaigns?.[campaign.id] !== campaign) return;
	endFinishedCalls(state, campaign);
	if (!campaign.enabled) return;
	const leads = groupLeads(state, campaign.agentId, campaign.leadGroupName);
	campaign.totalLeads = leads.length;
	const waiting = leads.filter((lead) => !campaign.calledLeadIds.includes(lead.id));
	for (const lead of waiting) {
		if (campaign.ongoing.length >= campaign.concurrentSlots) break;
		ring(state, campaign, lead);
	}
	if (campaign.ongoing.length > 0 || waiting.length > 0) schedule(state, campaign);
}

function endFinishedCalls(state: SandboxState, campaign: SandboxCampaign): void {
	settleCalls(state);
	campaign.ongoing = campaign.ongoing.filter((key) => {
		const convo = state.conversations[key];
		if (convo && convo.state !== 'ended_chat') return true;
		if (convo) campaign.successfulCalls += 1;
		return false;
	});
	campaign.onGoingCalls = campaign.ongoing.length;
}

function ring(state: SandboxState, campaign: SandboxCampaign, lead: SandboxLead): void {
	campaign.calledLeadIds.push(lead.id);
	campaign.contactedLeads += 1;
	const agent = state.agents[campaign.agentId];
	const phone = lead.phone ?? (lead as unknown as { userPhone?: string }).userPhone;
	if (!agent || !phone) {
		campaign.missingCalls += 1;
		return;
	}
	const now = Date.now();
	const { convo, key } = placeCall(state, {
		agent,
		from: agentPhoneNumbers(state, agent)[0] ?? '+10000000000',
		to: phone,
		userName: lead.name ?? (lead as unknown as { userName?: string }).userName ?? phone,
		campaignId: campaign.id,
		leadInfo: { leadId: lead.id },
		at: now,
	});
	recordCallUsage(state, { agentId: agent.ID, at: now });
	campaign.ongoing.push(key);
	campaign.onGoingCalls = campaign.ongoing.length;
	emitters.get(campaign)?.(
		'conversation_updated',
		callUpdatedEvent(agent, convo, agent.region, { campaignId: campaign.id }),
	);
}
