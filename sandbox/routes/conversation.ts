import {
	conversationDetailsQuerySchema,
	listConversationsQuerySchema,
	publishedConversationsQuerySchema,
} from '../../nodes/shared/contracts/conversation';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { settleCalls } from '../domain/call';
import { isPublished } from '../server/mode';
import { conversationKey, type SandboxConversation } from '../domain/state';
import type { Route, RouteContext } from './types';

/**
 * Conversations, records per the OpenAPI. Listing: strict mode pages by cursor as the public
 * client reads it; published mode pages by `page` + `limit` and answers `{ success, message,
 * data }` with no cursor, as the OpenAPI and docs.convocore.ai have it.
 */

/** One conversation as the API has it; list rows lack the summary and captured variables. */
export function conversationRecord(
	convo: SandboxConversation,
	full: boolean,
): Record<string, unknown> {
	const turns = convo.messages.length + convo.history.length;
	const lastMessageTS = Math.max(
		convo.createdAt,
		...convo.messages.map((m) => m.at),
		...convo.history.map((h) => h.at),
	);
	const record: Record<string, unknown> = {
		ID: convo.ID,
		// A conversation created through the API may name no phone or name.
		...(convo.userPhone ? { userID: convo.userPhone, userPhone: convo.userPhone } : {}),
		...(convo.userName ? { userName: convo.userName } : {}),
		...(convo.userEmail ? { userEmail: convo.userEmail } : {}),
		...(convo.campaignId ? { campaignId: convo.campaignId } : {}),
		origin: convo.origin,
		state: convo.state,
		messagesNum: turns,
		interactionsNum: turns,
		ts: convo.createdAt,
		firstMessageTS: convo.createdAt,
		lastMessageTS,
		lastModified: convo.updatedAt,
		// The span of the conversation's own messages: a later change (PATCH, assignment) moves
		// `updatedAt` / `lastModified`, never how long the conversation lasted.
		convoTimeSeconds:
			convo.call?.durationSeconds ?? Math.round((lastMessageTS - convo.createdAt) / 1000),
		...(convo.changes ?? {}),
		...(convo.metrics
			? { metrics: Object.entries(convo.metrics).map(([key, value]) => ({ key, value })) }
			: {}),
	};
	if (convo.call) {
		record.vapi = {
			callDuration: convo.call.durationSeconds ?? 0,
			callerPhoneNumber: convo.call.from,
			calleePhoneNumber: convo.userPhone,
			callStatus: convo.state === 'ended_chat' ? 'ended' : 'in-progress',
		};
		record.voice = { listenUrl: convo.call.listenUrl };
	}
	if (full) {
		if (convo.summary) record.summary = convo.summary;
		if (convo.capturedVariables) record.capturedVariables = convo.capturedVariables;
		record.title = `${convo.origin === 'telephony' ? 'Call' : convo.origin === 'sms' ? 'SMS' : 'Conversation'} with ${convo.userName || convo.userEmail || convo.ID}`;
		// A created conversation's own title, when it gave one, wins.
		if (typeof convo.changes?.title === 'string') record.title = convo.changes.title;
		const lastMessage =
			convo.history[convo.history.length - 1]?.text ??
			convo.messages[convo.messages.length - 1]?.body;
		if (lastMessage) record.lastMessage = lastMessage;
	}
	return record;
}

const encodeCursor = (offset: number) =>
	Buffer.from(JSON.stringify({ o: offset })).toString('base64url');

function decodeCursor(cursor: string): number {
	try {
		const offset = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).o;
		if (Number.isInteger(offset) && offset >= 0) return offset;
	} catch {
		// Answered below.
	}
	throw new ApiError(400, 'INVALID_CURSOR', 'cursor is not one this API handed out.');
}

