import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import {
	createVariableRequestSchema,
	variableAnswerSchema,
	VARIABLE_TYPES,
	type VariableRequest,
} from '../../../shared/contracts/variable';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { checkWrite, checkedVariableFields } from '../../helpers/writeCheck';
import { readDryRun } from '../../helpers/dryRun';
import { dryRunOption, REQUEST_WITH_ENV_VALUES_REDACTED } from '../../descriptions/dryRun';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
import {
	checkTypedValue,
	envSecrets,
	readTypedValue,
	typedValueProperties,
	typeOptions,
	variableDryRun,
	variableFieldOptions,
	variableOutput,
	variablesPath,
} from './common';

const show = { resource: ['variable'], operation: ['create'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the variable belongs to'),
	{
		displayName: 'Key',
		name: 'key',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. customer_tier',
		description: 'The name the agent and its tools know the variable by',
		displayOptions: { show },
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'string',
		options: typeOptions(),
		description: 'What the variable holds: it decides the Value field and what it accepts',
		displayOptions: { show },
	},
	...typedValueProperties(show, 'type'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: variableFieldOptions(),
	},
	optionsCollection(show, [dryRunOption(REQUEST_WITH_ENV_VALUES_REDACTED), timeoutOption()]),
];

const headSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		type: z.enum(VARIABLE_TYPES, {
			errorMap: () => ({ message: `must be one of ${VARIABLE_TYPES.join(', ')}` }),
		}),
	}),
);
type Plan = { agentId: string; body: VariableRequest; dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { agentId, type } = validate(
		this,
		headSchema,
		{
			agentId: readAgentId(this, itemIndex),
			type: this.getNodeParameter('type', itemIndex, 'string'),
		},
		itemIndex,
		'variable',
	);
	const { defaultValue, ...fields } = this.getNodeParameter(
		'additionalFields',
		itemIndex,
		{},
	) as IDataObject;
	const variable = compact({
		key: this.getNodeParameter('key', itemIndex, ''),
		type,
		value: checkTypedValue(
			this,
			type,
			readTypedValue(this, type, itemIndex),
			'variable.value',
			itemIndex,
		),
		...fields,
		defaultValue:
			defaultValue === undefined || defaultValue === ''
				? undefined
				: checkTypedValue(this, type, defaultValue, 'variable.defaultValue', itemIndex, true),
	});
	const body = validate(
		this,
		createVariableRequestSchema,
		{ variable },
		itemIndex,
		'variable',
	) as VariableRequest;
	return { agentId, body, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = variablesPath(plan.agentId);
	if (plan.dryRun)
		return [
			{
				json: await variableDryRun(
					this,
					{ method: 'POST', path, body: plan.body },
					scope.itemIndex,
				),
			},
		];
	// Is Env set here: its value leaves the answer and every error, and an answer silent on isEnv is one.
	const isEnv = plan.body.variable.isEnv === true;
	const secrets = envSecrets(plan.body.variable, false);
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path,
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: variableAnswerSchema,
			secrets,
		},
		scope,
	);
	return [
		{
			json: checkWrite(this, variableOutput(answer.data, isEnv), {
				sent: checkedVariableFields(plan.body.variable, answer.data),
				record: answer.data,
				itemIndex: scope.itemIndex ?? 0,
				what: 'Variable',
			}),
		},
	];
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
