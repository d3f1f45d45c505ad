import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	updateVariableRequestSchema,
	variableAnswerSchema,
	type VariableRequest,
	type VariableType,
} from '../../../shared/contracts/variable';
import type { RequestScope } from '../../transport/retries';
import { REDACTED } from '../../../shared/secrets';
import { requestChecked } from '../../helpers/answers';
import { checkWrite, checkedVariableFields } from '../../helpers/writeCheck';
import { readDryRun } from '../../helpers/dryRun';
import { dryRunOption, REQUEST_WITH_ENV_VALUES_REDACTED } from '../../descriptions/dryRun';
import { agentIdProperty, variableIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import {
	checkTypedValue,
	envSecrets,
	readTypedValue,
	readVariableRef,
	typedValueProperties,
	typeOptions,
	variableDryRun,
	variableFieldOptions,
	variableOutput,
	variablePath,
	type VariableRef,
} from './common';

const show = { resource: ['variable'], operation: ['update'] };
/** Type And Value's "leave them" choice: the variable keeps its type and value. */
const UNCHANGED = 'unchanged';

const keyOption: INodeProperties = {
	displayName: 'Key',
	name: 'key',
	type: 'string',
	default: '',
	description: 'A new key for the variable',
};

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the variable belongs to (its variables fill the picker)'),
	variableIdProperty(show, 'The variable to change'),
	{
		displayName: 'Type and Value',
		name: 'valueType',
		type: 'options',
		default: UNCHANGED,
		options: [{ name: "Don't Change", value: UNCHANGED }, ...typeOptions()].sort((a, b) =>
			a.name < b.name ? -1 : 1,
		),
		description:
			'Leave the type and value as they are, or set both: the type decides the Value field and what it accepts',
		displayOptions: { show },
	},
	...typedValueProperties(show, 'valueType'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [keyOption, ...variableFieldOptions()].sort((a, b) =>
			a.displayName < b.displayName ? -1 : 1,
		),
	},
	optionsCollection(show, [dryRunOption(REQUEST_WITH_ENV_VALUES_REDACTED), timeoutOption()]),
];

type Plan = VariableRef & { body: VariableRequest; dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const ref = readVariableRef(this, itemIndex);
	const { defaultValue, ...fields } = this.getNodeParameter(
		'updateFields',
		itemIndex,
		{},
	) as IDataObject;
	const valueType = this.getNodeParameter('valueType', itemIndex, UNCHANGED) as string;
	const typed = valueType === UNCHANGED ? undefined : (valueType as VariableType);
	const hasDefault = defaultValue !== undefined && defaultValue !== '';
	if (hasDefault && !typed) {
		// Without the type the node cannot hold the default to it, and would send text for a number.
		const rule = "needs Type and Value set, so that it is sent as the variable's type";
		throw new NodeOperationError(
			this.getNode(),
			`Invalid variable update: updateFields.defaultValue: ${rule}`,
			{ itemIndex, description: `• updateFields.defaultValue: ${rule}\nIn item ${itemIndex}.` },
		);
	}
	const variable = compact({
		...fields,
		...(typed
			? {
					type: typed,
					value: checkTypedValue(
						this,
						typed,
						readTypedValue(this, typed, itemIndex),
						'variable.value',
						itemIndex,
					),
				}
			: {}),
		defaultValue:
			hasDefault && typed
				? checkTypedValue(this, typed, defaultValue, 'variable.defaultValue', itemIndex, true)
				: undefined,
	});
	const body = validate(
		this,
		updateVariableRequestSchema,
		{ variable },
		itemIndex,
		'variable update',
	) as VariableRequest;
	return { ...ref, body, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = variablePath(plan.variableId);
	if (plan.dryRun)
		return [
			{
				json: await variableDryRun(
					this,
					{ method: 'PATCH', path, body: plan.body, envUnlessSaid: true },
					scope.itemIndex,
				),
			},
		];
	// The node does not read the variable first: it may already be Is Env, so unless this update
	// turns Is Env off, the values it sends are kept out of the answer and errors, as Dry Run shows
	// them. An answer silent on isEnv counts as Is Env when this update sets it.
	const secrets = envSecrets(plan.body.variable, true);
	const answer = await requestChecked(
		this,
		{
			method: 'PATCH',
			path,
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: variableAnswerSchema,
			secrets,
		},
		scope,
	);
	const output = {
		...variableOutput(
			shownAsSent(answer.data, plan.body.variable),
			plan.body.variable.isEnv === true,
		),
		updated: Object.keys(plan.body.variable),
	};
	return [
		{
			json: checkWrite(this, output, {
				sent: checkedVariableFields(plan.body.variable, answer.data),
				record: answer.data,
				itemIndex: scope.itemIndex ?? 0,
				what: `Variable ${plan.variableId}`,
			}),
		},
	];
}

/**
 * An answer that says `isEnv: false` shows the values this update sent as they are: the transport
 * replaced them (it could not know), and a value redacted whole is exactly the one sent.
 */
function shownAsSent(
	answer: Record<string, unknown>,
	sent: Record<string, unknown>,
): Record<string, unknown> {
	if (answer.isEnv !== false) return answer;
	const shown = { ...answer };
	for (const key of ['value', 'defaultValue'])
		if (shown[key] === REDACTED && sent[key] !== undefined) shown[key] = sent[key];
	return shown;
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
