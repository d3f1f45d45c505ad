import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agents';
import { lazy } from '../../../shared/contracts/lazy';
import { toolEnvelopeSchema, toolIdSchema, updateToolRequestSchema } from '../../../shared/contracts/tools';
import { getBaseUrl, type RequestScope } from '../../../shared/transport';
import { requestChecked } from '../answers';
import { dryRunOption } from '../agent/fields';
import { readDryRun } from '../dryRun';
import { agentIdProperty, compact, optionsCollection, readAgentId, readIdParameter, timeoutOption, validate, type ConvocoreOperation } from '../operation';
import { CHANNELS_FIELD, METHOD_OPTIONS, SERVER_URL_SECRET_FIELD, checkToolRules, dryRunRequest, readToolFields, toolFieldsProperty, toolIdProperty, toolOutput, toolPath } from './common';

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
		description: 'Only the fields added here are sent and changed; the others keep their values',
		displayOptions: { show },
		options: [
			{ ...CHANNELS_FIELD, description: 'The channels the tool is offered on; they replace the current ones' },
			{ displayName: 'Description', name: 'toolDescription', type: 'string', default: '', description: 'When the agent should use the tool and what it answers' },
			{ displayName: 'Disabled', name: 'disabled', type: 'boolean', default: false, description: 'Whether the tool is switched off' },
			{ displayName: 'Method', name: 'method', type: 'options', default: 'POST', options: METHOD_OPTIONS },
			{ displayName: 'Name', name: 'toolName', type: 'string', default: '', description: 'The name the agent’s model calls the tool by: 1 to 64 letters, digits, _ or -' },
			{ displayName: 'Server URL', name: 'serverUrl', type: 'string', default: '', placeholder: 'https://n8n.example.com/webhook/opening-hours' },
			SERVER_URL_SECRET_FIELD,
			toolFieldsProperty('The tool’s fields; they replace all current fields'),
		],
	},
	optionsCollection(show, [dryRunOption, timeoutOption()]),
];

const planSchema = lazy(() =>
	z
		.object({ agentId: agentIdSchema, toolId: toolIdSchema, body: updateToolRequestSchema })
		.superRefine(({ body }, ctx) => {
			if (Object.keys(body.tool).length === 0) ctx.addIssue({ code: 'custom', path: ['updateFields'], message: 'needs at least one field to change (nothing was sent)' });
			checkToolRules(body.tool, (path, message) => ctx.addIssue({ code: 'custom', path: ['tool', ...path], message }));
		}),
);
type Plan = z.output<typeof planSchema> & { dryRun: boolean };

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
		fields: 'toolFields' in given ? (readToolFields(this, 'updateFields.toolFields.field', itemIndex) ?? []) : undefined,
	});
	const plan = validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), toolId: readIdParameter(this, 'toolId', itemIndex), body: { tool } },
		itemIndex,
		'tool update',
	);
	return { ...plan, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = toolPath(plan.toolId);
	if (plan.dryRun) return [{ json: dryRunRequest('PATCH', `${await getBaseUrl.call(this, scope.itemIndex)}${path}`, plan.body) }];
	const answer = await requestChecked(this, { method: 'PATCH', path, body: plan.body as unknown as IDataObject, raw: true, response: toolEnvelopeSchema }, scope);
	return [{ json: toolOutput(answer.data) }];
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
