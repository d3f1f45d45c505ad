import type { z } from 'zod';
import { describeIssues, type ErrorBody } from '../nodes/shared/contracts/common';

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
		return this.issues ? { message: this.message, code: this.code, issues: this.issues } : { message: this.message, code: this.code };
	}
}

/** 400 with one issue per zod problem, in the words of the shared `describeIssues`. */
export function validationError(what: string, error: z.ZodError): ApiError {
	const issues = describeIssues(error).map((message) => ({ message }));
	return new ApiError(400, 'VALIDATION_ERROR', `Invalid ${what}: ${issues.map((i) => i.message).join('; ')}`, issues);
}

/** Parses with a shared contract schema or throws the 400 that describes why not. */
export function parseOrThrow<S extends z.ZodTypeAny>(schema: S, value: unknown, what: string): z.output<S> {
	const result = schema.safeParse(value);
	if (!result.success) throw validationError(what, result.error);
	return result.data;
}
