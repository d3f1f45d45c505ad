import type { IDataObject } from 'n8n-workflow';
import { describeIssues } from '../shared/contracts/common';
import {
	EVENT_PAYLOAD_SCHEMAS,
	isEventType,
	type EventEnvelope,
	type EventType,
} from '../shared/contracts/events';
import { compilePredicate, type Predicate } from '../shared/contracts/predicate';
import { redactSecret, setOwn } from './redaction';

/** The one item the trigger emits for an accepted event, marked when it is off-contract. */

/** Key set on an emitted item whose payload is not the documented shape of its type. */
export const VALIDATION_KEY = '_validation';

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
