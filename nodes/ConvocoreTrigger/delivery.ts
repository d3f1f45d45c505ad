import type { IDataObject } from 'n8n-workflow';
import { ALL_EVENTS } from './eventOptions';
import { buildItem } from './emission';
import { countSecretHits, redactSecret } from './redaction';
import {
	checkFreshness,
	collectLongStrings,
	MAX_BODY_BYTES,
	MAX_DEPTH,
	rawLength,
	readEnvelope,
	secretsMatch,
	type ReplayGuard,
} from './verification';

/**
 * Everything the trigger decides about one delivery, with no n8n context: the node reads the
 * request and its parameters, calls decideDelivery() and carries the decision out.
 *
 * Order of the checks (each stops at the first failure, nothing runs before all pass):
 *   0. the raw body is at most MAX_BODY_BYTES                             else 413
 *   1. the body is a JSON envelope `{ type: string, payload: object }`,
 *      nested at most MAX_DEPTH levels                                     else 400
 *   2. payload.workspaceSecret equals the credential's secret             else 401
 *      (in constant time; nothing before it reads the secret's content, and the
 *      redaction that searches for the secret runs only after a match)
 *   3. replay guard, when on: createdAt is recent and not in the future   else 401
 *   4. the type is one the node listens to                                else 200, no run
 * Then exactly one item is emitted.
 */

export interface DeliverySettings {
	/** The credential's secret key; must be the workspace secret. */
	secret: string;
	/** Event types to run the workflow for; '*' means every type. */
	events: string[];
	/** Replay guard, or undefined when off. */
	replayGuard?: ReplayGuard;
	/** Current time in milliseconds since the epoch. */
	now: number;
}

type RejectStatus = 400 | 401 | 413;

export type DeliveryDecision =
	| { kind: 'reject'; status: RejectStatus; message: string }
	| { kind: 'ignore'; status: 200; message: string }
	| { kind: 'emit'; item: IDataObject };

const reject = (status: RejectStatus, message: string): DeliveryDecision => ({
	kind: 'reject',
	status,
	message,
});

export function decideDelivery(
	body: unknown,
	rawBody: unknown,
	settings: DeliverySettings,
): DeliveryDecision {
	if (rawLength(rawBody) > MAX_BODY_BYTES) {
		return reject(413, `Payload too large: an event is at most ${MAX_BODY_BYTES / 1024 / 1024} MB`);
	}
	const envelope = readEnvelope(body, rawBody);
	if (!envelope) {
		return reject(
			400,
			'Bad request: the body must be a JSON object { "type": string, "payload": object }',
		);
	}
	const longStrings: string[] = [];
	if (!collectLongStrings(envelope, settings.secret.length, MAX_DEPTH, longStrings)) {
		return reject(
			400,
			`Bad request: the body is nested deeper than ${MAX_DEPTH} levels, which no Convocore event is`,
		);
	}

	const received = envelope.payload.workspaceSecret;
	if (received === undefined) {
		return reject(401, 'Unauthorized: payload.workspaceSecret is missing');
	}
	if (typeof received !== 'string') {
		return reject(401, 'Unauthorized: payload.workspaceSecret must be a string');
	}
	// An empty configured secret would accept an empty received one: refuse everything instead.
	if (settings.secret.length === 0 || !secretsMatch(received, settings.secret)) {
		return reject(
			401,
			"Unauthorized: payload.workspaceSecret does not match this trigger's workspace secret",
		);
	}

	if (settings.replayGuard) {
		const stale = checkFreshness(envelope.payload, settings.replayGuard, settings.now);
		if (stale) return reject(401, stale);
	}

	const listensToAll = settings.events.includes(ALL_EVENTS);
	if (!listensToAll && !settings.events.includes(envelope.type)) {
		// Only reached by authenticated callers, so naming the type leaks nothing.
		const shown = redactSecret(envelope.type, settings.secret).slice(0, 100);
		return {
			kind: 'ignore',
			status: 200,
			message: `Event type "${shown}" is not selected in this trigger; ignored`,
		};
	}

	// payload.workspaceSecret, which matched, is one hit and is left out of the item.
	return {
		kind: 'emit',
		item: buildItem(envelope, settings.secret, countSecretHits(longStrings, settings.secret) > 1),
	};
}
