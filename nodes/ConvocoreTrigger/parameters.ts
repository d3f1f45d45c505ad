import type { IGetNodeParameterOptions } from 'n8n-workflow';
import { NOT_PLAIN, plainCopy } from '../shared/plainParameters';

/**
 * The trigger's parameter reads per event: the same answers as n8n's getNodeParameter, without
 * its expression engine when the stored value holds no expression (../shared/plainParameters.ts).
 * Issue 17: webhook() within 1.3× of a trigger that only reads its credential and parameters; two
 * full reads were a fifth of an event.
 */

interface ParameterReader {
	getNodeParameter(name: string, fallback?: unknown, options?: IGetNodeParameterOptions): unknown;
}

export function readParameter(ctx: ParameterReader, name: string, fallback: unknown): unknown {
	const plain = plainCopy(ctx.getNodeParameter(name, fallback, { rawExpressions: true }));
	return plain === NOT_PLAIN ? ctx.getNodeParameter(name, fallback) : plain;
}
