import type { IDataObject } from 'n8n-workflow';

/**
 * Spaces, dashes, dots and brackets are how people write numbers; E.164 has none of them. Any
 * other value (an expression may hand over any JSON value) is left for the contract to refuse.
 */
export function normalizePhone(value: unknown): IDataObject[string] {
	return (
		typeof value === 'string' ? value.replace(/[\s\-.()]/g, '') : value
	) as IDataObject[string];
}
