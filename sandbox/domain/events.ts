import type { EventType } from '../../nodes/shared/contracts/events';
import { SANDBOX_IDS, SANDBOX_KEYS } from '../seed/seed';
const AGENT = { agentId: SANDBOX_IDS.ownAccountAgent, agentName: 'Ava from Acme Dental' };
const CONVO_ID = SANDBOX_IDS.aiChattingConvoId;
const ORGANISATION = {
	organisationId: 'org-smile-clinic',
	organisationName: 'Smile Clinic Berlin',
};
const CLIENT = {
	clientId: 'client-jana',
	clientName: 'Jana Weber',
	clientEmail: 'jana.weber@smile-clinic.example',
};
const AGENT_RECORD = { ...AGENT, agentPlatform: 'vg' as const };

function textTurn(from: 'human' | 'ai', text: string) {
	return { from, messages: [{ from, type: 'text', item: { payload: { message: text } } }] };
}

/** Everything but createdAt and workspaceSecret, per type; each is valid for EVENT_PAYLOAD_SCHEMAS. */
const SAMPLE_BODIES: Record<EventType, () => Record<string, unknown>> = {
	message_received: () => ({
		...AGENT,
		convoId: CONVO_ID,
		messageContent: 'Hi! Do you have a free slot on Friday afternoon?',
		channel: 'whatsapp',
		messageType: 'text',
		from: SANDBOX_IDS.aiChattingRecipient,
	}),
	conversation_updated: () => ({
		...AGENT,
		convoId: CONVO_ID,
		sessionId: `session-${CONVO_ID}`,
		channel: 'sms',
		region: 'eu',
		lightConvoData: {
			ID: CONVO_ID,
			userName: 'Alex Automated',
			origin: 'sms',
			state: 'ai-chatting',
			messagesNum: 2,
		},
		turns: [
			textTurn('human', 'Hi! Do you have a free slot on Friday afternoon?'),
			textTurn('ai', 'Hi Alex, this is Ava. Friday at 15:30 is free. Shall I book it?'),
		],
		messagesHistory: [
			{ role: 'user', content: 'Hi! Do you have a free slot on Friday afternoon?' },
			{
				role: 'assistant',
				content: 'Hi Alex, this is Ava. Friday at 15:30 is free. Shall I book it?',
			},
		],
		operation: 'updated',
	}),
	chat_delegated: () => ({
		...AGENT,
		convoId: SANDBOX_IDS.humanHandoffConvoId,
		assignedToUserId: 'user-dr-mueller',
		assignedToUserName: 'Dr. Lena Müller',
		assignedToUserEmail: 'lena.mueller@acme-dental.example',
		delegatedByUserId: 'user-front-desk',
		delegatedByUserName: 'Front Desk',
		customerName: 'Hannah Handoff',
		customerEmail: 'hannah@example.com',
		customerPhone: SANDBOX_IDS.humanHandoffRecipient,
		channel: 'telephony',
		operation: 'delegated',
	}),
	bug_reported: () => ({
		...AGENT,
		convoId: CONVO_ID,
		bugDescription: 'The booking link in the last reply opens a 404 page.',
		imageUrl: 'https://cdn.convocore.example/bug-reports/screenshot-4f2a.png',
		reportedByUserId: 'user-front-desk',
		reportedByUserName: 'Front Desk',
		reportedByUserEmail: 'frontdesk@acme-dental.example',
		channel: 'web-chat',
		operation: 'reported',
	}),
	agent_created: () => ({ ...AGENT_RECORD, operation: 'created' }),
	agent_updated: () => ({ ...AGENT_RECORD, operation: 'updated' }),
	agent_deleted: () => ({ ...AGENT_RECORD, operation: 'deleted' }),
	webhook_test: () => ({
		message: 'This is a test event from Convocore: your webhook endpoint is reachable.',
	}),
	lead_captured: () => ({
		...AGENT,
		leadName: 'Jordan Lee',
		leadEmail: 'jordan.lee@example.com',
		leadPhone: '+4917611122233',
		channel: 'webchat',
		operation: 'captured',
	}),
	form_submitted: () => ({
		...AGENT,
		convoId: CONVO_ID,
		formType: 'ui_engine_form',
		formData: {
			name: 'Jordan Lee',
			email: 'jordan.lee@example.com',
			preferredDay: 'Friday',
			newPatient: true,
		},
		channel: 'web-chat',
	}),
	organisation_created: () => ({ ...ORGANISATION, operation: 'created' }),
	organisation_updated: () => ({ ...ORGANISATION, operation: 'updated' }),
	organisation_deleted: () => ({ ...ORGANISATION, operation: 'deleted' }),
	client_created: () => ({ ...ORGANISATION, ...CLIENT, operation: 'created' }),
	client_updated: () => ({ ...ORGANISATION, ...CLIENT, operation: 'updated' }),
	client_deleted: () => ({ ...ORGANISATION, ...CLIENT, operation: 'deleted' }),
};

/** A realistic payload for `type`, valid per EVENT_PAYLOAD_SCHEMAS, with createdAt = now. */
export function sampleEventPayload(
	type: EventType,
	workspaceSecret: string,
): Record<string, unknown> {
	// The Record type makes every EVENT_PAYLOAD_SCHEMAS type have a sample; this guards untyped callers.
	const build = SAMPLE_BODIES[type];
	if (!build) throw new Error(`Unknown event type "${type}"`);
	return { ...build(), createdAt: Date.now(), workspaceSecret };
}

export interface DeliverOptions {
	payload?: Record<string, unknown>;
	/** Default: the EU White Label workspace's secret. */
	workspaceSecret?: string;
	/** The payload is the whole event (createdAt and workspaceSecret are added), not changes to the sample. */
	complete?: boolean;
	/** Sent as the exact request body instead of the JSON envelope (for malformed-delivery tests). */
	raw?: string;
}

export interface DeliveredEvent {
	url: string;
	type: string;
	body: unknown;
	status: number;
}

/** Platform rule: the receiver must answer within 60 seconds; there is no retry. */
const DELIVERY_TIMEOUT_MS = 60_000;

export async function deliverEvent(
	targetUrl: string,
	type: EventType,
	options: DeliverOptions,
	delivered: DeliveredEvent[],
): Promise<{ status: number; body: string }> {
	const workspaceSecret = options.workspaceSecret ?? SANDBOX_KEYS.euWhiteLabel;
	const payload = options.complete
		? { ...options.payload, createdAt: Date.now(), workspaceSecret }
		: { ...sampleEventPayload(type, workspaceSecret), ...(options.payload ?? {}) };
	const envelope = { type, payload };
	const requestBody = options.raw ?? JSON.stringify(envelope);
	const record: DeliveredEvent = { url: targetUrl, type, body: options.raw ?? envelope, status: 0 };
	delivered.push(record);
	const response = await fetch(targetUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json; charset=utf-8' },
		body: requestBody,
		signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
	});
	record.status = response.status;
	return { status: response.status, body: await response.text() };
}
