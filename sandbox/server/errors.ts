import type { z } from 'zod';
import { describeIssues, type ErrorBody } from '../../nodes/shared/contracts/common';
import { isPublished } from './mode';

/** Where to upgrade a plan; the 403 plan-gate message carries it, as the spec requires. */
export const BILLING_URL = 'https://app.convocore.ai/settings/billing';

/** Thrown by route handlers; the server turns it into the documented error body. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly issues?: Array<{ message: string }>,
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}

	toBody(): ErrorBody {
		return this.issues
			? { message: this.message, code: this.code, issues: this.issues }
			: { message: this.message, code: this.code };
	}
}

/** 400 with one issue per zod problem, in the words of the shared `describeIssues`. */
export function validationError(what: string, error: z.ZodError): ApiError {
	const issues = describeIssues(error).map((message) => ({ message }));
	return new ApiError(
		400,
		'VALIDATION_ERROR',
		`Invalid ${what}: ${issues.map((i) => i.message).join('; ')}`,
		issues,
	);
}

/** The published server's 400 (trpc-openapi over zod): `Input validation failed`, code BAD_REQUEST. */
export function publishedValidationError(error: z.ZodError): ApiError {
	const issues = describeIssues(error).map((message) => ({ message }));
	return new ApiError(400, 'BAD_REQUEST', 'Input validation failed', issues);
}

/**
 * Parses with a shared contract schema or throws the 400 that describes why not.
 *
 * In the published mode (sandbox/server/mode.ts) unknown keys are dropped without an error, at any
 * depth, as zod's default strip does on Convocore's server; only what is still wrong is refused.
 */
export function parseOrThrow<S extends z.ZodTypeAny>(
	schema: S,
	value: unknown,
	what: string,
): z.output<S> {
	if (isPublished()) return parseStripping(schema, value);
	const result = schema.safeParse(value);
	if (!result.success) throw validationError(what, result.error);
	return result.data;
}

function parseStripping<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
	let input = value;
	// Each pass removes the keys zod names as unrecognized; nested objects are only checked once
	// their parents parse, hence a few passes at most.
	for (let pass = 0; pass < 8; pass++) {
		const result = schema.safeParse(input);
		if (result.success) return result.data;
		const unknownKeys = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
		if (unknownKeys.length === 0) throw publishedValidationError(result.error);
		input = structuredClone(input);
		for (const issue of unknownKeys) {
			const holder = issue.path.reduce<unknown>(
				(at, key) => (at as Record<string | number, unknown>)?.[key],
				input,
			);
			if (holder && typeof holder === 'object')
				for (const key of (issue as z.ZodUnrecognizedKeysIssue).keys)
					delete (holder as Record<string, unknown>)[key];
		}
	}
	const last = schema.safeParse(input);
	if (last.success) return last.data;
	throw publishedValidationError(last.error);
}
