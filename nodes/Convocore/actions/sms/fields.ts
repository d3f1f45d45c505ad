import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { compact, parseJsonParameter } from '../operation';

/** Reading the SMS send fields that an expression may hand over in more than one shape. */

export function leadInfoFrom(raw: IDataObject | undefined): IDataObject | undefined {
	if (!raw || Object.keys(raw).length === 0) return undefined;
	const { extra, ...known } = raw;
	const fields = ((extra as IDataObject | undefined)?.field ?? []) as Array<{ name: string; value: string }>;
	const extras = Object.fromEntries(fields.filter((field) => field.name).map((field) => [field.name, field.value]));
	const leadInfo = { ...compact(known), ...extras };
	return Object.keys(leadInfo).length ? leadInfo : undefined;
}

/**
 * Media URLs as the field or an expression hands them over: a list (empty entries dropped) or a
 * single URL as text, which is one attachment. Anything else is left for the contract to refuse.
 */
export function readMediaUrls(value: unknown): unknown {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.filter((url) => url !== '');
	return value;
}

/** Agent Options: empty, or a JSON object. A list or a bare value would be silently lost, so it is refused. */
export function readAgentOptions(ctx: IExecuteFunctions, value: unknown, itemIndex: number): IDataObject | undefined {
	const parsed = parseJsonParameter(ctx, value, 'options.agentOptions', itemIndex);
	if (parsed === undefined || parsed === null) return undefined;
	if (typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid SMS request in item ${itemIndex}: options.agentOptions: must be a JSON object such as {"serverData": {…}}, or left empty`,
			{ itemIndex },
		);
	}
	return parsed as IDataObject;
}

/** Spaces, dashes, dots and brackets are how people write numbers; E.164 has none of them. */
export function normalizePhone(value: unknown): unknown {
	return typeof value === 'string' ? value.replace(/[\s\-.()]/g, '') : value;
}
