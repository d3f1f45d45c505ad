import { callRequestSchema, callResponseSchema } from '../../nodes/shared/contracts/call';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { agentPhoneNumbers, callUpdatedEvent, placeCall } from '../domain/call';
import type { Route, RouteContext } from './types';

/**
 * POST /calls: "rings" the number from one of the agent's voice numbers and opens a telephony
 * conversation that ends, with a summary, after the sandbox's call duration.
 */
function startCall(ctx: RouteContext) {
	const request = parseOrThrow(callRequestSchema, ctx.body, 'call request');
	const agent = findAgent(ctx.state, ctx.caller, request.agentId);
	const numbers = agentPhoneNumbers(ctx.state, agent);
	if (numbers.length === 0) {
		throw new ApiError(
			409,
			'AGENT_HAS_NO_PHONE_NUMBER',
			`Agent ${agent.ID} has no phone number to call from. Connect or buy one first.`,
		);
	}
	const from = request.from ?? numbers[0];
	if (!numbers.includes(from)) {
		throw new ApiError(
			400,
			'FROM_NUMBER_NOT_CONNECTED',
			`from ${from} is not a number of agent ${agent.ID}. Its numbers: ${numbers.join(', ')}.`,
		);
	}
	const now = Date.now();
	const lead = request.leadInfo ?? {};
	const { convo, callSid, listenUrl } = placeCall(ctx.state, {
		agent,
		from,
		to: request.to,
		userName: lead.username ?? request.to,
		...(lead.email ? { userEmail: lead.email } : {}),
		...(request.campaignId ? { campaignId: request.campaignId } : {}),
		leadInfo: { ...lead },
		at: now,
	});
	const convoId = convo.ID;
	ctx.recordCall({
		callSid,
		agentId: agent.ID,
		from,
		to: request.to,
		convoId,
		...(request.campaignId ? { campaignId: request.campaignId } : {}),
		at: now,
	});
	ctx.emitEvent('conversation_updated', callUpdatedEvent(agent, convo, ctx.region));
	// `options` is echoed as the OpenAPI response allows, secrets in serverData included: the
	// node must redact them.
	const body = {
		message: `Calling ${request.to} from ${from}`,
		websocketUrl: `wss://calls.convocore.example/ws/${convoId}`,
		listenUrl,
		callData: { callSid, status: 'queued', to: request.to, from, convoId, agentId: agent.ID },
		...(request.options ? { options: request.options } : {}),
	};
	return { body: callResponseSchema.parse(body) };
}

export const callRoutes: Route[] = [{ method: 'POST', pattern: '/calls', handler: startCall }];
