import { hexDigest, sid } from '../domain/ids';
import type { SandboxConversation, SandboxLead } from '../domain/state';

/**
 * The seed beyond SMS and voices: agents' secret fields, finished calls with summaries and
 * metrics, and leads in both of the shapes the API stores. Deterministic, like the rest.
 */

/** A fake secret value for one field of one agent: never a real key, always the same. */
function fakeSecret(agentId: string, field: string): string {
	return `sk_${hexDigest(`${agentId}:${field}`, 24)}`;
}

/** The secret-holding fields of an agent record (beyond-the-seed 4.4), every one filled. */
export function agentSecretFields(agentId: string, agentSecret?: string): Record<string, unknown> {
	const s = (field: string) => fakeSecret(agentId, field);
	return {
		SECRET_API_KEY: agentSecret ?? s('SECRET_API_KEY'),
		VF_DIALOGUE_API_KEY: s('VF_DIALOGUE_API_KEY'),
		VF_PROJECT_API_KEY: s('VF_PROJECT_API_KEY'),
		VF_KB_API_KEY: s('VF_KB_API_KEY'),
		whatsappToken: s('whatsappToken'),
		igAccessToken: s('igAccessToken'),
		instagramOptions: { accessToken: s('instagramOptions.accessToken'), pageName: 'acme.dental' },
		gcloudPrivateKey: `-----BEGIN PRIVATE KEY-----\n${s('gcloudPrivateKey')}\n-----END PRIVATE KEY-----`,
		vapiConfig: {
			PRIVATE_API_KEY: s('vapiConfig.PRIVATE_API_KEY'),
			PUBLIC_API_KEY: s('vapiConfig.PUBLIC_API_KEY'),
		},
		voiceConfig: {
			transcriber: { provider: 'deepgram', apiKey: s('voiceConfig.transcriber.apiKey') },
			speechGen: { provider: 'cartesia', apiKey: s('voiceConfig.speechGen.apiKey') },
		},
		nodes: [
			{
				instructions: 'Greet the caller and offer the next free appointment.',
				llmConfig: { model: 'gpt-4o-mini', maxTokens: 512, apiKey: s('nodes.0.llmConfig.apiKey') },
				routerLlmConfig: { model: 'gpt-4o-mini', apiKey: s('nodes.0.routerLlmConfig.apiKey') },
			},
		],
		nodesSettings: {
			defaultLLmOptions: { apiKey: s('nodesSettings.defaultLLmOptions.apiKey') },
			routerLLmOptions: { apiKey: s('nodesSettings.routerLLmOptions.apiKey') },
		},
		tools: [
			{
				name: 'book_appointment',
				serverUrl: 'https://acme-dental.example/api/book',
				serverUrlSecret: s('tools.0.serverUrlSecret'),
			},
		],
		advanced: { serverUrlSecret: s('advanced.serverUrlSecret') },
		flowise: { webhookSecret: s('flowise.webhookSecret') },
		discord: { webhookUrls: [`https://discord.com/api/webhooks/123/${s('discord.webhookUrls')}`] },
	};
}

/**
 * Every secret in an agent's fields, for tests that prove none of them comes out. A multi-line
 * secret (a private key) gives its lines, so a search in JSON text (where the line break is
 * escaped) still finds it.
 */
export function secretStringsOf(fields: unknown): string[] {
	if (typeof fields === 'string')
		return fields.split('\n').filter((line) => line.length >= 12 && !line.startsWith('-----'));
	if (fields === null || typeof fields !== 'object') return [];
	return Object.entries(fields as Record<string, unknown>).flatMap(([key, value]) =>
		/secret|token|key|webhookUrls/i.test(key) || typeof value === 'object'
			? secretStringsOf(value)
			: [],
	);
}

export interface CrmSeedIds {
	agentId: string;
	workspaceId: string;
	agentNumber: string;
	callConvoId: string;
	callRecipient: string;
	leadIds: readonly string[];
}

/** A call that ended before the seed time, with its summary, metrics and turns. */
export function seedCallConversation(ids: CrmSeedIds, at: number): SandboxConversation {
	const durationSeconds = 142;
	return {
		ID: ids.callConvoId,
		agentId: ids.agentId,
		workspaceId: ids.workspaceId,
		origin: 'telephony',
		state: 'ended_chat',
		userName: 'Carla Caller',
		userPhone: ids.callRecipient,
		userEmail: 'carla@example.com',
		leadInfo: { username: 'Carla Caller', email: 'carla@example.com' },
		messages: [],
		history: [
			{
				from: 'ai',
				text: 'Hi Carla, this is Ava from Acme Dental. You asked about a cleaning?',
				at: at - durationSeconds * 1000,
			},
			{ from: 'human', text: 'Yes, is next Tuesday possible?', at: at - 100_000 },
			{ from: 'ai', text: 'Tuesday at 10:00 is free. I have booked it for you.', at: at - 60_000 },
		],
		summary: 'Carla asked for a cleaning; Ava booked Tuesday at 10:00.',
		metrics: { appointment_booked: true, appointment_type: 'cleaning', sentiment_score: 0.8 },
		capturedVariables: { preferredDay: 'Tuesday' },
		call: {
			callSid: sid('CA', ids.callConvoId),
			from: ids.agentNumber,
			endsAt: at,
			durationSeconds,
			listenUrl: `wss://listen.convocore.example/calls/${ids.callConvoId}`,
		},
		createdAt: at - durationSeconds * 1000,
		updatedAt: at,
	};
}

/** Three leads of the agent: two as created one by one, one in the bulk-import `user*` shape. */
export function seedLeads(ids: CrmSeedIds, at: number): SandboxLead[] {
	const [first, second, third] = ids.leadIds;
	return [
		{
			id: first,
			agentId: ids.agentId,
			workspaceId: ids.workspaceId,
			name: 'Jordan Lee',
			email: 'jordan.lee@example.com',
			phone: '+4917611122233',
			metaData: { source: 'webchat', company: 'Lee Logistics' },
			groupName: 'new-patients',
			ts: at,
		},
		{
			id: second,
			agentId: ids.agentId,
			workspaceId: ids.workspaceId,
			name: 'Mia Brandt',
			email: 'mia.brandt@example.com',
			phone: '+4917644455566',
			metaData: { source: 'chat' },
			groupName: 'recall',
			ts: at + 60_000,
		},
		{
			id: third,
			agentId: ids.agentId,
			workspaceId: ids.workspaceId,
			userName: 'Omar Okafor',
			userEmail: 'omar@example.com',
			userPhone: '+4917677788899',
			groupName: 'new-patients',
			ts: at + 120_000,
		} as SandboxLead,
	];
}
