import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	typedVariableValue,
	VARIABLE_LOCATIONS,
	variableIdSchema,
	type VariableType,
} from '../../../shared/contracts/variable';
import { REDACTED } from '../../../shared/secrets';
import { getBaseUrl } from '../../transport/request';
import type { Show } from '../../descriptions/displayOptions';
import { dryRunOutput, isOneShapeDryRun } from '../../helpers/dryRun';
import { agentRef, type AgentRef } from '../../helpers/agentRef';

export function variablesPath(agentId: string): string {
	return `/agents/${encodeURIComponent(agentId)}/variables`;
}

export function variablePath(variableId: string): string {
	return `/variables/${encodeURIComponent(variableId)}`;
}

const variableRef = agentRef('variableId', variableIdSchema, 'variable');
export type VariableRef = AgentRef<'variableId'>;
export const readVariableRef = variableRef.read;

const TYPE_NAMES: Record<VariableType, string> = {
	boolean: 'Boolean',
	number: 'Number',
	string: 'String',
	system: 'System',
};

/** The type options, by name. */
export function typeOptions(): Array<{ name: string; value: string }> {
	return Object.entries(TYPE_NAMES).map(([value, name]) => ({ name, value }));
}

/**
 * The Value field of the type chosen in `typeField`: a text field for string and system, a
 * number field for number, a switch for boolean. One parameter per type, so that a value typed
 * for one type is never read as another's when the type changes.
 */
export function typedValueProperties(show: Show, typeField: string): INodeProperties[] {
	const when = (...types: VariableType[]) => ({ show: { ...show, [typeField]: types } });
	const description =
		'The value the variable holds. For an environment variable (Is Env), prefer an expression to typing a secret here: a parameter is stored with the workflow.';
	return [
		{
			displayName: 'Value',
			name: 'stringValue',
			type: 'string',
			default: '',
			description,
			displayOptions: when('string', 'system'),
		},
		{
			displayName: 'Value',
			name: 'numberValue',
			type: 'number',
			default: 0,
			description,
			displayOptions: when('number'),
		},
		{
			displayName: 'Value',
			name: 'booleanValue',
			type: 'boolean',
			default: false,
			description: 'Whether the variable is true',
			displayOptions: when('boolean'),
		},
	];
}

/** The fields of a variable beyond key, type and value (Create's Additional Fields, Update's Update Fields). */
export function variableFieldOptions(): INodeProperties[] {
	return [
		{
			displayName: 'Default Value',
			name: 'defaultValue',
			type: 'string',
			default: '',
			description:
				'Used when the variable has no value. Read by the type: a number for Number, true or false for Boolean.',
		},
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			description: 'What the variable holds, for the agent and for people',
		},
		{
			displayName: 'In',
			name: 'in',
			type: 'options',
			default: 'body',
			options: [...VARIABLE_LOCATIONS]
				.sort()
				.map((value) => ({ name: value[0].toUpperCase() + value.slice(1), value })),
			description: "Where a tool puts the variable's value in its request",
		},
		{
			displayName: 'Is Env',
			name: 'isEnv',
			type: 'boolean',
			default: false,
			description:
				"Whether the variable is an environment variable (a key or setting). Its value and default value never appear in the node's output.",
		},
		{
			displayName: 'Is Global',
			name: 'isGlobal',
			type: 'boolean',
			default: false,
			description: 'Whether the variable is available to the agent everywhere',
		},
		{
			displayName: 'Is System',
			name: 'isSystem',
			type: 'boolean',
			default: false,
			description: 'Whether the variable is a system variable, reserved for the platform',
		},
		{
			displayName: 'Required',
			name: 'required',
			type: 'boolean',
			default: false,
			description: 'Whether the variable must have a value',
		},
		{
			displayName: 'Reusable',
			name: 'reusable',
			type: 'boolean',
			default: false,
			description: 'Whether tools may reuse the variable',
		},
	];
}

