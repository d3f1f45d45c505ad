/**
 * Stored parameter values that need no expression engine. n8n's getNodeParameter resolves a
 * stored value through its expression engine (a data proxy and a date-time context for each
 * expression) and checks it against the node's description; a value that holds no expression
 * comes back from it as a copy of itself, and the check changes only fields with a validateType,
 * a resource mapper or a filter, which these nodes do not have. So a stored value without any
 * expression (a scalar, or one level of scalars: a multi-option list, a collection of plain
 * fields) can be copied instead, at a fraction of the CPU (issue 17). Read it raw with
 * `{ rawExpressions: true }`, then plainCopy; NOT_PLAIN means: read it in full.
 */

export const NOT_PLAIN = Symbol('not plain');

function isPlainScalar(value: unknown): boolean {
	if (typeof value === 'string') return !value.startsWith('=');
	return value === null || typeof value === 'number' || typeof value === 'boolean';
}

/** A copy of a stored value with no expression in it (a scalar, or one level of scalars), else NOT_PLAIN. */
export function plainCopy(value: unknown): unknown {
	if (value === undefined || isPlainScalar(value)) return value;
	if (Array.isArray(value)) return value.every(isPlainScalar) ? value.slice() : NOT_PLAIN;
	if (typeof value !== 'object') return NOT_PLAIN;
	const copy: Record<string, unknown> = {};
	for (const key of Object.keys(value as object)) {
		const entry = (value as Record<string, unknown>)[key];
		if (!isPlainScalar(entry)) return NOT_PLAIN;
		copy[key] = entry;
	}
	return copy;
}
