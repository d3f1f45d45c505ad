import {
	buyNumberRequestSchema,
	importNumberRequestSchema,
	assignNumberRequestSchema,
	numberResultSchema,
	releaseNumberRequestSchema,
	repairNumberRequestSchema,
} from '../../nodes/shared/contracts/phoneNumber';
import { NUMBER_PATHS, TELCO, telcoField } from '../../nodes/shared/telco';
import { assertWorkspaceSecret, findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { sid } from '../domain/ids';
import type { SandboxAgent, SandboxNumber } from '../domain/state';
import type { Route, RouteContext } from './types';

/**
 * The five number utilities at their real paths (NUMBER_PATHS). Buy and import answer
 * `{ phoneNumber, phoneNumberSid, message }`; the others the usual `{ success, message, data }`.
 * Buy/import with agentId attach the number to the agent for calls; sync-sms is what connects a
 * number to an agent for SMS.
 */

const RENTAL_PRICE_USD_PER_MONTH = 3;

const NUMBER_FIELD = telcoField('Number');
const ACCOUNT_SID_FIELD = telcoField('AccountSid');
const AUTH_TOKEN_FIELD = telcoField('AccountAuthToken');
const CALLER_ID_FIELD = telcoField('CallerId');

/** The number as the caller's workspace sees it, found by phoneNumber and/or phoneNumberSid. */
function findNumber(
	ctx: RouteContext,
	reference: { phoneNumber?: string; phoneNumberSid?: string },
): SandboxNumber {
	const inWorkspace = Object.values(ctx.state.numbers).filter(
		(n) => n.workspaceId === ctx.caller.workspace.id,
	);
	const byNumber = reference.phoneNumber
		? inWorkspace.find((n) => n.phoneNumber === reference.phoneNumber)
		: undefined;
	const bySid = reference.phoneNumberSid
		? inWorkspace.find((n) => n.phoneNumberSid === reference.phoneNumberSid)
		: undefined;
	if (
		reference.phoneNumber &&
		reference.phoneNumberSid &&
		byNumber &&
		bySid &&
		byNumber !== bySid
	) {
		throw new ApiError(
			400,
			'NUMBER_MISMATCH',
			`phoneNumber ${reference.phoneNumber} and phoneNumberSid ${reference.phoneNumberSid} name different numbers.`,
		);
	}
	const found = byNumber ?? bySid;
	if (!found || (reference.phoneNumber && !byNumber) || (reference.phoneNumberSid && !bySid)) {
		const what = [reference.phoneNumber, reference.phoneNumberSid].filter(Boolean).join(' / ');
		throw new ApiError(404, 'NUMBER_NOT_FOUND', `Number ${what} was not found in this workspace.`);
	}
	return found;
}

function assertNumberIsFree(ctx: RouteContext, phoneNumber: string): void {
	const existing = ctx.state.numbers[phoneNumber];
	if (existing?.workspaceId === ctx.caller.workspace.id) {
		throw new ApiError(
			409,
			'NUMBER_ALREADY_IN_WORKSPACE',
			`${phoneNumber} is already in this workspace (${existing.phoneNumberSid}).`,
		);
	}
	if (existing || ctx.state.unavailableNumbers.includes(phoneNumber)) {
		throw new ApiError(
			409,
			'NUMBER_UNAVAILABLE',
			`${phoneNumber} is not available. Search for another number and try again.`,
		);
	}
}

function nextNumberSid(ctx: RouteContext, phoneNumber: string): string {
	ctx.state.counters.numbers += 1;
	return sid('PN', `number-${ctx.state.counters.numbers}-${phoneNumber}`);
}

/** What the agent record's telephony SMS fields say after an assignment. */
function agentSmsFields(ctx: RouteContext, agent: SandboxAgent) {
	const primary = agent.smsNumbers[0] ? ctx.state.numbers[agent.smsNumbers[0]] : undefined;
	return {
		ID: agent.ID,
		[telcoField('SmsPhoneNumber')]: primary?.phoneNumber ?? '',
		[telcoField('SmsPhoneNumberSid')]: primary?.phoneNumberSid ?? '',
		[telcoField('SmsMode')]: primary?.senderMode ?? '',
		[telcoField('SmsVerified')]: !!primary,
		smsNumbers: [...agent.smsNumbers],
	};
}

function buyNumber(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Buying a number');
	const request = parseOrThrow(buyNumberRequestSchema, ctx.body, 'buy request');
	const agent = request.agentId ? findAgent(ctx.state, ctx.caller, request.agentId) : undefined;
	assertNumberIsFree(ctx, request.number);
	const phoneNumberSid = nextNumberSid(ctx, request.number);
	ctx.state.numbers[request.number] = {
		phoneNumber: request.number,
		phoneNumberSid,
		workspaceId: ctx.caller.workspace.id,
		region: ctx.region,
		senderMode: 'platform_rental',
		capabilities: request.capabilities ?? ['voice', 'sms'],
		agentId: agent?.ID,
		rentalSubscriptionId: sid('SU', phoneNumberSid),
		monthlyPriceUsd: RENTAL_PRICE_USD_PER_MONTH,
		createdAt: Date.now(),
	};
	const assigned = agent
		? ` It is assigned to agent ${agent.ID}; use sync-sms to send SMS from it.`
		: '';
	return {
		body: numberResultSchema.parse({
			phoneNumber: request.number,
			phoneNumberSid,
			message: `Bought ${request.number}. It is billed monthly ($${RENTAL_PRICE_USD_PER_MONTH.toFixed(2)}/month) until you release it.${assigned}`,
		}),
	};
}

function importNumber(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Importing a number');
	const request = parseOrThrow(importNumberRequestSchema, ctx.body, 'import request');
	if (request.workspaceId && request.workspaceId !== ctx.caller.workspace.id) {
		throw new ApiError(
			403,
			'WORKSPACE_MISMATCH',
			`This secret belongs to workspace ${ctx.caller.workspace.id}; it cannot import into ${request.workspaceId}.`,
		);
	}
	const agent = request.agentId ? findAgent(ctx.state, ctx.caller, request.agentId) : undefined;
	const phoneNumber = request[NUMBER_FIELD] as string;
	assertNumberIsFree(ctx, phoneNumber);
	const phoneNumberSid = nextNumberSid(ctx, phoneNumber);
	ctx.state.numbers[phoneNumber] = {
		phoneNumber,
		phoneNumberSid,
		workspaceId: ctx.caller.workspace.id,
		region: ctx.region,
		senderMode: 'own_account',
		capabilities: ['voice', 'sms'],
		agentId: agent?.ID,
		accountSid: request[ACCOUNT_SID_FIELD] as string,
		// Kept to act on the number later; no answer ever includes it.
		authToken: request[AUTH_TOKEN_FIELD] as string,
		callerId: request[CALLER_ID_FIELD] as string,
		createdAt: Date.now(),
	};
	return {
		body: numberResultSchema.parse({
			phoneNumber,
			phoneNumberSid,
			message: `Imported ${phoneNumber} from your own ${TELCO} account; usage is billed by that account.${agent ? ` It is assigned to agent ${agent.ID}.` : ''}`,
		}),
	};
}

function releaseNumber(ctx: RouteContext) {
	assertWorkspaceSecret(ctx.caller, 'Releasing a number');
	const request = parseOrThrow(releaseNumberRequestSchema, ctx.body, 'release request');
	const number = findNumber(ctx, request);
	delete ctx.state.numbers[number.phoneNumber];
	const detachedFrom = Object.values(ctx.state.agents).filter(
		(agent) => agent.smsNumbers.includes(number.phoneNumber) || number.agentId === agent.ID,
	);
	for (const agent of detachedFrom)
		agent.smsNumbers = agent.smsNumbers.filter((n) => n !== number.phoneNumber);
	const billing =
		number.senderMode === 'platform_rental'
			? ' Its monthly rental billing stopped.'
			: ` It stays in your own ${TELCO} account.`;
	return {
		body: {
			success: true,
			message: `Released ${number.phoneNumber}.${billing}`,
			data: {
				phoneNumber: number.phoneNumber,
				phoneNumberSid: number.phoneNumberSid,
				released: true,
				detachedFromAgents: detachedFrom.map((a) => a.ID),
			},
		},
	};
}

function repairWebhooks(ctx: RouteContext) {
	const request = parseOrThrow(repairNumberRequestSchema, ctx.body, 'check-number request');
	const number = findNumber(ctx, request);
	const agent = ctx.caller.agent;
	if (agent && number.agentId !== agent.ID && !agent.smsNumbers.includes(number.phoneNumber)) {
		throw new ApiError(
			403,
			'AGENT_SECRET_SCOPE',
			`${number.phoneNumber} is not connected to agent ${agent.ID}: use a workspace secret to repair it.`,
		);
	}
	const hooks = `${ctx.baseUrl}/${TELCO}`;
	number.webhooks = {
		voiceUrl: `${hooks}/voice/${number.phoneNumberSid}`,
		smsUrl: `${hooks}/sms/${number.phoneNumberSid}`,
		statusCallback: `${hooks}/status/${number.phoneNumberSid}`,
		repairedAt: Date.now(),
	};
	const { voiceUrl, smsUrl, statusCallback } = number.webhooks;
	return {
		body: {
			success: true,
			message: `Webhooks of ${number.phoneNumber} point at the platform again.`,
			data: {
				phoneNumber: number.phoneNumber,
				phoneNumberSid: number.phoneNumberSid,
				webhooks: { voiceUrl, smsUrl, statusCallback },
			},
		},
	};
}

function assignForSms(ctx: RouteContext) {
	const request = parseOrThrow(assignNumberRequestSchema, ctx.body, 'sync-sms request');
	const agent = findAgent(ctx.state, ctx.caller, request.agentId as string);
	const number = findNumber(ctx, request);
	if (!number.capabilities.includes('sms')) {
		throw new ApiError(
			409,
			'NUMBER_NOT_SMS_CAPABLE',
			`${number.phoneNumber} was bought without the sms capability and cannot send SMS.`,
		);
	}
	// A number sends SMS for one agent at a time: it moves.
	for (const other of Object.values(ctx.state.agents)) {
		if (other !== agent)
			other.smsNumbers = other.smsNumbers.filter((n) => n !== number.phoneNumber);
	}
	if (!agent.smsNumbers.includes(number.phoneNumber)) agent.smsNumbers.push(number.phoneNumber);
	return {
		body: {
			success: true,
			message: `${number.phoneNumber} now sends SMS for agent ${agent.ID}.`,
			data: {
				phoneNumber: number.phoneNumber,
				phoneNumberSid: number.phoneNumberSid,
				agentId: agent.ID,
				senderMode: number.senderMode,
				agent: agentSmsFields(ctx, agent),
			},
		},
	};
}

export const numberRoutes: Route[] = [
	{ method: 'POST', pattern: NUMBER_PATHS.buy, handler: buyNumber },
	{ method: 'POST', pattern: NUMBER_PATHS.import, handler: importNumber },
	{ method: 'POST', pattern: NUMBER_PATHS.release, handler: releaseNumber },
	{ method: 'POST', pattern: NUMBER_PATHS.repairWebhooks, handler: repairWebhooks },
	{ method: 'POST', pattern: NUMBER_PATHS.assignToAgent, handler: assignForSms },
];
