import { z } from 'zod';
import { lazy } from './lazy';
import {
	AGENT_ANALYTICS_FIELDS,
	AGENT_BOOLEAN_FIELDS,
	AGENT_LIST_FIELDS,
	AGENT_NUMBER_FIELDS,
	AGENT_OBJECT_FIELDS,
	AGENT_PROMPT_FIELDS,
	AGENT_PROMPT_LIST_FIELDS,
	AGENT_PROMPT_TEXT_FIELDS,
	AGENT_STRING_LIST_FIELDS,
	AGENT_STRUCTURE_FIELDS,
	AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS,
	AGENT_TELEPHONY_SMS_TEXT_FIELDS,
	AGENT_TEXT_FIELDS,
	AGENT_UNTYPED_FIELDS,
} from './agentFieldNames';
import {
	PUBLISHED_CREATE_BOOLEAN_FIELDS,
	PUBLISHED_CREATE_LIST_FIELDS,
	PUBLISHED_CREATE_NUMBER_FIELDS,
	PUBLISHED_CREATE_OBJECT_FIELDS,
	PUBLISHED_CREATE_TEXT_FIELDS,
	PUBLISHED_ENUM_FIELDS,
	PUBLISHED_UPDATE_FIELDS,
	PUBLISHED_UPDATE_ONLY_BOOLEAN_FIELDS,
	PUBLISHED_UPDATE_ONLY_ENUM_FIELDS,
	PUBLISHED_UPDATE_ONLY_FIELDS,
	PUBLISHED_UPDATE_ONLY_LIST_FIELDS,
	PUBLISHED_UPDATE_ONLY_NUMBER_FIELDS,
	PUBLISHED_UPDATE_ONLY_OBJECT_FIELDS,
	PUBLISHED_UPDATE_ONLY_TEXT_FIELDS,
	PUBLISHED_UPDATE_ONLY_TEXT_LIST_FIELDS,
	PUBLISHED_UPDATE_ONLY_UNTYPED_FIELDS,
} from './agentPublishedFields';
import { anyModel, publishedModel, publishedObjectShape } from './agentPublishedObjects';

function fieldsOf<K extends string, T extends z.ZodTypeAny>(keys: readonly K[], type: () => T) {
	return Object.fromEntries(keys.map((key) => [key, type().optional()])) as Record<
		K,
		z.ZodOptional<T>
	>;
}

const text = () => z.string({ invalid_type_error: 'must be text' });
const number = () =>
	z.number({ invalid_type_error: 'must be a number' }).finite('must be a finite number');
const flag = () => z.boolean({ invalid_type_error: 'must be true or false' });
const textList = () =>
	z.array(z.string({ invalid_type_error: 'must be text' }), {
		invalid_type_error: 'must be a JSON array of texts',
	});
const list = () => z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' });
const object = () => z.record(z.unknown(), { invalid_type_error: 'must be a JSON object' });

/** The override object's fields, every one optional. */
function overrideShape() {
	return {
		...fieldsOf(AGENT_TEXT_FIELDS, text),
		...fieldsOf(AGENT_NUMBER_FIELDS, number),
		...fieldsOf(AGENT_BOOLEAN_FIELDS, flag),
		...fieldsOf(AGENT_ANALYTICS_FIELDS, flag),
		...fieldsOf(AGENT_TELEPHONY_SMS_TEXT_FIELDS, text),
		...fieldsOf(AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS, flag),
		...fieldsOf(AGENT_STRING_LIST_FIELDS, textList),
		...fieldsOf(AGENT_LIST_FIELDS, list),
		...fieldsOf(AGENT_OBJECT_FIELDS, object),
		...fieldsOf(AGENT_UNTYPED_FIELDS, z.unknown),
	};
}

/** The agent override object (seed): all optional, unknown fields refused. */
export const agentOverridesSchema = lazy(() => z.object(overrideShape()).strict());

/** The seed's agent fields (the override table) and the classic prompt fields. */
function seedShape() {
	return {
		...overrideShape(),
		...fieldsOf(AGENT_PROMPT_TEXT_FIELDS, text),
		...fieldsOf(AGENT_PROMPT_LIST_FIELDS, textList),
	};
}

function enumFieldsOf(fields: Record<string, readonly string[]>) {
	return Object.fromEntries(
		Object.entries(fields).map(([key, values]) => [
			key,
			z
				.enum(values as [string, ...string[]], {
					errorMap: () => ({ message: `must be one of ${values.join(', ')}` }),
				})
				.optional(),
		]),
	);
}

/** The 69 fields of the OpenAPI's create schema (agentPublishedFields.ts). */
function publishedCreateShape() {
	return {
		...fieldsOf(PUBLISHED_CREATE_TEXT_FIELDS, text),
		...fieldsOf(PUBLISHED_CREATE_NUMBER_FIELDS, number),
		...fieldsOf(PUBLISHED_CREATE_BOOLEAN_FIELDS, flag),
		...fieldsOf(PUBLISHED_CREATE_OBJECT_FIELDS, object),
		...fieldsOf(PUBLISHED_CREATE_LIST_FIELDS, list),
		...enumFieldsOf(PUBLISHED_ENUM_FIELDS),
	};
}

