import { z } from 'zod';
import { lazy } from './lazy';

/** E.164: `+`, a country code that does not start with 0, 7 to 15 digits in all (field notes). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export const e164 = lazy(() =>
	z
		.string()
		.regex(
			E164_PATTERN,
			'must be a phone number in E.164 format: + then country code and number, digits only (e.g. +14155550123)',
		),
);

export const uri = lazy(() =>
	z.string().url('must be a full URL (e.g. https://example.com/image.png)'),
);

/**
 * `schema` (a number schema) also taking numeric text, which expressions hand over; unlike
 * z.coerce, nothing else is converted: `true` or `[5]` stay what they are and are refused.
 */
export function numberOrNumericText<T extends z.ZodTypeAny>(schema: T) {
	return z.preprocess((value) => {
		if (typeof value !== 'string' || value.trim() === '') return value;
		const parsed = Number(value);
		return Number.isFinite(parsed) ? parsed : value;
	}, schema);
}

/** The documented error body of every V3 endpoint. */
export const errorBodySchema = lazy(() =>
	z.object({
		message: z.string(),
		code: z.string(),
		issues: z.array(z.object({ message: z.string() }).passthrough()).optional(),
	}),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Turns a zod error into one readable line per problem: `field.path: rule`. */
export function describeIssues(error: z.ZodError): string[] {
	return error.issues.map((issue) => {
		const path = issue.path.join('.');
		if (issue.code === 'unrecognized_keys') {
			const where = path ? ` in ${path}` : '';
			return `unknown field${issue.keys.length > 1 ? 's' : ''}${where}: ${issue.keys.join(', ')} (not accepted by the API)`;
		}
		return path ? `${path}: ${issue.message}` : issue.message;
	});
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The list in a listing's answer: the answer itself when it is a list, else the first of `keys`
 * holding one, at the top or under `data` (with or without `success`); undefined when none does.
 */
export function findList(body: unknown, keys: readonly string[]): unknown[] | undefined {
	for (const candidate of [body, isRecord(body) ? body.data : undefined]) {
		if (Array.isArray(candidate)) return candidate;
		if (!isRecord(candidate)) continue;
		const list = keys.map((key) => candidate[key]).find(Array.isArray);
		if (list) return list;
	}
	return undefined;
}

/** What an answer is, in the words of an error: "an object with keys success, voiceList". */
function describeShape(body: unknown): string {
	if (body === null) return 'null';
	if (Array.isArray(body)) return 'a list';
	if (!isRecord(body)) return `a ${typeof body}`;
	const keys = Object.keys(body);
	return keys.length
		? `an object with key${keys.length > 1 ? 's' : ''} ${keys.slice(0, 8).join(', ')}`
		: 'an empty object';
}

/** Entries of a listing checked against their contract; more broken entries than this are only counted. */
const MAX_ENTRY_PROBLEMS = 3;

/**
 * The answer of a listing whose envelope the spec does not fix (the voice catalog, its providers
 * and models): the list bare, or an object holding it under one of `keys` (see findList); every
 * entry must meet `entry`. An answer of another shape (an object without such a list, a list of
 * something else) is refused, naming what came, so that it never passes as "nothing found".
 * An empty list is an empty result.
 */
export function listingContract(entry: z.ZodTypeAny, keys: readonly string[], what: string) {
	return z.unknown().superRefine((body, ctx) => {
		const list = findList(body, keys);
		if (!list) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				message: `no list of ${what} (a list, or an object holding one under ${keys.join(', ')}, was expected; ${describeShape(body)} came)`,
			});
			return;
		}
		let broken = 0;
		list.forEach((item, index) => {
			const checked = entry.safeParse(item);
			if (checked.success || ++broken > MAX_ENTRY_PROBLEMS) return;
			const problem = checked.error.issues[0];
			const field = problem.path.length ? `${problem.path.join('.')}: ` : '';
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				message: `entry ${index} of the ${what}: ${field}${problem.message}`,
			});
		});
		if (broken > MAX_ENTRY_PROBLEMS) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				message: `${broken} of ${list.length} entries of the ${what} in all are broken`,
			});
		}
	});
}
