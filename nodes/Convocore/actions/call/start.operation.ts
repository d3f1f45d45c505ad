import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { redactSecrets } from '../../../shared/contracts/agent';
import {
	callRequestSchema,
	callResponseSchema,
	type CallRequest,
} from '../../../shared/contracts/call';
import { secretsIn } from '../../../shared/secrets';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption } from '../../descriptions/dryRun';
import { readJsonField, type JsonFieldShape } from '../../helpers/jsonFields';
import { normalizePhone } from '../../helpers/phone';
import { agentIdProperty } from '../../descriptions/pickers';
import { leadInfoProperty } from '../../descriptions/leadInfo';
import { compact, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['call'], operation: ['start'] };

/** A JSON option of the call holding an object; `{}` (the default) means "not given". */
function jsonObjectOption(displayName: string, name: string, description: string): INodeProperties {
	return { displayName, name, type: 'json', default: '{}', description };
}

/** A JSON option of the call holding a list; `[]` (the default) means "not given". */
function jsonListOption(displayName: string, name: string, description: string): INodeProperties {
	return { displayName, name, type: 'json', default: '[]', description };
}

export const description: INodeProperties[] = [
	{
		displayName:
			'Starts a real phone call: the number is rung now and the call is billed per minute. It is never retried after it may have reached Convocore. Use Options > Dry Run to check the request first.',
		name: 'callNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The voice agent that makes and handles the call'),
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+14155550123',
		description:
			'The number to call, in E.164 format: + then country code and number. Spaces, dashes, dots and brackets are removed before sending.',
		displayOptions: { show },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Campaign ID',
				name: 'campaignId',
				type: 'string',
				default: '',
				description: 'Links the call to a campaign',
			},
			{
				displayName: 'From',
				name: 'from',
				type: 'string',
				default: '',
				placeholder: '+14155550100',
				description:
					"One of the agent's numbers, in E.164 format. Defaults to the agent's primary number.",
			},
			leadInfoProperty('Who is called, for the agent to personalise the call'),
		],
	},
	optionsCollection(show, [
		jsonObjectOption(
			'Agent Overrides (JSON)',
			'agentOverrides',
			"Agent settings for this call only (an object of the agent's fields, e.g. title, lang, voiceConfig)",
		),
		{
			displayName: 'Await Listen URL',
			name: 'awaitListenUrl',
			type: 'boolean',
			default: false,
			description: 'Whether the call waits until its live-listen URL exists before it starts',
		},
		jsonObjectOption(
			'Call Info (JSON)',
			'callInfo',
			'Information about the call, passed to the agent as it is',
		),
		jsonObjectOption(
			'Caller Info (JSON)',
			'callerInfo',
			'Information about the caller, passed to the agent as it is',
		),
		dryRunOption('validate and return the exact request that would be sent, calling no one'),
		jsonListOption(
			'Messages History (JSON)',
			'messagesHistory',
			'Earlier messages for the agent: a list of { role: user|assistant|system|tool, content }',
		),
		{
			displayName: 'Override Initial Prompt',
			name: 'overrideInitialPrompt',
			type: 'boolean',
			default: false,
			description: "Whether the messages history replaces the agent's initial prompt",
		},
		jsonObjectOption(
			'Server Data (JSON)',
			'serverData',
			'Server-side data for the call (agentTools, agentVariables, telephony account, …). Secrets in it never appear in the output.',
		),
		timeoutOption(),
		jsonListOption(
			'Tools Overrides (JSON)',
			'toolsOverrides',
			'Tools created or overridden for this call: a list of { name, description, method, serverUrl, … }',
		),
		jsonListOption(
			'Variables Overrides (JSON)',
			'variablesOverrides',
			'Variables for this call: a list of { key, value, type, … }',
		),
	]),
];

/** The call's JSON options and the shape each holds; the others are plain values. */
const JSON_OPTIONS: Record<string, JsonFieldShape> = {
	agentOverrides: 'object',
	callInfo: 'object',
	callerInfo: 'object',
	messagesHistory: 'list',
	serverData: 'object',
	toolsOverrides: 'list',
	variablesOverrides: 'list',
};

export interface CallPlan {
	request: CallRequest;
	dryRun: boolean;
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<CallPlan> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const rawOptions = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const options: IDataObject = {};
	for (const [name, value] of Object.entries(rawOptions)) {
		// Timeout is read by runOperation and Dry Run below; neither is part of the request.
		if (name === 'timeout' || name === 'dryRun') continue;
		const shape = JSON_OPTIONS[name];
		// Only the JSON options are read as JSON; the object reader's overloads need the shape spelled out.
		const parsed =
			shape === undefined
				? value
				: shape === 'object'
					? readJsonField(this, value, `options.${name}`, itemIndex, 'object')
					: readJsonField(this, value, `options.${name}`, itemIndex, 'list');
		if (parsed !== undefined) options[name] = parsed as IDataObject;
	}
	const leadInfo = compact(
		readJsonField(this, additional.leadInfo, 'additionalFields.leadInfo', itemIndex, 'object') ??
			{},
	);
	const body = compact({
		agentId: readAgentId(this, itemIndex),
		to: normalizePhone(this.getNodeParameter('to', itemIndex, '')),
		from: normalizePhone(additional.from),
		campaignId: additional.campaignId,
		leadInfo: Object.keys(leadInfo).length ? leadInfo : undefined,
		options: Object.keys(options).length ? options : undefined,
	});
	return {
		request: validate(this, callRequestSchema, body, itemIndex, 'call request'),
		dryRun: readDryRun(this, itemIndex),
	};
}

export async function execute(this: IExecuteFunctions, plan: CallPlan, scope: RequestScope) {
	const sentSecrets = secretsIn(plan.request);
	if (plan.dryRun) {
		const url = `${await getBaseUrl.call(this, scope.itemIndex)}/calls`;
		const request = redactSecrets({ method: 'POST', url, body: plan.request }, sentSecrets);
		return [
			{
				json: isOneShapeDryRun(this)
					? dryRunOutput([request])
					: ({ dryRun: true, request } as IDataObject),
			},
		];
	}
	// A started call is billed: the transport never repeats a POST after an unclear failure.
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: '/calls',
			body: plan.request as IDataObject,
			raw: true,
			response: callResponseSchema,
		},
		scope,
	);
	return [{ json: redactSecrets(answer, sentSecrets) as IDataObject }];
}

export const start: ConvocoreOperation<CallPlan> = {
	description,
	defaultConcurrency: 1,
	prepare,
	execute,
};
