import { createHash, timingSafeEqual } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { describeIssues } from '../shared/contracts/common';
import {
	EVENT_PAYLOAD_SCHEMAS,
	eventEnvelopeSchema,
	isEventType,
	type EventEnvelope,
} from '../shared/contracts/events';
import { ALL_EVENTS } from './eventOptions';

/**
 * Everything the trigger decides about one delivery, with no n8n context: the node reads the
 * request and its parameters, calls decideDelivery() and carries the decision out.
 *
 * Order of the checks (each stops at the first failure, nothing runs before all pass):
 *   1. the body is a JSON envelope `{ type: string, payload: object }`   else 400
 *   2. payload.workspaceSecret equals the credential's secret             else 401
 *   3. replay guard, when on: createdAt is recent and not in the future   else 401
 *   4. the type is one the node listens to                                else 200, no run
 * Then exactly one item is emitted.
 */

/** Key set on an emitted item whose payload is not the documented shape of its type. */
export const VALIDATION_KEY = '_validation';
/** What any other occurrence of the secret inside an emitted item is replaced with. */
export const REDACTED = '[redacted]';

export interface ReplayGuard {
	/** Refuse events whose createdAt is more than this many seconds in the past. */
	maxAgeSeconds: number;
	/** Refuse events whose createdAt is more than this many seconds in the future. */
	clockSkewSeconds: number;
}

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

export type DeliveryDecision =
	| { kind: 'reject'; status: 400 | 401; message: string }
	| { kind: 'ignore'; status: 200; message: string }
	| { kind: 'emit'; item: IDataObject };

const reject = (status: 400 | 401, message: string): DeliveryDecision => ({
	kind: 'reject',
	status,
	message,
});

/**
 * Compares two secrets in constant time. Both are hashed first, so the comparison always runs
 * over two 32-byte digests and a length difference shows in neither the timing nor an exception.
 * The strings are hashed as UTF-16 code units, which is lossless for any JavaScript string (UTF-8
 * would map distinct lone surrogates to the same replacement character).
 */
export function secretsMatch(received: string, expected: string): boolean {
	const digest = (value: string) => createHash('sha256').update(Buffer.from(value, 'utf16le')).digest();
	return timingSafeEqual(digest(received), digest(expected));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

function tryJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * Finds the `{ type, payload }` envelope. n8n has already parsed an application/json body; for
 * any other content type the body is a string, a form object or empty, so the raw bytes are
 * parsed as JSON as a fallback.
 */
export function readEnvelope(body: unknown, rawBody: unknown): EventEnvelope | undefined {
	const candidates: unknown[] = [];
	candidates.push(typeof body === 'string' ? tryJson(body) : body);
	if (Buffer.isBuffer(rawBody) && rawBody.length > 0) {
		candidates.push(tryJson(rawBody.toString('utf8')));
	} else if (typeof rawBody === 'string' && rawBody.length > 0) {
		candidates.push(tryJson(rawBody));
	}
	for (const candidate of candidates) {
		if (!isPlainObject(candidate)) continue;
		const parsed = eventEnvelopeSchema.safeParse(candidate);
		if (parsed.success) return parsed.data;
	}
	return undefined;
}

/** Sets an own property, also for the key "__proto__", which plain assignment would not. */
function defineOwn(target: object, key: string, value: unknown): void {
	Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Deep copy of JSON-like data in which every occurrence of `secret`, in values and in keys, is
 * replaced by REDACTED. Iterative, so deeply nested payloads cannot overflow the stack.
 */
export function redactSecret<T>(root: T, secret: string): T {
	const scrub = (text: string) => (secret.length > 0 && text.includes(secret) ? text.split(secret).join(REDACTED) : text);
	if (typeof root === 'string') return scrub(root) as T;
	if (typeof root !== 'object' || root === null) return root;

	const copies = new WeakMap<object, object>();
	const copyOf = (source: object): object => {
		const existing = copies.get(source);
		if (existing) return existing;
		const fresh = Array.isArray(source) ? [] : {};
		copies.set(source, fresh);
		pending.push([source, fresh]);
		return fresh;
	};
	const pending: Array<[object, object]> = [];
	const result = copyOf(root);
	while (pending.length > 0) {
		const [source, target] = pending.pop() as [object, object];
		const isArray = Array.isArray(source);
		for (const key of Object.keys(source)) {
			const value = (source as Record<string, unknown>)[key];
			let copy: unknown = value;
			if (typeof value === 'string') copy = scrub(value);
			else if (typeof value === 'object' && value !== null) copy = copyOf(value);
			defineOwn(target, isArray ? key : scrub(key), copy);
		}
	}
	return result as T;
}

function checkFreshness(payload: Record<string, unknown>, guard: ReplayGuard, now: number): string | undefined {
	const createdAt = payload.createdAt;
	if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) {
		return 'Unauthorized: the replay guard is on and payload.createdAt is missing or not a number (milliseconds since the epoch)';
	}
	if (now - createdAt > guard.maxAgeSeconds * 1000) {
		return `Unauthorized: the event is older than the ${guard.maxAgeSeconds} seconds the replay guard allows (createdAt must be in milliseconds)`;
	}
	if (createdAt - now > guard.clockSkewSeconds * 1000) {
		return `Unauthorized: createdAt is more than ${guard.clockSkewSeconds} seconds in the future`;
	}
	return undefined;
}

/** Builds the one item of an event: `{ event, ...payload }` without the secret, marked when off-contract. */
export function buildItem(envelope: EventEnvelope, secret: string): IDataObject {
	const { type, payload } = envelope;
	const item: Record<string, unknown> = {};
	const issues: string[] = [];
	let knownType = true;

	if (isEventType(type)) {
		const checked = EVENT_PAYLOAD_SCHEMAS[type].safeParse(payload);
		if (!checked.success) issues.push(...describeIssues(checked.error));
	} else {
		knownType = false;
		issues.push(`"${type}" is not an event type documented by Convocore, so its payload was not checked`);
	}

	for (const key of Object.keys(payload)) {
		if (key === 'workspaceSecret') continue;
		defineOwn(item, key, payload[key]);
	}

	// The trigger's own keys win; a payload field they would hide is kept and reported.
	const shadowed: Record<string, unknown> = {};
	for (const reserved of ['event', VALIDATION_KEY]) {
		if (Object.prototype.hasOwnProperty.call(item, reserved)) {
			defineOwn(shadowed, reserved, item[reserved]);
			delete item[reserved];
			issues.push(`${reserved}: the payload has a field "${reserved}", which this trigger's output uses; its value is in ${VALIDATION_KEY}.shadowed.${reserved}`);
		}
	}

	const result: Record<string, unknown> = { event: type };
	for (const key of Object.keys(item)) defineOwn(result, key, item[key]);
	if (issues.length > 0) {
		const validation: Record<string, unknown> = { valid: false, knownType, issues };
		if (Object.keys(shadowed).length > 0) validation.shadowed = shadowed;
		result[VALIDATION_KEY] = validation;
	}
	return redactSecret(result, secret) as IDataObject;
}

export function decideDelivery(body: unknown, rawBody: unknown, settings: DeliverySettings): DeliveryDecision {
	const envelope = readEnvelope(body, rawBody);
	if (!envelope) {
		return reject(400, 'Bad request: the body must be a JSON object { "type": string, "payload": object }');
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
		return reject(401, "Unauthorized: payload.workspaceSecret does not match this trigger's workspace secret");
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

	return { kind: 'emit', item: buildItem(envelope, settings.secret) };
}
