import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../helpers/parameters';

/** Reading the SMS send fields that an expression may hand over in more than one shape. */

export function leadInfoFrom(raw: IDataObject | undefined): IDataObject | undefined {
	if (!raw || Object.keys(raw).length === 0) return undefined;
	const { extra, ...known } = raw;
	const fields = ((extra as IDataObject | undefined)?.field ?? []) as Array<{
		name: string;
		value: string;
	}>;
	const extras = Object.fromEntries(
		fields.filter((field) => field.name).map((field) => [field.name, field.value]),
	);
	const leadInfo = { ...compact(known), ...extras };
	return Object.keys(leadInfo).length ? leadInfo : undefined;
}

/**
 * Media URLs as the field or an expression hands them over: a list (empty entries dropped) or a
 * single URL as text, which is one attachment (the field's hint says so). Surrounding spaces
 * are dropped. Anything else, null included, is left for the contract to refuse by name.
 */
export function readMediaUrls(value: unknown): unknown {
	const trim = (entry: unknown) => (typeof entry === 'string' ? entry.trim() : entry);
	if (value === undefined || trim(value) === '') return undefined;
	if (typeof value === 'string') return [value.trim()];
	if (Array.isArray(value)) return value.map(trim).filter((url) => url !== '');
	return value;
}
