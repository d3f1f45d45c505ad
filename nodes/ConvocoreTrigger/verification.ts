import { timingSafeEqual } from 'crypto';
import { readEventEnvelope, type EventEnvelope } from '../shared/contracts/events';

/**
 * The checks of a delivery before anything is emitted (decideDelivery in delivery.ts runs them in
 * order): its size and depth, its `{ type, payload }` envelope, the workspace secret in constant
 * time, and the replay guard.
 */

/**
 * Bounds no real event reaches (the largest, conversation_updated with a long history, is tens of
 * KB and about ten levels deep), and far below what breaks n8n: its deep copy of an item overflows
 * the stack at ~10,000 levels.
 */
export const MAX_DEPTH = 100;
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface ReplayGuard {
	/** Refuse events whose createdAt is more than this many seconds in the past. */
	maxAgeSeconds: number;
	/** Refuse events whose createdAt is more than this many seconds in the future. */
	clockSkewSeconds: number;
}

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
export function rawLength(rawBody: unknown): number {
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
export function collectLongStrings(
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

/** Why the replay guard refuses the event (createdAt too old, in the future or missing), if it does. */
export function checkFreshness(
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
