import type {
	IExecuteFunctions,
	INode,
	INodeParameters,
	NodeParameterValueType,
} from 'n8n-workflow';

/**
 * Every secret the node knows (the credential's key, tokens inside Agent Options, the telephony
 * auth token) is kept out of everything the node hands on: texts that came from the network
 * (a server or proxy may echo the Bearer header), output items, and the copy of the node that
 * every error carries.
 */

export const REDACTED = '[redacted]';

/** Field names that hold a secret wherever they appear (`twilioAuthToken`, `secretKey`, `gcloudPrivateKey`, …). */
const SECRET_KEY_PATTERN = /token|secret|password|api_?key|private_?key/i;

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
	if (typeof value === 'string' && value.trim().length >= MIN_SECRET_LENGTH)
		secrets.add(value.trim());
}

/**
 * One pattern for a set of secrets: longest first (a secret that contains another goes whole),
 * case-insensitive, because a URL's host name and many proxies lowercase what they echo.
 */
function secretPattern(secrets: Iterable<string>): RegExp | undefined {
	const list = [...new Set(secrets)]
		.filter((secret) => secret.length > 0)
		.sort((a, b) => b.length - a.length);
	if (list.length === 0) return undefined;
	return new RegExp(
		list.map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
		'gi',
	);
}

/** Whether `text` holds `secret`, in any case. */
export function holdsSecret(text: string, secret: string): boolean {
	return text.toLowerCase().includes(secret.toLowerCase());
}

/** `text` with every occurrence of every secret replaced, in any case. */
export function redactText(text: string, secrets: Iterable<string>): string {
	const pattern = secretPattern(secrets);
	return pattern ? text.replace(pattern, REDACTED) : text;
}

/**
 * Whether any string in `value` (keys included) holds a secret, in any case: a read-only walk, so
 * that a large answer that holds none (a page of 100 sessions) is not copied string by string for
 * nothing.
 */
export function mentionsSecret(value: unknown, secrets: ReadonlySet<string>): boolean {
	const global = secrets.size ? secretPattern(secrets) : undefined;
	if (!global) return false;
	// Not global: test() then keeps no lastIndex between strings.
	const pattern = new RegExp(global.source, 'i');
	const shortest = Math.min(
		...[...secrets].filter((secret) => secret.length > 0).map((secret) => secret.length),
	);
	return mentions(value, pattern, shortest, 0);
}

function mentions(value: unknown, pattern: RegExp, shortest: number, depth: number): boolean {
	if (typeof value === 'string') return value.length >= shortest && pattern.test(value);
	if (depth > 50 || value === null || typeof value !== 'object') return false;
	if (Array.isArray(value))
		return value.some((entry) => mentions(entry, pattern, shortest, depth + 1));
	for (const key in value as Record<string, unknown>) {
		if (
			mentions(key, pattern, shortest, depth) ||
			mentions((value as Record<string, unknown>)[key], pattern, shortest, depth + 1)
		)
			return true;
	}
	return false;
}

/** A copy of `value` with every occurrence of a secret (in any case) removed from every string in it. */
export function redactDeep<T>(value: T, secrets: ReadonlySet<string>, depth = 0): T {
	const pattern = secrets.size ? secretPattern(secrets) : undefined;
	if (!pattern) return value;
	// A string shorter than every secret cannot hold one: most of an answer's strings (IDs, names).
	const shortest = Math.min(
		...[...secrets].filter((secret) => secret.length > 0).map((secret) => secret.length),
	);
	return redactWith(value, pattern, shortest, depth);
}

function redactWith<T>(value: T, pattern: RegExp, shortest: number, depth: number): T {
	if (typeof value === 'string')
		return (value.length < shortest ? value : value.replace(pattern, REDACTED)) as T;
	if (depth > 50 || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value))
		return value.map((entry) => redactWith(entry, pattern, shortest, depth + 1)) as T;
	const copy: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		copy[key] = redactWith(entry, pattern, shortest, depth + 1);
	}
	return copy as T;
}

/**
 * A copy of `value` whose secret-named fields (`serverUrlSecret`, `twilioAuthToken`, …) hold
 * `[redacted]` at any depth, and whose other strings lose every value those fields held (a URL
 * that repeats the secret), as well as every secret in `known`. Numbers and booleans under such
 * names (a `maxTokens` counter) are kept, as is an empty value.
 */
export function redactSecretFields<T>(
	value: T,
	known: Iterable<string> = [],
	isSecretName: (key: string) => boolean = isSecretKey,
): T {
	const found = new Set<string>();
	for (const secret of known) addSecret(found, secret);
	const hidden = hideSecretFields(value, isSecretName, found, 0);
	return redactDeep(hidden as T, found);
}

function hideSecretFields(
	value: unknown,
	isSecretName: (key: string) => boolean,
	found: Set<string>,
	depth: number,
): unknown {
	if (depth > 50 || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value))
		return value.map((entry) => hideSecretFields(entry, isSecretName, found, depth + 1));
	const copy: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		const secret =
			isSecretName(key) &&
			entry !== '' &&
			entry !== null &&
			entry !== undefined &&
			typeof entry !== 'number' &&
			typeof entry !== 'boolean';
		if (secret && typeof entry === 'string') addSecret(found, entry);
		copy[key] = secret ? REDACTED : hideSecretFields(entry, isSecretName, found, depth + 1);
	}
	return copy;
}

