import { z } from 'zod';
import { lazy } from './lazy';

/** Every event the platform posts: `{ type, payload }`, each payload with createdAt (ms) and workspaceSecret. */

export const LEAD_CHANNELS = [
	'voice',
	'vapi',
	'web-chat',
	'whatsapp',
	'instagram',
	'telegram',
	'discord',
	'gb-chat',
	'messenger',
	'telephony',
	'webchat',
] as const;
export const MESSAGE_CHANNELS = [
	'whatsapp',
	'instagram',
	'facebook',
	'telegram',
	'webchat',
] as const;

/** Built inside each payload's lazy builder, never at load. */
const base = () => ({ createdAt: z.number(), workspaceSecret: z.string() });
const str = lazy(() => z.string());
const opt = lazy(() => z.string().optional());
const leadChannel = lazy(() => z.enum(LEAD_CHANNELS));

const agentPayload = (operation: 'created' | 'updated' | 'deleted') =>
	z.object({
		...base(),
		agentId: str,
		agentName: opt,
		agentPlatform: z.enum(['vg', 'vf']).optional(),
		operation: z.literal(operation),
	});

const organisationPayload = (operation: 'created' | 'updated' | 'deleted') =>
	z.object({
		...base(),
		organisationId: str,
		organisationName: opt,
		operation: z.literal(operation),
	});

const clientPayload = (operation: 'created' | 'updated' | 'deleted') =>
	z.object({
		...base(),
		organisationId: str,
		organisationName: opt,
		clientId: str,
		clientName: opt,
		clientEmail: opt,
		operation: z.literal(operation),
	});

export const EVENT_PAYLOAD_SCHEMAS = {
	message_received: lazy(() =>
		z.object({
			...base(),
			agentId: str,
			agentName: opt,
			convoId: str,
			messageContent: str,
			channel: z.enum(MESSAGE_CHANNELS),
			messageType: opt,
			from: opt,
		}),
	),
	conversation_updated: lazy(() =>
		z.object({
			...base(),
			agentId: str,
			agentName: opt,
			convoId: str,
			sessionId: opt,
			channel: opt,
			region: z.enum(['eu', 'na']).optional(),
			lightConvoData: z.record(z.unknown()),
			turns: z.array(z.unknown()),
			messagesHistory: z.array(z.unknown()).optional(),
			operation: z.literal('updated'),
		}),
	),
	chat_delegated: lazy(() =>
		z.object({
			...base(),
			agentId: str,
			agentName: opt,
			convoId: str,
			assignedToUserId: str,
			assignedToUserName: opt,
			assignedToUserEmail: opt,
			delegatedByUserId: opt,
			delegatedByUserName: opt,
			customerName: opt,
			customerEmail: opt,
			customerPhone: opt,
			channel: leadChannel,
			operation: z.literal('delegated'),
		}),
	),
	bug_reported: lazy(() =>
		z.object({
			...base(),
			agentId: str,
			agentName: opt,
			convoId: str,
			bugDescription: str,
			imageUrl: opt,
			reportedByUserId: opt,
			reportedByUserName: opt,
			reportedByUserEmail: opt,
			channel: leadChannel,
			operation: z.literal('reported'),
		}),
	),
	agent_created: lazy(() => agentPayload('created')),
	agent_updated: lazy(() => agentPayload('updated')),
	agent_deleted: lazy(() => agentPayload('deleted')),
	webhook_test: lazy(() => z.object({ ...base(), message: str })),
	lead_captured: lazy(() =>
		z.object({
			...base(),
			agentId: str,
			agentName: opt,
			leadName: opt,
			leadEmail: opt,
			leadPhone: opt,
			channel: leadChannel,
			operation: z.literal('captured'),
		}),
	),
	form_submitted: lazy(() =>
		z.object({
			...base(),
			agentId: str,
			agentName: opt,
			convoId: str,
			formType: z.enum(['ui_engine_form', 'ui_engine_input']),
			formData: z.record(z.unknown()),
			channel: leadChannel,
		}),
	),
	organisation_created: lazy(() => organisationPayload('created')),
	organisation_updated: lazy(() => organisationPayload('updated')),
	organisation_deleted: lazy(() => organisationPayload('deleted')),
	client_created: lazy(() => clientPayload('created')),
	client_updated: lazy(() => clientPayload('updated')),
	client_deleted: lazy(() => clientPayload('deleted')),
} as const;

export type EventType = keyof typeof EVENT_PAYLOAD_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_PAYLOAD_SCHEMAS) as EventType[];

export function isEventType(value: unknown): value is EventType {
	return (
		typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_PAYLOAD_SCHEMAS, value)
	);
}

/**
 * The delivery envelope: `type` a non-empty string, `payload` an object (not an array); other
 * top-level fields are ignored. The payload is checked per type after the secret is verified.
 */
export interface EventEnvelope {
	type: string;
	payload: Record<string, unknown>;
}

/**
 * The envelope of a parsed JSON body, or undefined. Checked by hand rather than with zod: it runs
 * on every delivery, and zod's copy of the payload was a fifth of the trigger's own cost per event.
 */
export function readEventEnvelope(value: unknown): EventEnvelope | undefined {
	if (!isJsonObject(value)) return undefined;
	const { type, payload } = value;
	if (typeof type !== 'string' || type.length === 0 || !isJsonObject(payload)) return undefined;
	return { type, payload };
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' &&
	value !== null &&
	!Array.isArray(value) &&
	!(value instanceof Uint8Array);
