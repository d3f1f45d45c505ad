import { timingSafeEqual } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { describeIssues } from '../shared/contracts/common';
import {
	EVENT_PAYLOAD_SCHEMAS,
	isEventType,
	readEventEnvelope,
	type EventEnvelope,
	type EventType,
} from '../shared/contracts/events';
import { compilePredicate, type Predicate } from '../shared/contracts/predicate';
import { REDACTED } from '../shared/secrets';
import { ALL_EVENTS } from './eventOptions';

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

/** Key set on an emitted item whose payload is not the documented shape of its type. */
export const VALIDATION_KEY = '_validation';

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

/**
 * Bounds no real event reaches (the largest, conversation_updated with a long history, is tens of
 * KB and about ten levels deep), and far below what breaks n8n: its deep copy of an item overflows
 * the stack at ~10,000 levels.
 */
export const MAX_DEPTH = 100;
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

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

/**
 * Compares two secrets in constant time, as UTF-16 code units (lossless for any JavaScript string;
 * UTF-8 would map distinct lone surrogates to the same replacement character). The comparison
 * always runs over the expected secret's bytes: a received value of another length is not
 * compared (it cannot match) but the expected bytes are compared with themselves instead, so a
 * length difference shows in neither the timing nor an exception. No hashing: that was a tenth
 * of the trigger's time per event.
 */
export function secretsMatch(received: string, expected: string): boolean {
	const { units, scratch } = unitsOfExpected(expected);
	const sameLength = received.length === expected.length;
	// The received units are written into a buffer kept with the expected ones (no allocation per
	// event: it was a fifth of the check); a value of another length is not written at all.
	if (sameLength) scratch.write(received, 0, 'utf16le');
	return timingSafeEqual(sameLength ? scratch : units, units) && sameLength;
}

/** The configured secret changes only when the credential does: its bytes are built once. */
let lastExpected: { secret: string; units: Buffer; scratch: Buffer } | undefined;
function unitsOfExpected(secret: string): { units: Buffer; scratch: Buffer } {
	if (lastExpected?.secret !== secret) {
		const units = Buffer.from(secret, 'utf16le');
		lastExpected = { secret, units, scratch: Buffer.alloc(units.length) };
	}
	return lastExpected;
}

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
	// The raw bytes are parsed only when n8n's body is no envelope: parsing them again for every
	// JSON delivery doubled the cost of the common case.
	const fromBody = readEventEnvelope(typeof body === 'string' ? tryJson(body) : body);
	if (fromBody) return fromBody;
	if (Buffer.isBuffer(rawBody) && rawBody.length > 0)
		return readEventEnvelope(tryJson(rawBody.toString('utf8')));
	if (typeof rawBody === 'string' && rawBody.length > 0) return readEventEnvelope(tryJson(rawBody));
	return undefined;
}

/** Byte length of the raw body as received, when n8n kept it. */
function rawLength(rawBody: unknown): number {
	if (Buffer.isBuffer(rawBody)) return rawBody.length;
	return typeof rawBody === 'string' ? Buffer.byteLength(rawBody) : 0;
}

/**
 * One walk over the envelope before the secret check: false when it nests deeper than
 * `depthLeft` levels, else every string (value or key) at least `minLength` long, collected into
 * `candidates`. It looks at lengths only, never at the secret's content: anything that compares
 * against the secret before the constant-time comparison (a search with `includes` stops at the
 * first differing character) tells a caller how many leading characters they guessed right.
 * Recursive (faster than an explicit stack here): the depth is bounded, and the walk stops as
 * soon as the bound is reached.
 */
function collectLongStrings(
	value: unknown,
	minLength: number,
	depthLeft: number,
	candidates: string[],
): boolean {
	if (typeof value === 'string') {
		// Most values and keys are shorter than the secret, so cannot hold it.
		if (value.length >= minLength) candidates.push(value);
		return true;
	}
	if (typeof value !== 'object' || value === null) return true;
	if (depthLeft === 0) return false;
	if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i++) {
			if (!collectLongStrings(value[i], minLength, depthLeft - 1, candidates)) return false;
		}
		return true;
	}
	for (const key in value) {
		if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
		if (key.length >= minLength) candidates.push(key);
		if (
			!collectLongStrings(
				(value as Record<string, unknown>)[key],
				minLength,
				depthLeft - 1,
				candidates,
			)
		)
			return false;
	}
	return true;
}