/** A JSON text parameter (Agent Options, Additional Body Fields) parsed, or undefined. */
function parsedJsonText(value: string): unknown {
	const trimmed = value.trim();
	if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
	try {
		return JSON.parse(trimmed) as unknown;
	} catch {
		return undefined;
	}
}

/** The values of secret-named parameters (a version-1 Auth Token, a token inside Agent Options) and of header rows. */
function secretsInParameters(key: string, value: unknown, found: Set<string>, depth: number): void {
	if (typeof value === 'string') {
		if (isSecretKey(key) && !value.startsWith('=')) addSecret(found, value);
		else secretsIn(parsedJsonText(value), found);
		return;
	}
	if (depth > 20 || value === null || typeof value !== 'object') return;
	// Header rows (a crawler webhook's) keep their secret under `value`, a name that says nothing.
	const rows = key === 'headers' ? (value as { header?: unknown }).header : undefined;
	if (Array.isArray(rows)) {
		for (const row of rows) {
			const header = (row as { value?: unknown } | null)?.value;
			if (typeof header === 'string' && !header.startsWith('=')) addSecret(found, header);
		}
	}
	for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
		secretsInParameters(Array.isArray(value) ? key : name, entry, found, depth + 1);
	}
}

/**
 * A parameter value with its secrets removed: secret-named fields entirely, and every known
 * secret value wherever else it appears (a token pasted into Additional Body Fields under an
 * innocent name, or into a message). JSON text (Agent Options) is parsed so that the tokens
 * inside it are found by their field names.
 */
function redactParameter(
	key: string,
	value: NodeParameterValueType,
	secrets: ReadonlySet<string>,
	depth: number,
): NodeParameterValueType {
	if (typeof value === 'string') {
		if (isSecretKey(key) && value !== '' && !value.startsWith('=')) return REDACTED;
		const parsed = parsedJsonText(value);
		if (parsed === undefined) {
			// Unparseable JSON may still hold a token: keep nothing of a field that looks like it.
			if (/^\s*[[{]/.test(value) && SECRET_KEY_PATTERN.test(value)) return REDACTED;
			return secrets.size ? redactText(value, secrets) : value;
		}
		const inside = [...secretsIn(parsed, new Set(secrets))].filter((secret) =>
			holdsSecret(value, secret),
		);
		return inside.length ? JSON.stringify(redactDeep(parsed, new Set(inside))) : value;
	}
	if (depth > 20 || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) {
		return value.map((entry) =>
			redactParameter(key, entry as NodeParameterValueType, secrets, depth + 1),
		) as NodeParameterValueType;
	}
	const copy: INodeParameters = {};
	for (const [name, entry] of Object.entries(value as INodeParameters)) {
		copy[name] = redactParameter(name, entry as NodeParameterValueType, secrets, depth + 1);
	}
	return copy;
}

/**
 * The copy of the node an error carries: same node, secret-bearing parameters redacted, and
 * every secret in `known` (the values the credentials hold) or in a secret-named parameter
 * removed from every other parameter too.
 */
export function redactedNode(node: INode, known: ReadonlySet<string> = new Set()): INode {
	const secrets = new Set(known);
	secretsInParameters('parameters', node.parameters, secrets, 0);
	return {
		...node,
		parameters: redactParameter('parameters', node.parameters, secrets, 0) as INodeParameters,
	};
}

/**
 * The secret values the node's credentials hold (the API's secret key, the telephony account's
 * auth token): fields with secret names, from every credential type given that the node has.
 * A credential the node does not have (or cannot read) adds nothing.
 */
export async function credentialSecrets(
	ctx: IExecuteFunctions,
	types: readonly string[],
): Promise<Set<string>> {
	const found = new Set<string>();
	for (const type of types) {
		try {
			secretsIn(await ctx.getCredentials(type), found);
		} catch {
			// Not set on this node, or not shown for this operation: it holds nothing to hide.
		}
	}
	return found;
}

/**
 * A thrown error made safe to hand to n8n, which stores and logs the node it carries: the
 * node's copy redacted of every credential secret wherever it appears, and the same secrets
 * removed from its message and description.
 */
export function withoutSecrets(error: unknown, secrets: ReadonlySet<string>, depth = 0): unknown {
	// A chain of causes is followed a few links deep: one that loops back must not loop forever.
	if (!(error instanceof Error) || depth > 4) return error;
	const carrier = error as Error & {
		node?: INode;
		description?: unknown;
		errorResponse?: unknown;
		messages?: unknown;
		context?: unknown;
	};
	if (carrier.node && typeof carrier.node === 'object')
		carrier.node = redactedNode(carrier.node, secrets);
	if (secrets.size === 0) return error;
	carrier.message = redactText(carrier.message, secrets);
	if (typeof carrier.description === 'string')
		carrier.description = redactText(carrier.description, secrets);
	if (typeof carrier.stack === 'string') carrier.stack = redactText(carrier.stack, secrets);
	// A NodeApiError keeps the server's answer and its messages too, and n8n stores them with the
	// execution: an answer that quotes a secret under an innocent name (a webhook header) would leak.
	for (const field of ['errorResponse', 'messages', 'context'] as const) {
		if (carrier[field] !== undefined) carrier[field] = redactDeep(carrier[field], secrets);
	}
	if (carrier.cause instanceof Error) withoutSecrets(carrier.cause, secrets, depth + 1);
	else if (carrier.cause !== undefined) carrier.cause = redactDeep(carrier.cause, secrets);
	return error;
}