/** The 78 fields only the OpenAPI's update schema has. */
function publishedUpdateOnlyShape() {
	return {
		...fieldsOf(PUBLISHED_UPDATE_ONLY_TEXT_FIELDS, text),
		...fieldsOf(PUBLISHED_UPDATE_ONLY_NUMBER_FIELDS, number),
		...fieldsOf(PUBLISHED_UPDATE_ONLY_BOOLEAN_FIELDS, flag),
		...fieldsOf(PUBLISHED_UPDATE_ONLY_TEXT_LIST_FIELDS, textList),
		...fieldsOf(PUBLISHED_UPDATE_ONLY_LIST_FIELDS, list),
		...fieldsOf(PUBLISHED_UPDATE_ONLY_OBJECT_FIELDS, object),
		...fieldsOf(PUBLISHED_UPDATE_ONLY_UNTYPED_FIELDS, z.unknown),
		...enumFieldsOf(PUBLISHED_UPDATE_ONLY_ENUM_FIELDS),
	};
}

/**
 * Fields the seed lists as the agent's that the OpenAPI 1.0.4 does not (the SMS integration,
 * `messageAggregationSeconds`, `emailConfig`, `vg_instructions`, ...): newer than the OpenAPI, so
 * taken on create and on update alike. No public source says whether create keeps them.
 */
export const AGENT_SEED_ONLY_FIELDS: readonly string[] = [
	...AGENT_TEXT_FIELDS,
	...AGENT_NUMBER_FIELDS,
	...AGENT_BOOLEAN_FIELDS,
	...AGENT_ANALYTICS_FIELDS,
	...AGENT_TELEPHONY_SMS_TEXT_FIELDS,
	...AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS,
	...AGENT_STRUCTURE_FIELDS,
	...AGENT_PROMPT_FIELDS,
].filter((field) => !PUBLISHED_UPDATE_FIELDS.includes(field));

const UPDATE_ONLY = new Set<string>(PUBLISHED_UPDATE_ONLY_FIELDS);

/** True for a field Convocore takes on `PATCH /agents/{id}` but drops on `POST /agents`. */
export function isUpdateOnlyAgentField(field: string): boolean {
	return UPDATE_ONLY.has(field);
}

function optional(shape: Record<string, z.ZodTypeAny>) {
	return Object.fromEntries(Object.entries(shape).map(([key, type]) => [key, type.optional()]));
}

/**
 * The model and the closed published objects (agentPublishedObjects.ts): `model` types a model
 * name, any text for the node (models change faster than releases), one of the 61 published
 * names for the sandbox (what Convocore's published schema refuses, it refuses).
 */
function modelAndObjectsShape(model: () => z.ZodTypeAny) {
	return { vg_defaultModel: model().optional(), ...optional(publishedObjectShape(model)) };
}

/**
 * What Agent > Create, Update and Clone may set: every field of the OpenAPI's update schema and
 * the seed's. Where both type a field, the seed's type is kept (they agree on the kind).
 */
export const agentFieldsSchema = lazy(() =>
	z
		.object({
			...publishedCreateShape(),
			...publishedUpdateOnlyShape(),
			...seedShape(),
			...modelAndObjectsShape(anyModel),
		})
		.strict(),
);
export type AgentFields = z.output<typeof agentFieldsSchema>;

const requiredTitle = () =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text' })
		.trim()
		.min(1, 'is required');

/**
 * The `agent` of `POST /agents`: the create schema's fields and the seed's own, with a title (the
 * agent picker lists agents by it). An update-only field is not among them: the strict sandbox
 * refuses it loudly, the published one drops it as Convocore does.
 */
export const newAgentSchema = lazy(() => {
	const seed: Record<string, z.ZodTypeAny> = seedShape();
	const seedOnly = Object.fromEntries(AGENT_SEED_ONLY_FIELDS.map((field) => [field, seed[field]]));
	return z.object({ ...publishedCreateShape(), ...seedOnly, title: requiredTitle() }).strict();
});

/** What Agent > Create accepts from the user: any agent field and a title; update-only ones go in a second request. */
export const newAgentInputSchema = lazy(() => agentFieldsSchema.extend({ title: requiredTitle() }));

/** Only the fields that change, at least one of them. */
function changesOf(fields: z.ZodTypeAny) {
	return (
		z
			.unknown()
			// On the input as given, so that an unknown field is reported as such, not as "nothing set".
			.refine(
				(agent) => typeof agent !== 'object' || agent === null || Object.keys(agent).length > 0,
				'set at least one field to change',
			)
			.pipe(fields)
	);
}

/** The `agent` of `PATCH /agents/{id}` as the node sends it. */
export const agentChangesSchema = lazy(() => changesOf(agentFieldsSchema));

/** The `agent` of `PATCH /agents/{id}` as Convocore publishes it: the model one of the 61 names. */
const publishedAgentChangesSchema = lazy(() =>
	changesOf(agentFieldsSchema.extend(modelAndObjectsShape(publishedModel))),
);

export const createAgentRequestSchema = lazy(() =>
	z.object({ agent: newAgentSchema }, { required_error: 'is required' }).strict(),
);
export type CreateAgentRequest = z.output<typeof createAgentRequestSchema>;

export const updateAgentRequestSchema = lazy(() =>
	z.object({ agent: publishedAgentChangesSchema }, { required_error: 'is required' }).strict(),
);
export type UpdateAgentRequest = z.output<typeof updateAgentRequestSchema>;

/** True when a classic prompt field is set, which Convocore ignores while `enableNodes` is on. */
export function classicPromptFieldsIn(agent: Record<string, unknown>): string[] {
	return AGENT_PROMPT_FIELDS.filter((field) => agent[field] !== undefined);
}

/** `DELETE /agents/{id}`: `{ success, message }`. */
export const deleteAgentAnswerSchema = lazy(() =>
	z.object({ success: z.boolean(), message: z.string().optional() }).passthrough(),
);
