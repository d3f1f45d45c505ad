import {
	createCampaignRequestSchema,
	deleteCampaignQuerySchema,
	listCampaignsQuerySchema,
	restartCampaignRequestSchema,
	toggleCampaignRequestSchema,
	updateCampaignRequestSchema,
	type CampaignMetric,
} from '../../nodes/shared/contracts/campaign';
import { findAgent } from '../server/auth';
import {
	campaignRecord,
	groupKey,
	groupLeads,
	restartCampaign,
	runCampaign,
} from '../domain/campaign';
import type { SandboxCampaign } from '../domain/records';
import { ApiError, parseOrThrow } from '../server/errors';
import type { Route, RouteContext } from './types';

/** Outbound campaigns (agent-at-work spec section 3); the runner is sandbox/domain/campaign.ts. */

function campaignsOf(ctx: RouteContext): Record<string, SandboxCampaign> {
	return (ctx.state.campaigns ??= {});
}

function findCampaign(ctx: RouteContext, agentId: string, campaignId: string): SandboxCampaign {
	const campaign = campaignsOf(ctx)[campaignId];
	if (!campaign || campaign.agentId !== agentId)
		throw new ApiError(
			404,
			'CAMPAIGN_NOT_FOUND',
			`Campaign ${campaignId} of agent ${agentId} was not found.`,
		);
	return campaign;
}

function groupExists(ctx: RouteContext, agentId: string, name: string): boolean {
	return (
		Boolean(ctx.state.leadGroups?.[groupKey(agentId, name)]) ||
		groupLeads(ctx.state, agentId, name).length > 0
	);
}

function withIds(metrics: CampaignMetric[] | undefined, campaignId: string, from: number) {
	return (metrics ?? []).map((metric, index) => ({
		...metric,
		id: `${campaignId}-metric-${from + index + 1}`,
		isSystem: false,
	}));
}

function listCampaigns(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const query = parseOrThrow(listCampaignsQuerySchema, ctx.query, 'campaigns query');
	const all = Object.values(campaignsOf(ctx))
		.filter((campaign) => campaign.agentId === agent.ID)
		.sort((a, b) => (a.id < b.id ? -1 : 1));
	const start = (query.page - 1) * query.limit;
	return {
		body: {
			campaigns: all
				.slice(start, start + query.limit)
				.map((campaign) => campaignRecord(ctx.state, campaign)),
			total: all.length,
			page: query.page,
			limit: query.limit,
		},
	};
}

function createCampaign(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { newlyCreatedMetrics, ...input } = parseOrThrow(
		createCampaignRequestSchema,
		ctx.body,
		'campaign',
	);
	if (!groupExists(ctx, agent.ID, input.leadGroupName)) {
		throw new ApiError(
			404,
			'LEAD_GROUP_NOT_FOUND',
			`Agent ${agent.ID} has no lead group named ${input.leadGroupName}.`,
		);
	}
	const id = `campaign-${Object.keys(campaignsOf(ctx)).length + 1}`;
	const campaign: SandboxCampaign = {
		...input,
		id,
		agentId: agent.ID,
		workspaceId: agent.workspaceId,
		enabled: input.enabled ?? false,
		metrics: withIds(newlyCreatedMetrics, id, 0),
		contactedLeads: 0,
		successfulCalls: 0,
		onGoingCalls: 0,
		missingCalls: 0,
		totalLeads: groupLeads(ctx.state, agent.ID, input.leadGroupName).length,
		created_at: new Date().toISOString(),
		calledLeadIds: [],
		ongoing: [],
	};
	campaignsOf(ctx)[id] = campaign;
	if (campaign.enabled) runCampaign(ctx.state, campaign, ctx.emitEvent);
	return {
		status: 201,
		body: { success: true, message: 'Campaign created', data: campaignRecord(ctx.state, campaign) },
	};
}

/** Counters and the runner's state are the platform's: an update cannot set them. */
const READ_ONLY = [
	'id',
	'agentId',
	'contactedLeads',
	'successfulCalls',
	'onGoingCalls',
	'missingCalls',
	'totalLeads',
	'created_at',
	'calledLeadIds',
	'ongoing',
	'workspaceId',
	'enabled',
];

function updateCampaign(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { campaignData, newlyCreatedMetrics } = parseOrThrow(
		updateCampaignRequestSchema,
		ctx.body,
		'campaign update',
	);
	const campaign = findCampaign(ctx, agent.ID, campaignData.id);
	for (const [key, value] of Object.entries(campaignData))
		if (!READ_ONLY.includes(key)) (campaign as unknown as Record<string, unknown>)[key] = value;
	campaign.metrics.push(...withIds(newlyCreatedMetrics, campaign.id, campaign.metrics.length));
	return { body: { success: true } };
}

function deleteCampaign(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { campaignId } = parseOrThrow(
		deleteCampaignQuerySchema,
		ctx.query,
		'campaign delete query',
	);
	findCampaign(ctx, agent.ID, campaignId);
	delete campaignsOf(ctx)[campaignId];
	return { body: { success: true } };
}

function toggleCampaign(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { ownerId } = parseOrThrow(toggleCampaignRequestSchema, ctx.body, 'campaign toggle');
	if (ownerId !== agent.ownerID)
		throw new ApiError(
			403,
			'NOT_WORKSPACE_OWNER',
			`ownerId ${ownerId} is not the owner of the workspace of agent ${agent.ID}.`,
		);
	const campaign = findCampaign(ctx, agent.ID, ctx.params.campaignId);
	campaign.enabled = !campaign.enabled;
	if (campaign.enabled) runCampaign(ctx.state, campaign, ctx.emitEvent);
	return {
		body: {
			success: true,
			message: campaign.enabled ? 'Campaign started' : 'Campaign paused',
			data: campaignRecord(ctx.state, campaign),
		},
	};
}

function restart(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { resetConversations } = parseOrThrow(
		restartCampaignRequestSchema,
		ctx.body,
		'campaign restart',
	);
	const campaign = findCampaign(ctx, agent.ID, ctx.params.campaignId);
	restartCampaign(ctx.state, campaign, resetConversations ?? false);
	runCampaign(ctx.state, campaign, ctx.emitEvent);
	return {
		body: {
			success: true,
			message: 'Campaign restarted',
			data: campaignRecord(ctx.state, campaign),
		},
	};
}

export const campaignRoutes: Route[] = [
	{ method: 'GET', pattern: '/agents/:agentId/campaigns', handler: listCampaigns },
	{ method: 'POST', pattern: '/agents/:agentId/campaigns', handler: createCampaign },
	{ method: 'PATCH', pattern: '/agents/:agentId/campaigns', handler: updateCampaign },
	{ method: 'DELETE', pattern: '/agents/:agentId/campaigns', handler: deleteCampaign },
	{ method: 'PATCH', pattern: '/agents/:agentId/campaigns/:campaignId', handler: toggleCampaign },
	{ method: 'PATCH', pattern: '/agents/:agentId/campaigns/:campaignId/restart', handler: restart },
];
