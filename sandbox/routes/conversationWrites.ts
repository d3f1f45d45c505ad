import {
	assignConversationRequestSchema,
	createConversationRequestSchema,
	exportConversationsQuerySchema,
	publishedExportQuerySchema,
	updateConversationRequestSchema,
} from '../../nodes/shared/contracts/conversationWrites';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { isPublished } from '../server/mode';
import { conversationKey, type ConversationState, type SandboxConversation } from '../domain/state';
import { conversationRecord, findConversation } from './conversation';
import { settleCalls } from '../domain/call';
import type { Route, RouteContext } from './types';

/** Changing, handing over, deleting and exporting conversations (agent-at-work spec section 4). */

/** Fields stored on the conversation itself; everything else the update names is kept in `changes`. */
const OWN_FIELDS = ['userName', 'userEmail', 'userPhone'] as const;

function updateConversation(ctx: RouteContext) {
	const { conversation: input } = parseOrThrow(
		updateConversationRequestSchema,
		ctx.body,
		'conversation update',
	);
	const convo = findConversation(ctx);
	const { state, ...rest } = input;
	// `requested_chat` is the customer asking for a person; the sandbox's conversations keep it as a change.
	if (state && state !== 'requested_chat') convo.state = state as ConversationState;
	else if (state) rest.state = state;
	for (const field of OWN_FIELDS) {
		const value = rest[field];
		if (typeof value === 'string') convo[field] = value;
		delete rest[field];
	}
	convo.changes = { ...(convo.changes ?? {}), ...rest };
	convo.updatedAt = Date.now();
	return {
		body: { success: true, message: 'Conversation updated', data: conversationRecord(convo, true) },
	};
}

/**
 * `POST /agents/{agentId}/convos` `{ conversation }`: stores the record as given (OpenAPI 1.0.4,
 * Create Conversation) and answers it in `data`. The sandbox's own choices, which no public
 * source states: an ID it makes up when none is given, 409 for an ID the agent already has, and
 * `ended_chat` and `web-chat` when no state or channel is named.
 */
function createConversation(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { conversation: input } = parseOrThrow(
		createConversationRequestSchema,
		ctx.body,
		'conversation',
	);
	const {
		ID,
		ts,
		origin,
		state,
		userName,
		userEmail,
		userPhone,
		summary,
		campaignId,
		capturedVariables,
		...rest
	} = input;
	const id =
		ID ?? `convo-${Object.keys(ctx.state.conversations).length + 1}-${Date.now().toString(36)}`;
	const key = conversationKey(agent.ID, id);
	if (ctx.state.conversations[key])
		throw new ApiError(
			409,
			'CONVERSATION_EXISTS',
			`Agent ${agent.ID} already has a conversation ${id}.`,
		);
	const startedAt = ts as number;
	const convo: SandboxConversation = {
		ID: id,
		agentId: agent.ID,
		workspaceId: agent.workspaceId,
		origin: typeof origin === 'string' && origin ? origin : 'web-chat',
		state: (state ?? 'ended_chat') as ConversationState,
		userName: userName ?? '',
		userPhone: userPhone ?? '',
		...(userEmail ? { userEmail } : {}),
		...(summary ? { summary } : {}),
		...(campaignId ? { campaignId } : {}),
		...(capturedVariables && typeof capturedVariables === 'object'
			? { capturedVariables: capturedVariables as Record<string, unknown> }
			: {}),
		// Everything else the record documents is kept as given and answered with the record.
		changes: { ...rest, ...(origin !== undefined && typeof origin !== 'string' ? { origin } : {}) },
		leadInfo: {},
		messages: [],
		history: [],
		createdAt: startedAt,
		updatedAt: rest.lastMessageTS ?? startedAt,
	};
	ctx.state.conversations[key] = convo;
	return {
		status: 200,
		body: { success: true, message: 'Conversation created', data: conversationRecord(convo, true) },
	};
}

