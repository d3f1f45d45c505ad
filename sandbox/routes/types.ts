import type { Caller } from '../server/auth';
import type { EventType } from '../../nodes/shared/contracts/events';
import type { PlacedCall, SandboxState, SenderMode } from '../domain/state';
import type { SandboxRegion } from '../domain/records';

/** An SMS the sandbox "sent": what a test asserts on instead of a real handset. */
export interface SentSms {
	messageSid: string;
	agentId: string;
	from: string;
	to: string;
	body: string;
	/** Media go with the first segment only. */
	mediaUrls: string[];
	convoId: string;
	segmentIndex: number;
	at: number;
	senderMode: SenderMode;
	mode: 'direct' | 'agent';
	campaignId?: string;
	statusCallbackUrl?: string;
	smartEncoded?: boolean;
	sendViaEdge?: boolean;
	/** messagingServiceSid / validityPeriod / provideFeedback, honoured in own-account mode only. */
	ownAccountOptions?: {
		messagingServiceSid?: string;
		validityPeriod?: number;
		provideFeedback?: boolean;
	};
	/** Own-account-only options that were given but ignored because the number is a platform rental. */
	ignoredOptions?: string[];
}

export interface RouteContext {
	method: string;
	region: SandboxRegion;
	/** Path relative to /v3, as received (still URL-encoded). */
	path: string;
	/** Decoded path parameters. */
	params: Record<string, string>;
	query: Record<string, string>;
	body: unknown;
	caller: Caller;
	state: SandboxState;
	/** The sandbox root, e.g. http://127.0.0.1:4010 (previews live here). */
	serverUrl: string;
	/** The region's base, e.g. http://127.0.0.1:4010/eu/v3. */
	baseUrl: string;
	recordSms(sms: SentSms): void;
	recordCall(call: PlacedCall): void;
	/** Posts an event to the registered receiver, if any, without holding up the answer. */
	emitEvent(type: EventType, payload: Record<string, unknown>): void;
}

export interface RouteResult {
	status?: number;
	body: unknown;
	headers?: Record<string, string>;
}

export interface Route {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** Relative to /v3; `:name` segments are parameters. */
	pattern: string;
	handler(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}
