import type { IGetNodeParameterOptions } from 'n8n-workflow';

/**
 * The trigger's parameter reads per event, with the same answers as n8n's getNodeParameter at a
 * fraction of its CPU (issue 17: webhook() within 1.3× of a trigger that only reads its credential
 * and parameters; two full reads were a fifth of an event). A full read resolves the stored value
 * through n8n's expression engine and checks it against the node's description; a value that
 * holds no expression comes back from it as a copy of itself, and the check changes only fields
 * with a validateType (the trigger has none). So a stored value without any expression is copied
 * here; anything else (an expression anywhere, a nested object) takes the full read.
 */

interface ParameterReader {
	getNodeParameter(name: string, fallback?: unknown, options?: IGetNodeParameterOptions): unknown;
}

const NOT_PLAIN = Symbol('not plain');

function isPlainScalar(value: unknown): boolean {
	if (typeof value === 'string') return !value.startsWith('=');
	return value === null || typeof value === 'number' || typeof value === 'boolean';
}

/** A copy of a value with no expression in it (a scalar, or one level of scalars), else NOT_PLAIN. */
function plainCopy(value: unknown): unknown {
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

export function readParameter(ctx: ParameterReader, name: string, fallback: unknown): unknown {
	const plain = plainCopy(ctx.getNodeParameter(name, fallback, { rawExpressions: true }));
	return plain === NOT_PLAIN ? ctx.getNodeParameter(name, fallback) : plain;
}
