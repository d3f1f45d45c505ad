import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isSecretKey, REDACTED } from '../../shared/secrets';

/**
 * "Nothing the user sets is silently lost." Convocore's server drops a key its schema does not
 * list and still answers 200 (shared/spec/convocore-v3-published-contract.md), so "sent and
 * answered" does not prove "kept". Where Convocore answers a write with the record, the fields
 * the user set are compared with it, and each one that did not stick is named: in a `warnings`
 * list on the item and in an execution hint.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when `kept` holds what `sent` asked for: equal values, every key of a sent object (the
 * server may add its own), every entry of a sent list in order. Numbers sent as numbers and
 * answered as the same number in text count as kept.
 */
function holds(sent: unknown, kept: unknown, depth = 0): boolean {
	if (depth > 32) return true;
	if (isRecord(sent))
		return (
			isRecord(kept) &&
			Object.entries(sent).every(
				([key, value]) =>
					value === undefined || (key in kept && holds(value, kept[key], depth + 1)),
			)
		);
	if (Array.isArray(sent))
		return (
			Array.isArray(kept) &&
			kept.length === sent.length &&
			sent.every((entry, index) => holds(entry, kept[index], depth + 1))
		);
	if (typeof sent === 'number' && typeof kept === 'string')
		return kept.trim() !== '' && Number(kept) === sent;
	return Object.is(sent, kept) || (sent === null && kept === undefined);
}

/** Keys an answer carries that say nothing of the record: the envelope, and an ID on its own. */
const NOT_RECORD_KEYS = /^(success|message|code|status|ok|error|id|ID|_id|[a-z]+Id)$/;

/**
 * Whether `answer` is a record at all: an object with some key beyond the envelope's and an ID.
 * `{ success, message }` or `{ id }` says nothing of what was kept, so nothing is judged.
 */
function isWholeRecord(answer: unknown): answer is Record<string, unknown> {
	return isRecord(answer) && Object.keys(answer).some((key) => !NOT_RECORD_KEYS.test(key));
}

/**
 * The fields of `sent` that `record` does not hold. A secret field only needs to be present: the
 * server may answer it encrypted or masked. Nothing is judged when the answer is not a record.
 */
export function fieldsNotKept(sent: Record<string, unknown>, record: unknown): string[] {
	if (!isWholeRecord(record)) return [];
	return Object.entries(sent)
		.filter(([, value]) => value !== undefined)
		.filter(([field, value]) => {
			if (!(field in record)) return true;
			if (isSecretKey(field)) return false;
			return !holds(value, record[field]);
		})
		.map(([field]) => field);
}

/** The warning of one item: which fields did not stick, and what to make of it. */
export function notKeptWarning(what: string, fields: string[]): string {
	const list = fields.join(', ');
	return (
		`${what}: Convocore answered without ${fields.length > 1 ? 'these fields' : 'this field'} as set: ${list}. ` +
		`${fields.length > 1 ? 'They were' : 'It was'} probably dropped or changed by the server; check the record before relying on ${fields.length > 1 ? 'them' : 'it'}.`
	);
}

/**
 * Compares what was sent with the record answered and, for each field that did not stick, adds
 * a warning to `output` (a `warnings` list, kept if already there) and an execution hint naming
 * the item. Returns `output`, changed in place.
 */
export function checkWrite(
	ctx: IExecuteFunctions,
	output: IDataObject,
	{
		sent,
		record,
		itemIndex,
		what,
	}: { sent: Record<string, unknown>; record: unknown; itemIndex: number; what: string },
): IDataObject {
	const lost = fieldsNotKept(sent, record);
	if (lost.length === 0) return output;
	const warning = notKeptWarning(what, lost);
	const earlier = Array.isArray(output.warnings) ? (output.warnings as string[]) : [];
	output.warnings = [...earlier, warning];
	ctx.addExecutionHints({
		message: `Item ${itemIndex}: ${warning}`,
		type: 'warning',
		location: 'outputPane',
	});
	return output;
}

/**
 * What a variable write is judged on: every field set, but an Is Env variable's value only by
 * its presence (Convocore may answer a secret value hidden, and the output never shows it), and
 * a value the transport redacted from the answer (it may be Is Env: nodes/shared/secrets) only
 * by its presence too.
 */
export function checkedVariableFields(
	variable: Record<string, unknown>,
	record: Record<string, unknown> = {},
): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(variable).filter(
			([field]) =>
				!(
					(variable.isEnv === true && field === 'value') ||
					(record[field] === REDACTED && field in record)
				),
		),
	);
}

/**
 * What a knowledge-base document write is judged on: the document's own settings. Its source
 * (content, urls, sitemapUrl, maxPages, scrapeContent, url) is what Convocore fetches and
 * processes, and may be left out of its answer.
 */
export function checkedDocumentFields(document: Record<string, unknown>): Record<string, unknown> {
	const own = new Set(['name', 'metadata', 'tags', 'refreshRate']);
	return Object.fromEntries(Object.entries(document).filter(([field]) => own.has(field)));
}

/** `sent` without `fields`: what a write is judged on when those are consumed, not stored (a campaign's new metrics). */
export function withoutFields(
	sent: Record<string, unknown>,
	fields: readonly string[],
): Record<string, unknown> {
	return Object.fromEntries(Object.entries(sent).filter(([field]) => !fields.includes(field)));
}