function agentConversations(ctx: RouteContext, agentId: string): SandboxConversation[] {
	settleCalls(ctx.state);
	return Object.values(ctx.state.conversations)
		.filter((convo) => convo.agentId === agentId)
		.sort((a, b) => b.updatedAt - a.updatedAt || (a.ID < b.ID ? -1 : a.ID > b.ID ? 1 : 0));
}

/** Published mode: `page` + `limit` (default 20), any other key dropped; the answer holds no cursor. */
function listConversationsByPage(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const query = parseOrThrow(publishedConversationsQuerySchema, ctx.query, 'conversations query');
	const start = (query.page - 1) * query.limit;
	const rows = agentConversations(ctx, agent.ID).slice(start, start + query.limit);
	return {
		body: {
			success: true,
			message: `${rows.length} conversation(s)`,
			data: rows.map((convo) => conversationRecord(convo, false)),
		},
	};
}

function listConversations(ctx: RouteContext) {
	if (isPublished()) return listConversationsByPage(ctx);
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const query = parseOrThrow(listConversationsQuerySchema, ctx.query, 'conversations query');
	if (query.page !== undefined && query.page > 1 && !query.cursor) {
		throw new ApiError(
			400,
			'CURSOR_REQUIRED',
			'page above 1 needs the cursor of the page before: send cursor=<nextCursor>.',
		);
	}
	const all = agentConversations(ctx, agent.ID);
	const start = query.cursor ? decodeCursor(query.cursor) : 0;
	const rows = all.slice(start, start + query.limit);
	const hasMore = start + rows.length < all.length;
	return {
		body: {
			success: true,
			message: `${rows.length} conversation(s)`,
			data: rows.map((convo) => conversationRecord(convo, false)),
			hasMore,
			...(hasMore ? { nextCursor: encodeCursor(start + rows.length) } : {}),
		},
	};
}

export function findConversation(ctx: RouteContext): SandboxConversation {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	settleCalls(ctx.state);
	const convo = ctx.state.conversations[conversationKey(agent.ID, ctx.params.convoId)];
	if (!convo)
		throw new ApiError(
			404,
			'CONVERSATION_NOT_FOUND',
			`Conversation ${ctx.params.convoId} of agent ${agent.ID} was not found.`,
		);
	return convo;
}

function getConversation(ctx: RouteContext) {
	return {
		body: {
			success: true,
			message: 'Conversation found',
			data: conversationRecord(findConversation(ctx), true),
		},
	};
}

function getConversationDetails(ctx: RouteContext) {
	const query = parseOrThrow(
		conversationDetailsQuerySchema,
		ctx.query,
		'conversation details query',
	);
	if (query.region !== ctx.region) {
		throw new ApiError(
			404,
			'CONVERSATION_NOT_FOUND',
			`No conversation ${ctx.params.convoId} in region ${query.region} on this (${ctx.region}) host.`,
		);
	}
	const convo = findConversation(ctx);
	const turns = [
		...convo.messages.map((m) => ({
			from: m.direction === 'inbound' ? 'human' : 'ai',
			text: m.body,
			at: m.at,
			channel: 'sms',
		})),
		...convo.history.map((h) => ({ from: h.from, text: h.text, at: h.at })),
	].sort((a, b) => a.at - b.at);
	const recordings =
		convo.call && convo.state === 'ended_chat'
			? [
					{
						url: `${ctx.serverUrl}/recordings/${convo.ID}.mp3`,
						durationSeconds: convo.call.durationSeconds,
					},
				]
			: [];
	return {
		body: {
			success: true,
			message: 'Conversation details',
			data: { ...conversationRecord(convo, true), region: query.region, turns, recordings },
		},
	};
}

export const conversationRoutes: Route[] = [
	{ method: 'GET', pattern: '/agents/:agentId/convos', handler: listConversations },
	{ method: 'GET', pattern: '/agents/:agentId/convos/:convoId', handler: getConversation },
	{
		method: 'GET',
		pattern: '/agents/:agentId/convos/:convoId/details',
		handler: getConversationDetails,
	},
];
