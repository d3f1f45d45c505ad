import type { z } from 'zod';

/**
 * A schema built on first use instead of at module load. Building every contract when n8n loads
 * the package cost several ms of its start-up (zod objects are many small allocations and
 * closures), for schemas most workflows never touch.
 *
 * What is returned is an empty object whose prototype, until first use, is a proxy that builds
 * the real schema; from then on its prototype is the real schema itself, so it parses, composes
 * and infers types exactly like it. Forwarding every property through a proxy for the whole
 * life of the schema (as before) cost a trap per property zod reads while parsing: a tenth of
 * the trigger's time per event. Writes (zod caches its object shape on the instance) land on
 * the stub itself, which is harmless: it is a cache.
 */
export function lazy<S extends z.ZodTypeAny>(build: () => S): S {
	let schema: S | undefined;
	const real = (): S => {
		if (schema === undefined) {
			schema = build();
			Object.setPrototypeOf(stub, schema);
		}
		return schema;
	};
	const builder = new Proxy(Object.create(null) as object, {
		get: (_target, key, receiver) => Reflect.get(real(), key, receiver),
		set: (_target, key, value, receiver) => Reflect.set(real(), key, value, receiver),
		has: (_target, key) => Reflect.has(real(), key),
		// `stub instanceof ZodType` walks on from here: the real schema's own prototype.
		getPrototypeOf: () => Object.getPrototypeOf(real()) as object | null,
	});
	const stub = Object.create(builder) as S;
	return stub;
}
