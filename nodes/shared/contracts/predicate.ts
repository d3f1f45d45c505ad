import type { z } from 'zod';

/**
 * A plain predicate equal to `schema.safeParse(value).success`, derived from the zod schema itself
 * so the contract keeps one home. It exists for the trigger, which checks every event's payload:
 * zod builds a parsed copy, a context and a path object per field, a third of the trigger's own
 * time per event, when all that is needed first is yes or no. The caller runs zod only on a no,
 * for the messages.
 *
 * Covers the kinds the contracts use: objects that strip or pass through unknown keys, strings
 * and numbers without refinements, booleans, enums, literals, optional, nullable, unknown, arrays
 * without length rules and records of unknown values. For anything else it returns undefined and
 * the caller uses zod alone (test/contracts/predicate.test.ts checks the two agree).
 */
export type Predicate = (value: unknown) => boolean;

interface SchemaDef {
	typeName?: string;
	checks?: unknown[];
	innerType?: z.ZodTypeAny;
	values?: unknown;
	value?: unknown;
	type?: z.ZodTypeAny;
	keyType?: z.ZodTypeAny;
	valueType?: z.ZodTypeAny;
	unknownKeys?: string;
	catchall?: z.ZodTypeAny;
	exactLength?: unknown;
	minLength?: unknown;
	maxLength?: unknown;
	coerce?: boolean;
}

/** What zod calls an object: not null, not an array, not a promise, map, set or date. */
function isZodObject(value: unknown): value is Record<string, unknown> {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	if (typeof (value as { then?: unknown }).then === 'function') return false;
	return !(value instanceof Map || value instanceof Set || value instanceof Date);
}

const always: Predicate = () => true;

export function compilePredicate(schema: z.ZodTypeAny): Predicate | undefined {
	const def = schema._def as SchemaDef;
	if (def.coerce) return undefined;
	switch (def.typeName) {
		case 'ZodString':
			return def.checks?.length ? undefined : (value) => typeof value === 'string';
		case 'ZodNumber':
			return def.checks?.length
				? undefined
				: (value) => typeof value === 'number' && !Number.isNaN(value);
		case 'ZodBoolean':
			return (value) => typeof value === 'boolean';
		case 'ZodUnknown':
		case 'ZodAny':
			return always;
		case 'ZodLiteral':
			return (value) => value === def.value;
		case 'ZodEnum': {
			const values = new Set(def.values as string[]);
			return (value) => typeof value === 'string' && values.has(value);
		}
		case 'ZodOptional':
		case 'ZodNullable': {
			const inner = def.innerType && compilePredicate(def.innerType);
			if (!inner) return undefined;
			const allowed = def.typeName === 'ZodOptional' ? undefined : null;
			return (value) => value === allowed || inner(value);
		}
		case 'ZodArray': {
			if (def.exactLength || def.minLength || def.maxLength) return undefined;
			const element = def.type && compilePredicate(def.type);
			if (!element) return undefined;
			if (element === always) return Array.isArray;
			// A loop, not every(): every() skips holes, which zod reads as undefined.
			return (value) => {
				if (!Array.isArray(value)) return false;
				for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
				return true;
			};
		}
		case 'ZodRecord': {
			const keyKind = (def.keyType?._def as SchemaDef | undefined)?.typeName;
			const valueKind = (def.valueType?._def as SchemaDef | undefined)?.typeName;
			if (keyKind !== 'ZodString' || (def.keyType?._def as SchemaDef).checks?.length)
				return undefined;
			return valueKind === 'ZodUnknown' || valueKind === 'ZodAny' ? isZodObject : undefined;
		}
		case 'ZodObject':
			return compileObject(schema as z.AnyZodObject, def);
		default:
			return undefined;
	}
}

function compileObject(schema: z.AnyZodObject, def: SchemaDef): Predicate | undefined {
	// A strict object or a catchall checks the keys the shape does not name: left to zod.
	if (
		def.unknownKeys === 'strict' ||
		(def.catchall?._def as SchemaDef | undefined)?.typeName !== 'ZodNever'
	) {
		return undefined;
	}
	const fields: Array<[string, Predicate]> = [];
	for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
		const check = compilePredicate(field);
		if (!check) return undefined;
		fields.push([key, check]);
	}
	return (value) => {
		if (!isZodObject(value)) return false;
		for (const [key, check] of fields) if (!check(value[key])) return false;
		return true;
	};
}
