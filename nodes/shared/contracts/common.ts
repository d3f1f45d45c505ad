import { z } from 'zod';
import { lazy } from './lazy';

/** E.164: `+`, a country code that does not start with 0, 7 to 15 digits in all (field notes). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export const e164 = lazy(() => z
	.string()
	.regex(E164_PATTERN, 'must be a phone number in E.164 format: + then country code and number, digits only (e.g. +14155550123)'));

export const uri = lazy(() => z.string().url('must be a full URL (e.g. https://example.com/image.png)'));

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
export const errorBodySchema = lazy(() => z.object({
	message: z.string(),
	code: z.string(),
	issues: z.array(z.object({ message: z.string() }).passthrough()).optional(),
}));
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
