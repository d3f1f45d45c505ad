import { z } from 'zod';
import { listingContract } from './common';
import { lazy } from './lazy';

/**
 * Agent variables (agent-at-work spec §2, the OpenAPI's `variableRouter`). The API types `value`
 * and `defaultValue` as anything; the node holds them to the variable's type (see
 * typedVariableValue) and the body refuses unknown keys, as the OpenAPI's `additionalProperties:
 * false` does.
 */
export const VARIABLE_TYPES = ['string', 'number', 'boolean', 'system'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];
/** Where a tool puts the variable's value in its request. */
export const VARIABLE_LOCATIONS = ['query', 'body', 'header'] as const;

const flag = () => z.boolean({ invalid_type_error: 'must be true or false' }).optional();

export const variableFieldsSchema = lazy(() =>
	z
		.object({
			key: z.string({ invalid_type_error: 'must be text' }).trim().min(1, 'is required').optional(),
			type: z
				.enum(VARIABLE_TYPES, {
					errorMap: () => ({ message: `must be one of ${VARIABLE_TYPES.join(', ')}` }),
				})
				.optional(),
			value: z.unknown().optional(),
			defaultValue: z.unknown().optional(),
			description: z.string({ invalid_type_error: 'must be text' }).optional(),
			// Convocore documents query, body and header; anything else (cookie, path) would be sent and lost.
			in: z
				.enum(VARIABLE_LOCATIONS, {
					errorMap: () => ({ message: `must be one of ${VARIABLE_LOCATIONS.join(', ')}` }),
				})
				.optional(),
			required: flag(),
			reusable: flag(),
			isEnv: flag(),
			isSystem: flag(),
			isGlobal: flag(),
		})
		.strict(),
);
export type VariableFields = z.output<typeof variableFieldsSchema>;

/** `POST /agents/{agentId}/variables`: a variable needs its key and type here (the node's rule: one without is of no use). */
export const createVariableRequestSchema = lazy(() =>
	z
		.object({
			variable: variableFieldsSchema.superRefine((variable, ctx) => {
				if (variable.key === undefined)
					ctx.addIssue({ code: 'custom', path: ['key'], message: 'is required' });
			}),
		})
		.strict(),
);

/** `PATCH /variables/{variableId}`: the fields to change, at least one. */
export const updateVariableRequestSchema = lazy(() =>
	z
		.object({
			variable: variableFieldsSchema.refine(
				(variable) => Object.keys(variable).length > 0,
				'needs at least one field to change',
			),
		})
		.strict(),
);
export type VariableRequest = { variable: VariableFields };

export const variableIdSchema = lazy(() =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text (a variable ID)' })
		.trim()
		.min(1, 'is required'),
);

/** A variable as the node reads it: an id, and isEnv to know whether its value is a secret; the rest passes. */
export const variableSchema = lazy(() =>
	z
		.object({
			id: z.string().min(1, 'is required'),
			key: z.string().optional(),
			type: z.string().optional(),
			isEnv: z.boolean().optional(),
		})
		.passthrough(),
);
export type Variable = z.output<typeof variableSchema>;

/** `{ success, message, data: variable }` (create, get, update). */
export const variableAnswerSchema = lazy(() => z.object({ data: variableSchema }).passthrough());

/** `GET /agents/{agentId}/variables`: `{ success, message, data: variable[] }` (or the list bare). */
export const VARIABLE_LIST_KEYS = ['variables'] as const;
export const variableListContract = lazy(() =>
	listingContract(variableSchema, VARIABLE_LIST_KEYS, 'variables'),
);

/** `DELETE /variables/{variableId}`: `{ success, message }`. */
export const variableDeleteAnswerSchema = lazy(() =>
	z.object({ success: z.boolean().optional(), message: z.string().optional() }).passthrough(),
);

/**
 * A value held to a variable type: a number for number (numeric text from an expression is read as
 * the number), true or false for boolean, text for string and system. Undefined when the value is
 * not of the type: the caller names the field and the rule.
 */
export function typedVariableValue(
	type: VariableType,
	value: unknown,
): { ok: true; value: unknown } | { ok: false; rule: string } {
	if (type === 'number') {
		const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
		return typeof parsed === 'number' && Number.isFinite(parsed)
			? { ok: true, value: parsed }
			: { ok: false, rule: 'must be a number (the variable is of type number)' };
	}
	if (type === 'boolean') {
		return typeof value === 'boolean'
			? { ok: true, value }
			: { ok: false, rule: 'must be true or false (the variable is of type boolean)' };
	}
	return typeof value === 'string'
		? { ok: true, value }
		: { ok: false, rule: `must be text (the variable is of type ${type})` };
}
