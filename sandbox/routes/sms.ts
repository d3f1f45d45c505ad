import {
	MAX_MEDIA_URLS,
	SMS_SEGMENT_LENGTH,
	smsRequestSchema,
	smsResponseSchema,
	type SmsRequest,
	type SmsResponse,
} from '../../nodes/shared/contracts/sms';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { sid } from '../domain/ids';
import { mcpServersFor } from '../domain/mcpTools';
import { mcpTurn } from '../domain/mcpTurn';
import { conversationKey, type SandboxAgent, type SandboxConversation } from '../domain/state';
import { recordUsage } from '../domain/usage';
import type { Route, RouteContext, SentSms } from './types';

/** POST /sms: resolves the sender, honours dry run / handoff skip / splitting / agent mode, then "sends". */

const OWN_ACCOUNT_ONLY_OPTIONS = [
	'messagingServiceSid',
	'validityPeriod',
	'provideFeedback',
] as const;

/** Splits by code point, so an emoji is never cut in half. */
export function splitIntoSegments(text: string, length = SMS_SEGMENT_LENGTH): string[] {
	const codePoints = Array.from(text);
	if (codePoints.length <= length) return [text];
	const segments: string[] = [];
	for (let i = 0; i < codePoints.length; i += length)
		segments.push(codePoints.slice(i, i + length).join(''));
	return segments;
}

/**
 * Agent mode's stand-in for the language model: a deterministic reply built from the agent's
 * name, the lead's name and the prompt (initialPrompt, else message), so tests can predict it.
 */
export function generateAgentReply(agent: SandboxAgent, request: SmsRequest): string {
	const agentName = request.options?.agentOptions?.agentOverrides?.title ?? agent.title;
	const username =
		typeof request.leadInfo?.username === 'string' && request.leadInfo.username.trim()
			? request.leadInfo.username.trim()
			: undefined;
	const prompt = (request.options?.initialPrompt ?? request.message ?? '')
		.trim()
		.replace(/\s+/g, ' ');
	const topic = prompt.length > 200 ? `${prompt.slice(0, 197)}...` : prompt;
	return `Hi ${username ?? 'there'}, this is ${agentName}. ${topic ? `About "${topic}": ` : ''}reply to this message and I'll help you right away.`;
}

/**
 * Agent mode's message: what the agent's MCP tools answer when the prompt asks for one (servers of
 * its LLM nodes and `options.agentOptions.mcpServers`, sandbox/domain/mcpTurn.ts), else the
 * scripted reply. A dry run, or a send skipped for a human handoff, calls no tool.
 */
async function agentText(ctx: RouteContext, agent: SandboxAgent, request: SmsRequest) {
	const options = request.options ?? {};
	const convoId = request.convoId ?? request.to.replace(/\D/g, '');
	const handedOver =
		options.skipIfHumanHandoff &&
		ctx.state.conversations[conversationKey(agent.ID, convoId)]?.state === 'human-chatting';
	const servers = mcpServersFor(agent, options.agentOptions?.mcpServers);
	const prompt = (options.initialPrompt ?? request.message ?? '').trim();
	const turn =
		options.dryRun || handedOver
			? undefined
			: await mcpTurn({ state: ctx.state, agent, prompt, servers, channel: 'sms' });
	return turn?.reply ?? generateAgentReply(agent, request);
}

function resolveSender(ctx: RouteContext, agent: SandboxAgent, requestedFrom: string | undefined) {
	if (agent.smsNumbers.length === 0) {
		throw new ApiError(
			409,
			'AGENT_HAS_NO_SMS_NUMBER',
			`Agent ${agent.ID} has no SMS-capable number connected. Connect one (own account, or buy a number and assign it with sync-sms) before sending.`,
		);
	}
	const from = requestedFrom ?? agent.smsNumbers[0];
	if (!agent.smsNumbers.includes(from)) {
		throw new ApiError(
			400,
			'FROM_NUMBER_NOT_CONNECTED',
			`from ${from} is not connected to agent ${agent.ID} for SMS. Connected numbers: ${agent.smsNumbers.join(', ')}.`,
		);
	}
	const number = ctx.state.numbers[from];
	if (!number)
		throw new ApiError(
			409,
			'AGENT_HAS_NO_SMS_NUMBER',
			`Number ${from} of agent ${agent.ID} no longer exists.`,
		);
	return number;
}

function upsertConversation(
	ctx: RouteContext,
	agent: SandboxAgent,
	request: SmsRequest,
	convoId: string,
	now: number,
): SandboxConversation {
	const key = conversationKey(agent.ID, convoId);
	const existing = ctx.state.conversations[key];
	const leadInfo = request.leadInfo ?? {};
	if (existing) {
		Object.assign(existing.leadInfo, leadInfo);
		if (typeof leadInfo.username === 'string' && leadInfo.username)
			existing.userName = leadInfo.username;
		if (request.campaignId) existing.campaignId = request.campaignId;
		existing.updatedAt = now;
		return existing;
	}
	const created: SandboxConversation = {
		ID: convoId,
		agentId: agent.ID,
		workspaceId: agent.workspaceId,
		origin: 'sms',
		state: 'ai-chatting',
		userName:
			typeof leadInfo.username === 'string' && leadInfo.username ? leadInfo.username : request.to,
		userPhone: request.to,
		campaignId: request.campaignId,
		leadInfo: { ...leadInfo },
		messages: [],
		history: [],
		createdAt: now,
		updatedAt: now,
	};
	ctx.state.conversations[key] = created;
	recordUsage(ctx.state, 'conversation', agent, now);
	return created;
}

