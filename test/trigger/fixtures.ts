/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Event payloads as the specification defines them (convocore-v3-api.md, Events > Payloads),
 * each with every optional field filled in. fixtures.test.ts checks them against the contract.
 */
import type { EventType } from '../../nodes/shared/contracts/events';

export const WORKSPACE_SECRET = 'vg_Q7mK2pX9wLr4TnB8vZs3';

type Fields = Record<string, unknown>;

const agent = { agentId: 'agent_7f3a', agentName: 'Front desk' };

const FIELDS: Record<EventType, Fields> = {
	message_received: {
		...agent,
		convoId: 'convo_001',
		messageContent: 'Hi, do you open on Sundays?',
		channel: 'whatsapp',
		messageType: 'text',
		from: '+14155550123',
	},
	conversation_updated: {
		...agent,
		convoId: 'convo_001',
		sessionId: 'session_42',
		channel: 'webchat',
		region: 'eu',
		lightConvoData: {
			ID: 'convo_001',
			userName: 'Dana',
			origin: 'webchat',
			state: 'ai-chatting',
			messagesNum: 2,
		},
		turns: [
			{
				from: 'human',
				messages: [{ from: 'human', type: 'text', item: { payload: { message: 'Hi' } } }],
			},
			{
				from: 'ai',
				messages: [
					{ from: 'ai', type: 'text', item: { payload: { message: 'Hello! How can I help?' } } },
				],
			},
		],
		messagesHistory: [
			{ role: 'user', content: 'Hi' },
			{ role: 'assistant', content: 'Hello! How can I help?' },
		],
		operation: 'updated',
	},
	chat_delegated: {
		...agent,
		convoId: 'convo_001',
		assignedToUserId: 'user_9',
		assignedToUserName: 'Sam Support',
		assignedToUserEmail: 'sam@example.com',
		delegatedByUserId: 'user_1',
		delegatedByUserName: 'Alex Admin',
		customerName: 'Dana',
		customerEmail: 'dana@example.com',
		customerPhone: '+14155550123',
		channel: 'web-chat',
		operation: 'delegated',
	},
	bug_reported: {
		...agent,
		convoId: 'convo_001',
		bugDescription: 'The widget does not scroll on iOS',
		imageUrl: 'https://cdn.example.com/screens/bug-1.png',
		reportedByUserId: 'user_1',
		reportedByUserName: 'Alex Admin',
		reportedByUserEmail: 'alex@example.com',
		channel: 'webchat',
		operation: 'reported',
	},
	agent_created: { ...agent, agentPlatform: 'vg', operation: 'created' },
	agent_updated: { ...agent, agentPlatform: 'vf', operation: 'updated' },
	agent_deleted: { ...agent, agentPlatform: 'vg', operation: 'deleted' },
	webhook_test: { message: 'This is a test webhook from Convocore' },
	lead_captured: {
		...agent,
		leadName: 'Dana Lee',
		leadEmail: 'dana@example.com',
		leadPhone: '+14155550123',
		channel: 'telegram',
		operation: 'captured',
	},
	form_submitted: {
		...agent,
		convoId: 'convo_001',
		formType: 'ui_engine_form',
		formData: { name: 'Dana', partySize: 4, newsletter: true },
		channel: 'voice',
	},
	organisation_created: {
		organisationId: 'org_1',
		organisationName: 'Acme Dental',
		operation: 'created',
	},
	organisation_updated: {
		organisationId: 'org_1',
		organisationName: 'Acme Dental',
		operation: 'updated',
	},
	organisation_deleted: {
		organisationId: 'org_1',
		organisationName: 'Acme Dental',
		operation: 'deleted',
	},
	client_created: {
		organisationId: 'org_1',
		organisationName: 'Acme Dental',
		clientId: 'client_5',
		clientName: 'Robin',
		clientEmail: 'robin@example.com',
		operation: 'created',
	},
	client_updated: {
		organisationId: 'org_1',
		organisationName: 'Acme Dental',
		clientId: 'client_5',
		clientName: 'Robin',
		clientEmail: 'robin@example.com',
		operation: 'updated',
	},
	client_deleted: {
		organisationId: 'org_1',
		organisationName: 'Acme Dental',
		clientId: 'client_5',
		operation: 'deleted',
	},
};

/** A documented payload of `type`, with createdAt (ms) and the workspace secret. */
/** A copy of `record` without `key`: a payload missing one field. */
export function without(record: Record<string, unknown>, key: string): Record<string, unknown> {
	const copy = { ...record };
	delete copy[key];
	return copy;
}

export function payloadFor(
	type: EventType,
	{
		secret = WORKSPACE_SECRET,
		createdAt = Date.now(),
	}: { secret?: string; createdAt?: number } = {},
): Record<string, unknown> {
	return { ...structuredClone(FIELDS[type]), createdAt, workspaceSecret: secret };
}

/** `value` and everything inside it, as one JSON string, for "does the secret appear anywhere" checks. */
export function deepJson(value: unknown): string {
	return JSON.stringify(value) ?? '';
}
