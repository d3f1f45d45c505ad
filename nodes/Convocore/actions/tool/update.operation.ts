import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import {
	toolEnvelopeSchema,
	toolIdSchema,
	updateToolRequestSchema,
} from '../../../shared/contracts/tool';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOption, REQUEST_WITH_SECRETS_REDACTED } from '../../descriptions/dryRun';
import { readDryRun } from '../../helpers/dryRun';
import { agentIdProperty, toolIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
import { headerAuthProperty, readHeaderPair, withHeaderField, type HeaderPair } from './headerAuth';
import {
	CHANNELS_FIELD,
	METHOD_OPTIONS,
	SERVER_URL_SECRET_FIELD,
	checkToolRules,
	readToolFields,
	toolFieldsProperty,
	toolOutput,
	toolPath,
} from './common';
import { dryRunRequest } from './dryRun';

const show = { resource: ['tool'], operation: ['update'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose tool to change'),
	toolIdProperty(show, 'The tool to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Only the fields added here change; the others keep their values (the current name and description are read first and sent again, as Convocore requires them)',
		displayOptions: { show },
		options: [
			{
				...CHANNELS_FIELD,
				description: 'The channels the tool is offered on; they replace the current ones',
			},
			{
				displayName: 'Description',
				name: 'toolDescription',
				type: 'string',
				default: '',
				description: 'When the agent should use the tool and what it answers',
			},
			{
				displayName: 'Disabled',
				name: 'disabled',
				type: 'boolean',
				default: false,
				description: 'Whether the tool is switched off',
			},
			{
				displayName: 'Method',
				name: 'method',
				type: 'options',
				default: 'POST',
				options: METHOD_OPTIONS,
			},
			{
				displayName: 'Name',
				name: 'toolName',
				type: 'string',
				default: '',
				description:
					'The tool’s name, shown in Convocore and to the agent, e.g. Get Weather or check_opening_hours',
			},
			{
				displayName: 'Server URL',
				name: 'serverUrl',
				type: 'string',
				default: '',
				placeholder: 'https://n8n.example.com/webhook/opening-hours',
			},
			SERVER_URL_SECRET_FIELD,
			toolFieldsProperty('The tool’s fields; they replace all current fields'),
		],
	},
	headerAuthProperty(show),
	optionsCollection(show, [dryRunOption(REQUEST_WITH_SECRETS_REDACTED), timeoutOption()]),
];

const planSchema = lazy(() =>
	z
		.object({ agentId: agentIdSchema, toolId: toolIdSchema, body: updateToolRequestSchema })
		.superRefine(({ body }, ctx) => {
			if (Object.keys(body.tool).length === 0)
				ctx.addIssue({
					code: 'custom',
					path: ['updateFields'],
					message:
						'needs at least one field to change, or Header Authentication on (nothing was sent)',
				});
			checkToolRules(body.tool, (path, message) =>
				ctx.addIssue({ code: 'custom', path: ['tool', ...path], message }),
			);
		}),
);
type Plan = z.output<typeof planSchema> & { dryRun: boolean; header?: HeaderPair };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	// Only what the user added goes out (a PATCH of just those keys); an empty text is left out.
	const tool = compact({
		name: given.toolName,
		description: given.toolDescription,
		method: given.method,
		serverUrl: given.serverUrl,
		serverUrlSecret: given.serverUrlSecret,
		disabled: given.disabled,
		channels: given.channels,
		fields:
			'toolFields' in given
				? (readToolFields(this, 'updateFields.toolFields.field', itemIndex) ?? [])
				: undefined,
	});
	const header = await readHeaderPair(this, itemIndex);
	// The header field joins the rows given; without rows it joins the tool's current fields (read in execute).
	if (header && Array.isArray(tool.fields))
		tool.fields = withHeaderField(tool.fields as unknown[], header, true).fields;
	const plan = validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			toolId: readIdParameter(this, 'toolId', itemIndex),
			body: { tool: header && !tool.fields ? { ...tool, fields: [] } : tool },
		},
		itemIndex,
		'tool update',
	);
	if (header && !Array.isArray(tool.fields)) delete plan.body.tool.fields;
	return { ...plan, dryRun: readDryRun(this, itemIndex), header };
}

/**
 * The PATCH body: the published update schema requires `name` and `description`, so the ones not
 * being changed are sent as the tool has them now (one GET first); with Header Authentication and
 * no Tool Fields given, the current fields keep theirs and the header field replaces any of its key.
 */
async function completeBody(
	ctx: IExecuteFunctions,
	plan: Plan,
	scope: RequestScope,
): Promise<Record<string, unknown>> {
	const changes: Record<string, unknown> = { ...plan.body.tool };
	const needsCurrent =
		changes.name === undefined ||
		changes.description === undefined ||
		(plan.header && changes.fields === undefined);
	if (!needsCurrent) return changes;
	const current = (
		await requestChecked(
			ctx,
			{ method: 'GET', path: toolPath(plan.toolId), raw: true, response: toolEnvelopeSchema },
			scope,
		)
	).data as Record<string, unknown>;
	if (plan.header && changes.fields === undefined) {
		// Fields as they came: the update schema takes the same field objects (unknown keys aside).
		changes.fields = withHeaderField(
			Array.isArray(current.fields) ? current.fields : [],
			plan.header,
			true,
		).fields;
	}
	return { name: current.name, description: current.description, ...changes };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = toolPath(plan.toolId);
	if (plan.dryRun) {
		const keptAsTheyAre = ['name', 'description'].filter(
			(key) => plan.body.tool[key as 'name'] === undefined,
		);
		const url = `${await getBaseUrl.call(this, scope.itemIndex)}${path}`;
		const readFirst = `GET ${path}: ${keptAsTheyAre.join(' and ')} sent as the tool has them now`;
		return [
			{
				json: dryRunRequest(
					this,
					{ method: 'PATCH', url, body: plan.body },
					keptAsTheyAre.length ? { readFirst } : {},
				),
			},
		];
	}
	const tool = await completeBody(this, plan, scope);
	const secrets = plan.header ? [plan.header.value] : [];
	const answer = await requestChecked(
		this,
		{
			method: 'PATCH',
			path,
			body: { tool } as unknown as IDataObject,
			raw: true,
			response: toolEnvelopeSchema,
			secrets,
		},
		scope,
	);
	return [{ json: toolOutput(answer.data) }];
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
