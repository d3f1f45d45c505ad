import type { INode, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

/**
 * Every secret the node knows (the credential's key, tokens inside Agent Options, the telephony
 * auth token) is kept out of everything the node hands on: texts that came from the network
 * (a server or proxy may echo the Bearer header), output items, and the copy of the node that
 * every error carries.
 */

export const REDACTED = '[redacted]';

/** Field names that hold a secret wherever they appear (`twilioAuthToken`, `secretKey`, …). */
const SECRET_KEY_PATTERN = /token|secret|password|api_?key/i;

/** Shorter values are too likely to occur in ordinary text to be replaced everywhere. */
const MIN_SECRET_LENGTH = 6;

export function isSecretKey(key: string): boolean {
	return SECRET_KEY_PATTERN.test(key);
}

/** The string values stored under secret-named keys anywhere in `value`. */
export function secretsIn(value: unknown, found: Set<string> = new Set(), depth = 0): Set<string> {
	if (depth > 20 || value === null || typeof value !== 'object') return found;
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		if (typeof entry === 'string' && isSecretKey(key)) addSecret(found, entry);
		else secretsIn(entry, found, depth + 1);
	}
	return found;
}

export function addSecret(secrets: Set<string>, value: unknown): void {
	if (typeof value === 'string' && value.trim().length >= MIN_SECRET_LENGTH) secrets.add(value.trim());
}

/** `text` with every occurrence of every secret replaced. */
export function redactText(text: string, secrets: Iterable<string>): string {
	let result = text;
	for (const secret of secrets) {
		if (result.includes(secret)) result = result.split(secret).join(REDACTED);
	}
	return result;
}

/** A copy of `value` with every occurrence of a secret removed from every string in it. */
export function redactDeep<T>(value: T, secrets: ReadonlySet<string>, depth = 0): T {
	if (typeof value === 'string') return (secrets.size ? redactText(value, secrets) : value) as T;
	if (depth > 50 || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) return value.map((entry) => redactDeep(entry, secrets, depth + 1)) as T;
	const copy: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		copy[key] = redactDeep(entry, secrets, depth + 1);
	}
	return copy as T;
}

/**
 * A parameter value with its secrets removed. JSON text (Agent Options) is parsed so that the
 * tokens inside it are found by their field names; an expression is kept, since it holds no
 * value of its own.
 */
function redactParameter(key: string, value: NodeParameterValueType, depth: number): NodeParameterValueType {
	if (typeof value === 'string') {
		if (isSecretKey(key) && value !== '' && !value.startsWith('=')) return REDACTED;
		const trimmed = value.trim();
		if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return value;
		try {
			const parsed: unknown = JSON.parse(trimmed);
			const secrets = secretsIn(parsed);
			return secrets.size ? JSON.stringify(redactDeep(parsed, secrets)) : value;
		} catch {
			// Unparseable JSON may still hold a token: keep nothing of a field that looks like it.
			return SECRET_KEY_PATTERN.test(value) ? REDACTED : value;
		}
	}
	if (depth > 20 || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) {
		return value.map((entry) => redactParameter(key, entry as NodeParameterValueType, depth + 1)) as NodeParameterValueType;
	}
	const copy: INodeParameters = {};
	for (const [name, entry] of Object.entries(value as INodeParameters)) {
		copy[name] = redactParameter(name, entry as NodeParameterValueType, depth + 1);
	}
	return copy;
}

/** The copy of the node an error carries: same node, secret-bearing parameters redacted. */
export function redactedNode(node: INode): INode {
	return { ...node, parameters: redactParameter('parameters', node.parameters, 0) as INodeParameters };
}