/** The Value parameter of `type`, as n8n hands it over (an expression may give anything). */
export function readTypedValue(
	ctx: IExecuteFunctions,
	type: VariableType,
	itemIndex: number,
): unknown {
	if (type === 'number') return ctx.getNodeParameter('numberValue', itemIndex, 0);
	if (type === 'boolean') return ctx.getNodeParameter('booleanValue', itemIndex, false);
	return ctx.getNodeParameter('stringValue', itemIndex, '');
}

/**
 * A value held to the variable's type, or an error naming the field, the rule and the item.
 * `fromText`: Default Value is a text field, so its "true" and "false" are the boolean's.
 */
export function checkTypedValue(
	ctx: IExecuteFunctions,
	type: VariableType,
	value: unknown,
	field: string,
	itemIndex: number,
	fromText = false,
): unknown {
	const given =
		fromText &&
		type === 'boolean' &&
		typeof value === 'string' &&
		['true', 'false'].includes(value.trim())
			? value.trim() === 'true'
			: value;
	const checked = typedVariableValue(type, given);
	if (checked.ok) return checked.value;
	throw new NodeOperationError(ctx.getNode(), `Invalid variable: ${field}: ${checked.rule}`, {
		itemIndex,
		description: `• ${field}: ${checked.rule}\nIn item ${itemIndex}.`,
	});
}

/**
 * A variable for the output: as it came, except that an environment variable's value and default
 * value are replaced by [redacted]. Is Env marks keys and settings; an n8n execution stores its
 * output, so the value would otherwise sit in every saved execution. `envUnlessSaid`: the answer
 * of a write that made (or may have made) the variable Is Env counts as one unless it says
 * `isEnv: false`; an answer that leaves `isEnv` out proves nothing.
 */
export function variableOutput(
	variable: Record<string, unknown>,
	envUnlessSaid = false,
): IDataObject {
	const isEnv = variable.isEnv === true || (envUnlessSaid && variable.isEnv === undefined);
	return isEnv ? withValuesRedacted(variable) : (variable as IDataObject);
}

/**
 * The values a write sends that must stay out of its answer and errors (a 400 that quotes the
 * value): those of a variable that is, or may be, Is Env. `envUnlessSaid` as above.
 */
export function envSecrets(variable: Record<string, unknown>, envUnlessSaid: boolean): unknown[] {
	const isEnv = variable.isEnv === true || (envUnlessSaid && variable.isEnv === undefined);
	return isEnv
		? [variable.value, variable.defaultValue].filter(
				(value) => value !== undefined && value !== null && value !== '',
			)
		: [];
}

function withValuesRedacted(variable: Record<string, unknown>): IDataObject {
	const output: IDataObject = { ...(variable as IDataObject) };
	// An isEnv variable's value is a secret: the house marker stands for it in every output.
	for (const key of ['value', 'defaultValue']) if (key in output) output[key] = REDACTED;
	return output;
}

/**
 * What Dry Run outputs: the request that would have gone, its body's secrets redacted. An update
 * that does not say whether the variable is an environment variable may change one (the node does
 * not read it first), so its values are redacted unless it sets Is Env off. The one shape from
 * node version 6 on; `{ dryRun, request, ...added }` before.
 */
export async function variableDryRun(
	ctx: IExecuteFunctions,
	request: {
		method: string;
		path: string;
		body?: { variable: Record<string, unknown> };
		envUnlessSaid?: boolean;
	},
	itemIndex: number | undefined,
	added: IDataObject = {},
): Promise<IDataObject> {
	const url = `${await getBaseUrl.call(ctx, itemIndex)}${request.path}`;
	const variable = request.body?.variable;
	const secret =
		variable?.isEnv === true || (request.envUnlessSaid === true && variable?.isEnv === undefined);
	const shown = variable && {
		variable: secret ? withValuesRedacted(variable) : (variable as IDataObject),
	};
	const sent = { method: request.method, url, ...(shown ? { body: shown } : {}) };
	return isOneShapeDryRun(ctx)
		? dryRunOutput([sent], added)
		: { dryRun: true, request: sent, ...added };
}
