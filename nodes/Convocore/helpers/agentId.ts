import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { AGENT_URL_PATTERN } from '../../shared/contracts/agent';

/** n8n anchors a validation regex at both ends: the whole URL must match, query string included. */
export const AGENT_URL_VALIDATION = `${AGENT_URL_PATTERN.source.replace(/^\^/, '')}(?:[/?#].*)?`;

/**
 * Reads a resource locator or plain text parameter as the ID it names, without judging it: a
 * string is trimmed, anything else (a number, null, an object from an expression) is handed on
 * as it is, so the operation's contract names the field and the rule instead of a crash.
 * A URL (By URL mode, which only the agent picker offers) is reduced to the agent ID; one that
 * does not match is refused (n8n checks a typed URL, but not one an expression produced).
 */
export function readIdParameter(ctx: IExecuteFunctions, name: string, itemIndex: number): unknown {
	let value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	let mode: unknown;
	if (isLocator(value)) {
		mode = value.mode;
		value = value.value;
	}
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (mode !== 'url') return text;
	const id = AGENT_URL_PATTERN.exec(text)?.[1];
	if (id) return id;
	throw new NodeOperationError(
		ctx.getNode(),
		`Invalid ${name} in item ${itemIndex}: not a Convocore URL that names one (e.g. https://app.convocore.ai/eu/prototype/<agentId>)`,
		{
			itemIndex,
		},
	);
}

/** The Agent ID of one item, from the text field (version 1) or the agent picker (version 2). */
export function readAgentId(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return readIdParameter(ctx, 'agentId', itemIndex);
}

function isLocator(value: unknown): value is { mode?: unknown; value?: unknown } {
	return typeof value === 'object' && value !== null && (value as { __rl?: unknown }).__rl === true;
}