/** How many of the strings hold the secret; run only once the secret has matched. */
function countSecretHits(candidates: readonly string[], secret: string): number {
	let hits = 0;
	for (const text of candidates) if (text.includes(secret)) hits++;
	return hits;
}

/** Sets an own property, also for the key "__proto__", which plain assignment would not. */
function defineOwn(target: object, key: string, value: unknown): void {
	Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true,
	});
}

/** defineOwn, by plain assignment (many times faster) for every key but "__proto__". */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
	if (key === '__proto__') defineOwn(target, key, value);
	else target[key] = value;
}

/**
 * Deep copy of JSON-like data in which every occurrence of `secret`, in values and in keys, is
 * replaced by REDACTED. Iterative, so deeply nested payloads cannot overflow the stack.
 */
export function redactSecret<T>(root: T, secret: string): T {
	const scrub = (text: string) =>
		secret.length > 0 && text.includes(secret) ? text.split(secret).join(REDACTED) : text;
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
			setOwn(target as Record<string, unknown>, isArray ? key : scrub(key), copy);
		}
	}
	return result as T;
}

function checkFreshness(
	payload: Record<string, unknown>,
	guard: ReplayGuard,
	now: number,
): string | undefined {
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

const payloadPredicates = new Map<EventType, Predicate | undefined>();

/** Whether the payload is the documented shape of its type, without zod's parsed copy. */
function payloadMatches(type: EventType, payload: unknown): boolean {
	if (!payloadPredicates.has(type))
		payloadPredicates.set(type, compilePredicate(EVENT_PAYLOAD_SCHEMAS[type]));
	const predicate = payloadPredicates.get(type);
	return predicate ? predicate(payload) : false;
}

/**
 * Builds the one item of an event: `{ event, ...payload }` without the secret, marked when
 * off-contract. `holdsSecretElsewhere` false (from countSecretHits, after the match) skips the redacted deep copy.
 */
export function buildItem(
	envelope: EventEnvelope,
	secret: string,
	holdsSecretElsewhere = true,
): IDataObject {
	const { type, payload } = envelope;
	const issues: string[] = [];
	let knownType = true;

	if (isEventType(type)) {
		// zod runs only when the plain predicate says no, for its messages.
		if (!payloadMatches(type, payload)) {
			const checked = EVENT_PAYLOAD_SCHEMAS[type].safeParse(payload);
			if (!checked.success) issues.push(...describeIssues(checked.error));
		}
	} else {
		knownType = false;
		issues.push(
			`"${type}" is not an event type documented by Convocore, so its payload was not checked`,
		);
	}

	// The trigger's own keys win; a payload field they would hide is kept and reported.
	const shadowed: Record<string, unknown> = {};
	for (const reserved of ['event', VALIDATION_KEY]) {
		if (Object.prototype.hasOwnProperty.call(payload, reserved)) {
			setOwn(shadowed, reserved, payload[reserved]);
			issues.push(
				`${reserved}: the payload has a field "${reserved}", which this trigger's output uses; its value is in ${VALIDATION_KEY}.shadowed.${reserved}`,
			);
		}
	}

	const result: Record<string, unknown> = { event: type };
	for (const key of Object.keys(payload)) {
		if (key === 'workspaceSecret' || key === 'event' || key === VALIDATION_KEY) continue;
		setOwn(result, key, payload[key]);
	}
	if (issues.length > 0) {
		const validation: Record<string, unknown> = { valid: false, knownType, issues };
		if (Object.keys(shadowed).length > 0) validation.shadowed = shadowed;
		result[VALIDATION_KEY] = validation;
	}
	// Validation issues may quote a received value, and that value may be the secret.
	return (
		holdsSecretElsewhere || issues.length > 0 ? redactSecret(result, secret) : result
	) as IDataObject;
}

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