function assignConversation(ctx: RouteContext) {
	const { assignToUserId, delegatedBy } = parseOrThrow(
		assignConversationRequestSchema,
		ctx.body,
		'conversation assignment',
	);
	const convo = findConversation(ctx);
	convo.state = 'human-chatting';
	convo.changes = { ...(convo.changes ?? {}), chatAssignedTo: assignToUserId };
	convo.updatedAt = Date.now();
	const agent = ctx.state.agents[convo.agentId];
	ctx.emitEvent('chat_delegated', {
		agentId: convo.agentId,
		agentName: agent?.title,
		convoId: convo.ID,
		assignedToUserId: assignToUserId,
		...(delegatedBy ? { delegatedByUserId: delegatedBy } : {}),
		customerName: convo.userName,
		customerPhone: convo.userPhone,
	});
	return {
		body: {
			success: true,
			message: `Conversation assigned to ${assignToUserId}`,
			assignedUser: { id: assignToUserId },
		},
	};
}

function deleteConversation(ctx: RouteContext) {
	const convo = findConversation(ctx);
	delete ctx.state.conversations[conversationKey(convo.agentId, convo.ID)];
	return { body: { success: true, message: `Conversation ${convo.ID} deleted` } };
}

const CSV_COLUMNS = [
	'ID',
	'userName',
	'userPhone',
	'userEmail',
	'origin',
	'state',
	'campaignId',
	'tags',
	'ts',
	'summary',
];

function csvCell(value: unknown): string {
	if (value === undefined || value === null) return '';
	const text = Array.isArray(value)
		? value.join(';')
		: typeof value === 'object'
			? JSON.stringify(value)
			: String(value);
	return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(records: Array<Record<string, unknown>>): string {
	return [
		CSV_COLUMNS.join(','),
		...records.map((row) => CSV_COLUMNS.map((column) => csvCell(row[column])).join(',')),
	].join('\n');
}

/**
 * Strict mode pages as the public client reads it (`limit`, `cursor`, `nextCursor` while there is
 * more; CSV as one text); published mode as the OpenAPI documents it: `format` only, every
 * conversation in one `{ success, message, data[] }`.
 */
function exportAll(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	settleCalls(ctx.state);
	const all = Object.values(ctx.state.conversations)
		.filter((convo) => convo.agentId === agent.ID)
		.sort((a, b) => a.createdAt - b.createdAt || (a.ID < b.ID ? -1 : 1));
	if (isPublished()) {
		const { format } = parseOrThrow(
			publishedExportQuerySchema,
			ctx.query,
			'conversations export query',
		);
		const records = all.map((convo) => conversationRecord(convo, true));
		// The OpenAPI types `data` as an array, CSV included (a trpc server checks its answers
		// against it): what the array holds for CSV is not published. Our reading: the CSV's lines,
		// header first.
		return {
			body: {
				success: true,
				message: `${records.length} conversation(s)`,
				data: format === 'csv' ? toCsv(records).split('\n') : records,
			},
		};
	}
	const query = parseOrThrow(
		exportConversationsQuerySchema,
		ctx.query,
		'conversations export query',
	);
	const start = query.cursor ? Number(query.cursor) || 0 : 0;
	const rows = all
		.slice(start, query.limit ? start + query.limit : undefined)
		.map((convo: SandboxConversation) => conversationRecord(convo, true));
	const next = start + rows.length < all.length ? String(start + rows.length) : undefined;
	return {
		body: {
			success: true,
			message: `${rows.length} conversation(s)`,
			data: query.format === 'csv' ? toCsv(rows) : rows,
			...(next ? { nextCursor: next } : {}),
		},
	};
}

function exportOne(ctx: RouteContext) {
	const query = parseOrThrow(
		exportConversationsQuerySchema,
		ctx.query,
		'conversation export query',
	);
	const row = conversationRecord(findConversation(ctx), true);
	return {
		body: {
			success: true,
			message: 'Conversation exported',
			data: query.format === 'csv' ? toCsv([row]) : row,
		},
	};
}

export const conversationWriteRoutes: Route[] = [
	// Before GET /agents/:agentId/convos/:convoId, which would take `export` for a conversation ID.
	{ method: 'GET', pattern: '/agents/:agentId/convos/export', handler: exportAll },
	{ method: 'GET', pattern: '/agents/:agentId/convos/:convoId/export', handler: exportOne },
	{ method: 'POST', pattern: '/agents/:agentId/convos', handler: createConversation },
	{ method: 'PATCH', pattern: '/agents/:agentId/convos/:convoId', handler: updateConversation },
	{
		method: 'POST',
		pattern: '/agents/:agentId/convos/:convoId/assign',
		handler: assignConversation,
	},
	{ method: 'DELETE', pattern: '/agents/:agentId/convos/:convoId', handler: deleteConversation },
];
