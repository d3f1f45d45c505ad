import type { z } from 'zod';

/**
 * A schema built on first use instead of at module load. Building every contract when n8n loads
 * the package cost several ms of its start-up (zod objects are many small allocations and
 * closures), for schemas most workflows never touch. The proxy forwards everything to the real
 * schema, so it composes, parses and infers types exactly like it.
 */
export function lazy<S extends z.ZodTypeAny>(build: () => S): S {
	let schema: S | undefined;
	const real = (): S => (schema ??= build());
	return new Proxy(Object.create(null) as S, {
		get: (_target, key) => Reflect.get(real(), key, real()),
		// Writes too (zod caches its object shape on the instance): the empty target stays empty.
		set: (_target, key, value) => Reflect.set(real(), key, value),
		defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
		deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
		has: (_target, key) => Reflect.has(real(), key),
		getPrototypeOf: () => Object.getPrototypeOf(real()) as object | null,
		ownKeys: () => Reflect.ownKeys(real()),
		getOwnPropertyDescriptor: (_target, key) => {
			const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
			// A proxy may not report a property its (empty) target lacks as non-configurable.
			if (descriptor) descriptor.configurable = true;
			return descriptor;
		},
	});
}
