import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { parseJsonParameter } from './parameters';
/**
 * The one reader of every field that holds an object (Agent Options, Lead Info, a call's JSON
 * options, a lead's Metadata, Additional Body Fields) or a list (a call's Messages History, …),
 * however the value arrives: typed in the field, from an expression, or from imported JSON.
 *
 * - Nothing, empty text, `{}` (or `[]` for a list): not given, nothing of it is sent.
 * - JSON text: parsed, then read by the same rules.
 * - `null`, the other shape, a number, a boolean or text: refused before anything is sent,
 *   naming the field and what came. `null` is refused rather than read as "empty": it is what an
 *   expression gives when the data it points at is missing, and sending without it (an SMS
 *   without the serverData that was meant to personalise it) would be a silent guess.
 */
export type JsonFieldShape = 'object' | 'list';

/** What a value is, in the words of an error message. */
function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return value.length ? 'a list' : 'an empty list';
	if (typeof value === 'string') return 'text';
	return `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refused(
	ctx: IExecuteFunctions,
	field: string,
	itemIndex: number,
	shape: JsonFieldShape,
	value: unknown,
	fromJsonText: boolean,
): NodeOperationError {
	const expected =
		shape === 'object'
			? 'a JSON object, e.g. {"key": "value"}'
			: 'a JSON list, e.g. [{"key": "value"}]';
	const got = `${fromJsonText ? 'JSON text holding ' : ''}${describeValue(value)}`;
	return new NodeOperationError(
		ctx.getNode(),
		`Invalid input in item ${itemIndex}: ${field}: must be ${expected}, or left empty (got ${got})`,
		{
			itemIndex,
			description:
				`Leave the field empty to send nothing for it. ${value === null ? 'null usually means an expression found no data where some was expected.' : ''}`.trim(),
		},
	);
}

export function readJsonField(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
	shape: 'object',
): IDataObject | undefined;
export function readJsonField(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
	shape: 'list',
): unknown[] | undefined;
export function readJsonField(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
	shape: JsonFieldShape,
): IDataObject | unknown[] | undefined {
	if (value === undefined) return undefined;
	const fromJsonText = typeof value === 'string';
	const parsed = parseJsonParameter(ctx, value, field, itemIndex);
	if (parsed === undefined) return undefined;
	if (shape === 'object' && isPlainObject(parsed))
		return Object.keys(parsed).length ? parsed : undefined;
	if (shape === 'list' && Array.isArray(parsed)) return parsed.length ? parsed : undefined;
	throw refused(ctx, field, itemIndex, shape, parsed, fromJsonText);
}
