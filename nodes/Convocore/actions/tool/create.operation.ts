import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import { createToolRequestSchema, toolEnvelopeSchema } from '../../../shared/contracts/tool';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOption, REQUEST_WITH_SECRETS_REDACTED } from '../../descriptions/dryRun';
import { readDryRun } from '../../helpers/dryRun';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
import { headerAuthProperty, readHeaderPair, withHeaderField } from './headerAuth';
import {
	CHANNELS_FIELD,
	METHOD_OPTIONS,
	SERVER_URL_SECRET_FIELD,
	agentToolsPath,
	checkToolRules,
	readToolFields,
	toolFieldsProperty,
	toolOutput,
} from './common';
import { dryRunRequest } from './dryRun';

const show = { resource: ['tool'], operation: ['create'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that gets the tool'),
	{
		displayName: 'Name',
		name: 'toolName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Get Weather',
		description:
			'The tool’s name, shown in Convocore and to the agent, e.g. Get Weather or check_opening_hours',
		displayOptions: { show },
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Check the opening hours of the practice',
		description: 'When the agent should use the tool and what it answers',
		displayOptions: { show },
	},
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		default: 'POST',
		options: METHOD_OPTIONS,
		description: 'The HTTP method of the tool’s request',
		displayOptions: { show },
	},
	{
		displayName: 'Server URL',
		name: 'serverUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://n8n.example.com/webhook/opening-hours',
		description:
			'Where Convocore sends the tool’s request while the agent talks, e.g. an n8n Webhook node’s Production URL',
		displayOptions: { show },
	},
	{
		...toolFieldsProperty('What the agent fills in, and where each value goes in the request'),
		displayOptions: { show },
	},
	headerAuthProperty(show),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			CHANNELS_FIELD,
			{
				displayName: 'Disabled',
				name: 'disabled',
				type: 'boolean',
				default: false,
				description: 'Whether the tool is created switched off',
			},
			SERVER_URL_SECRET_FIELD,
		],
	},
	optionsCollection(show, [dryRunOption(REQUEST_WITH_SECRETS_REDACTED), timeoutOption()]),
];

const planSchema = lazy(() =>
	z
		.object({ agentId: agentIdSchema, body: createToolRequestSchema })
		.superRefine(({ body }, ctx) =>
			checkToolRules(body.tool, (path, message) =>
				ctx.addIssue({ code: 'custom', path: ['tool', ...path], message }),
			),
		),
);
type Plan = z.output<typeof planSchema> & { dryRun: boolean; headerSecret?: string };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const channels = additional.channels;
	const tool = compact({
		name: this.getNodeParameter('toolName', itemIndex, ''),
		description: this.getNodeParameter('toolDescription', itemIndex, ''),
		method: this.getNodeParameter('method', itemIndex, 'POST'),
		serverUrl: this.getNodeParameter('serverUrl', itemIndex, ''),
		serverUrlSecret: additional.serverUrlSecret,
		disabled: additional.disabled,
		channels: Array.isArray(channels) && channels.length === 0 ? undefined : channels,
		fields: readToolFields(this, 'toolFields.field', itemIndex),
	});
	const pair = await readHeaderPair(this, itemIndex);
	if (pair) {
		const { fields, clash } = withHeaderField(tool.fields as unknown[] | undefined, pair, false);
		if (clash !== undefined) {
			const rule = `is the Convocore Tool Header credential's header (${pair.name}): remove this row or use another key`;
			throw new NodeOperationError(
				this.getNode(),
				`Invalid tool: tool.fields.${clash}.key: ${rule}`,
				{ itemIndex, description: `• tool.fields.${clash}.key: ${rule}\nIn item ${itemIndex}.` },
			);
		}
		tool.fields = fields;
	}
	const plan = validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), body: { tool } },
		itemIndex,
		'tool',
	);
	return { ...plan, dryRun: readDryRun(this, itemIndex), headerSecret: pair?.value };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = agentToolsPath(plan.agentId);
	if (plan.dryRun)
		return [
			{
				json: dryRunRequest(this, {
					method: 'POST',
					url: `${await getBaseUrl.call(this, scope.itemIndex)}${path}`,
					body: plan.body,
				}),
			},
		];
	// The transport redacts the secret sent (a secret-named field) from the answer and from errors.
	// The header's value is not under a secret name: named here, it leaves the answer and every error.
	const secrets = plan.headerSecret ? [plan.headerSecret] : [];
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path,
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: toolEnvelopeSchema,
			secrets,
		},
		scope,
	);
	return [{ json: toolOutput(answer.data) }];
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
