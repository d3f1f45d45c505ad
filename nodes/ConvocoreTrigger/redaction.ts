import { REDACTED } from '../shared/secrets';

/**
 * Keeping the workspace secret out of what the trigger emits: whether the event holds it
 * anywhere else, and a copy of the event with every occurrence replaced by REDACTED.
 */

/** How many of the strings hold the secret; run only once the secret has matched. */
export function countSecretHits(candidates: readonly string[], secret: string): number {
	let hits = 0;
	for (const text of candidates) if (text.includes(secret)) hits++;
	return hits;
}

/** Sets an own property, also for the key "__proto__", which plain assignment would not. */
function defineOwn(target: object, key: string, value: unknown): void {
	Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true,
	});
}

/** defineOwn, by plain assignment (many times faster) for every key but "__proto__". */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
	if (key === '__proto__') defineOwn(target, key, value);
	else target[key] = value;
}

/**
 * Deep copy of JSON-like data in which every occurrence of `secret`, in values and in keys, is
 * replaced by REDACTED. Iterative, so deeply nested payloads cannot overflow the stack.
 */
export function redactSecret<T>(root: T, secret: string): T {
	const scrub = (text: string) =>
		secret.length > 0 && text.includes(secret) ? text.split(secret).join(REDACTED) : text;
	if (typeof root === 'string') return scrub(root) as T;
	if (typeof root !== 'object' || root === null) return root;

	const copies = new WeakMap<object, object>();
	const copyOf = (source: object): object => {
		const existing = copies.get(source);
		if (existing) return existing;
		const fresh = Array.isArray(source) ? [] : {};
		copies.set(source, fresh);
		pending.push([source, fresh]);
		return fresh;
	};
	const pending: Array<[object, object]> = [];
	const result = copyOf(root);
	while (pending.length > 0) {
		const [source, target] = pending.pop() as [object, object];
		const isArray = Array.isArray(source);
		for (const key of Object.keys(source)) {
			const value = (source as Record<string, unknown>)[key];
			let copy: unknown = value;
			if (typeof value === 'string') copy = scrub(value);
			else if (typeof value === 'object' && value !== null) copy = copyOf(value);
			setOwn(target as Record<string, unknown>, isArray ? key : scrub(key), copy);
		}
	}
	return result as T;
}