async function sendSms(ctx: RouteContext) {
	const request = parseOrThrow(smsRequestSchema, ctx.body, 'SMS request');
	const agent = findAgent(ctx.state, ctx.caller, request.agentId);
	const number = resolveSender(ctx, agent, request.from);
	const options = request.options ?? {};
	const mode = request.mode ?? 'direct';
	const convoId = request.convoId ?? request.to.replace(/\D/g, '');
	const mediaUrls = [...(request.mediaUrl ? [request.mediaUrl] : []), ...(request.mediaUrls ?? [])];
	if (mediaUrls.length > MAX_MEDIA_URLS) {
		throw new ApiError(
			400,
			'TOO_MANY_MEDIA',
			`At most ${MAX_MEDIA_URLS} media URLs can go with one SMS (mediaUrl and mediaUrls together); got ${mediaUrls.length}.`,
		);
	}
	const text = mode === 'agent' ? await agentText(ctx, agent, request) : (request.message ?? '');
	const bodies = splitIntoSegments(text);
	if (bodies.length > 1 && !options.splitLongMessages) {
		throw new ApiError(
			400,
			'MESSAGE_TOO_LONG',
			`message is ${Array.from(text).length} characters; the limit is ${SMS_SEGMENT_LENGTH}. Shorten it or set options.splitLongMessages to send it as ${bodies.length} segments.`,
		);
	}

	const plan: SmsResponse = {
		success: true,
		agentId: agent.ID,
		to: request.to,
		from: number.phoneNumber,
		convoId,
		mode,
		senderMode: number.senderMode,
		...(request.campaignId ? { campaignId: request.campaignId } : {}),
	};

	const conversation = ctx.state.conversations[conversationKey(agent.ID, convoId)];
	if (options.skipIfHumanHandoff && conversation?.state === 'human-chatting') {
		return smsResult({
			...plan,
			...(options.dryRun ? { dryRun: true } : {}),
			status: 'skipped',
			skipped: true,
			reason: `Conversation ${convoId} is in human handoff (human-chatting): a human is replying, so nothing was sent.`,
			messageCount: 0,
		});
	}

	if (options.dryRun) {
		return smsResult({
			...plan,
			status: 'dry_run',
			dryRun: true,
			messageCount: bodies.length,
			mediaCount: mediaUrls.length,
			messagesPreview: bodies,
		});
	}

	const now = Date.now();
	const ignoredOptions =
		number.senderMode === 'platform_rental'
			? OWN_ACCOUNT_ONLY_OPTIONS.filter((name) => options[name] !== undefined)
			: [];
	const sent: SentSms[] = bodies.map((body, segmentIndex) => {
		ctx.state.counters.messages += 1;
		const sms: SentSms = {
			messageSid: sid('SM', `message-${ctx.state.counters.messages}`),
			agentId: agent.ID,
			from: number.phoneNumber,
			to: request.to,
			body,
			mediaUrls: segmentIndex === 0 ? mediaUrls : [],
			convoId,
			segmentIndex,
			at: now,
			senderMode: number.senderMode,
			mode,
		};
		if (request.campaignId) sms.campaignId = request.campaignId;
		if (options.statusCallbackUrl) sms.statusCallbackUrl = options.statusCallbackUrl;
		if (options.smartEncoded !== undefined) sms.smartEncoded = options.smartEncoded;
		if (options.sendViaEdge !== undefined) sms.sendViaEdge = options.sendViaEdge;
		if (number.senderMode === 'own_account') {
			const own = {
				messagingServiceSid: options.messagingServiceSid,
				validityPeriod: options.validityPeriod,
				provideFeedback: options.provideFeedback,
			};
			if (Object.values(own).some((value) => value !== undefined)) sms.ownAccountOptions = own;
		} else if (ignoredOptions.length) {
			sms.ignoredOptions = [...ignoredOptions];
		}
		ctx.recordSms(sms);
		return sms;
	});

	const target =
		options.createConvo === false
			? conversation
			: upsertConversation(ctx, agent, request, convoId, now);
	if (target && options.persistToConvo !== false) {
		for (const sms of sent) {
			target.messages.push({
				direction: 'outbound',
				messageSid: sms.messageSid,
				segmentIndex: sms.segmentIndex,
				from: sms.from,
				to: sms.to,
				body: sms.body,
				mediaUrls: sms.mediaUrls,
				at: now,
			});
		}
		target.updatedAt = now;
	}
	if (target && mode === 'agent' && !options.disableRecordHistory) {
		target.history.push({ from: 'ai', text, at: now });
	}
	ctx.emitEvent('conversation_updated', {
		agentId: agent.ID,
		agentName: agent.title,
		convoId,
		channel: 'sms',
		region: ctx.region,
		lightConvoData: {
			ID: convoId,
			userPhone: request.to,
			origin: 'sms',
			state: target?.state ?? 'ai-chatting',
			messagesNum: target?.messages.length ?? sent.length,
		},
		turns: sent.map((sms) => ({
			from: 'ai',
			messages: [{ from: 'ai', type: 'text', item: { payload: { message: sms.body } } }],
		})),
		operation: 'updated',
	});

	return smsResult({
		...plan,
		status: 'queued',
		messageSid: sent[0].messageSid,
		messageSids: sent.map((sms) => sms.messageSid),
		messageCount: sent.length,
		mediaCount: mediaUrls.length,
		segments: sent.map((sms) => ({
			messageSid: sms.messageSid,
			segmentIndex: sms.segmentIndex,
			status: 'queued',
		})),
		...(mode === 'agent' ? { messagesPreview: bodies } : {}),
	});
}

/** The strict response contract guards the sandbox itself: it never answers with a field the API lacks. */
function smsResult(body: SmsResponse) {
	return { body: smsResponseSchema.parse(body) };
}

export const smsRoutes: Route[] = [{ method: 'POST', pattern: '/sms', handler: sendSms }];
