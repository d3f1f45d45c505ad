import type { IExecuteFunctions, IGetNodeParameterOptions, INodeExecutionData } from 'n8n-workflow';
import { NOT_PLAIN, plainCopy } from '../../shared/plainParameters';

/**
 * Parameter reads for `prepare`, with the same answers as n8n's getNodeParameter at less CPU per
 * item (issue 17: CPU per item no more than the HTTP Request node's). A full read resolves the
 * value through n8n's expression engine and checks it against the node's description: each
 * expression builds a data proxy and a date-time context (most of an item's CPU in a profile),
 * and the check scans the node's properties. Two kinds of values need neither:
 *   - a stored value with no expression in it (../../shared/plainParameters.ts): a copy of it;
 *   - a reference to one field of the item, `={{ $json.name }}`, the way a workflow maps input
 *     fields: its value is that field of the item (`$json` is the item's json). Only when the
 *     field holds a string, number or boolean; anything else (an object, a missing field, an
 *     expression that does more) goes through n8n's engine as before.
 */

/** `={{ $json.name }}` and nothing else: a dotted name, no call, no operator, no extension. */
const FIELD_REFERENCE = /^=\{\{\s*\$json\.([A-Za-z_$][\w$]*)\s*\}\}$/;

type GetNodeParameter = (
	name: string,
	itemIndex: number,
	fallback?: unknown,
	options?: IGetNodeParameterOptions,
) => unknown;

/** `ctx` with the quicker getNodeParameter above; everything else is ctx's own. */
export function withQuickParameterReads(ctx: IExecuteFunctions): IExecuteFunctions {
	const read = ctx.getNodeParameter.bind(ctx) as GetNodeParameter;
	const items: INodeExecutionData[] = ctx.getInputData();
	/** Expression text → the field it references, or null when it is more than a reference. */
	const references = new Map<string, string | null>();

	const getNodeParameter: GetNodeParameter = (name, itemIndex, fallback, options) => {
		if (options !== undefined) return read(name, itemIndex, fallback, options);
		const raw = read(name, itemIndex, fallback, { rawExpressions: true });
		const plain = plainCopy(raw);
		if (plain !== NOT_PLAIN) return plain;
		if (typeof raw === 'string') {
			let field = references.get(raw);
			if (field === undefined) {
				field = FIELD_REFERENCE.exec(raw)?.[1] ?? null;
				references.set(raw, field);
			}
			if (field !== null) {
				const json = items[itemIndex]?.json;
				const value =
					json && Object.prototype.hasOwnProperty.call(json, field) ? json[field] : undefined;
				if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
					return value;
			}
		}
		return read(name, itemIndex, fallback);
	};
	return Object.create(ctx, { getNodeParameter: { value: getNodeParameter } }) as IExecuteFunctions;
}
