import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	isFirstSession,
	SESSIONS_PAGE,
	type SessionRegion,
	type WorkspaceSession,
} from '../shared/contracts/sessions';
import type { ConvocoreCredentialData } from '../shared/regions';
import { EVENTS, type TriggerEvent } from './description';

/** What a poll reads from its parameters and credential, checked before any request is sent. */
export interface PollSettings {
	workspaceId: string;
	region: SessionRegion;
	event: TriggerEvent;
	simplify: boolean;
	agentId?: string;
	origin?: string;
	limit: number;
}

function locatorValue(value: unknown): unknown {
	if (typeof value === 'object' && value !== null && 'value' in value)
		return (value as { value: unknown }).value;
	return value;
}

function optionalText(ctx: IPollFunctions, value: unknown, field: string): string | undefined {
	const raw = locatorValue(value);
	if (raw === undefined || raw === null || raw === '') return undefined;
	if (typeof raw !== 'string')
		throw new NodeOperationError(ctx.getNode(), `${field} must be text, got ${typeof raw}`);
	return raw.trim() || undefined;
}

/** eu or na for the route's `region`: the option, else the credential's region, else what a custom base URL names. */
function regionOf(
	ctx: IPollFunctions,
	option: unknown,
	credentials: ConvocoreCredentialData,
): SessionRegion {
	if (option === 'eu' || option === 'na') return option;
	if (credentials.region === 'eu' || credentials.region === 'na') return credentials.region;
	const named = /(?:^|[/.-])(eu|na)(?:-gcp|[/.])/i.exec(String(credentials.baseUrl ?? ''));
	if (named) return named[1].toLowerCase() as SessionRegion;
	throw new NodeOperationError(
		ctx.getNode(),
		"Options > Region is required: the credential's custom base URL names no region (eu or na)",
		{
			description:
				'The sessions route needs the region the workspace lives in. Choose EU or North America under Options > Region.',
		},
	);
}

export async function readSettings(ctx: IPollFunctions): Promise<PollSettings> {
	const workspaceId = optionalText(ctx, ctx.getNodeParameter('workspaceId', ''), 'Workspace');
	if (!workspaceId) {
		throw new NodeOperationError(
			ctx.getNode(),
			'Workspace is required: choose the workspace whose conversations to watch',
		);
	}
	const event = ctx.getNodeParameter('event', EVENTS.newSession) as unknown;
	if (event !== EVENTS.newSession && event !== EVENTS.newConversation) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Event must be New Session or New Conversation, got ${String(event)}`,
		);
	}
	const filters = ctx.getNodeParameter('filters', {}) as IDataObject;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const limit = options.pageSize ?? SESSIONS_PAGE.maxLimit;
	if (
		typeof limit !== 'number' ||
		!Number.isInteger(limit) ||
		limit < 1 ||
		limit > SESSIONS_PAGE.maxLimit
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Options > Page Size must be a whole number from 1 to ${SESSIONS_PAGE.maxLimit}, got ${String(limit)}`,
		);
	}
	const credentials = (await ctx.getCredentials(
		'convocoreApi',
	)) as unknown as ConvocoreCredentialData;
	return {
		workspaceId,
		region: regionOf(ctx, options.region, credentials),
		event,
		simplify: ctx.getNodeParameter('simplify', true) !== false,
		agentId: optionalText(ctx, filters.agentId, 'Filters > Agent'),
		origin: optionalText(ctx, filters.origin, 'Filters > Channel'),
		limit,
	};
}

/** The route's query for one page. */
export function pageQuery(settings: PollSettings, page: number): IDataObject {
	return {
		workspaceId: settings.workspaceId,
		region: settings.region,
		page,
		limit: settings.limit,
		...(settings.agentId ? { agentId: settings.agentId } : {}),
		...(settings.origin ? { origin: settings.origin } : {}),
	};
}

export function wanted(settings: PollSettings, session: WorkspaceSession): boolean {
	return settings.event === EVENTS.newSession || isFirstSession(session);
}

/** One item per session: the conversation's fields flat, the session's start as a number and an ISO date. */
export function sessionItem(session: WorkspaceSession, simplify: boolean): INodeExecutionData {
	const { sessionData, ...fields } = session;
	const starts = [...sessionData.allSessionTimestamps].sort((a, b) => a - b);
	const position = starts.indexOf(sessionData.currentSessionTs);
	const first = isFirstSession(session);
	const started = new Date(sessionData.currentSessionTs);
	return {
		json: {
			event: first ? EVENTS.newConversation : EVENTS.newSession,
			...fields,
			isNewConversation: first,
			sessionTs: sessionData.currentSessionTs,
			sessionStartedAt: Number.isNaN(started.getTime()) ? null : started.toISOString(),
			sessionNumber: position >= 0 ? position + 1 : starts.length + 1,
			sessionCount: Math.max(starts.length, position >= 0 ? starts.length : starts.length + 1),
			allSessionTimestamps: sessionData.allSessionTimestamps,
			...(simplify ? {} : { turns: sessionData.turns }),
		},
	};
}
