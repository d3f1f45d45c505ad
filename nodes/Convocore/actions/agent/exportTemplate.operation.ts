import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { agentOutput, fetchTemplate } from './api';

const show = { resource: ['agent'], operation: ['exportTemplate'] };

export const TEMPLATE_MIME_TYPE = 'application/json';

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent to export'),
	optionsCollection(show, [
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			hint: 'The name of the output binary field to put the template file in',
			description: 'Also output the template as a JSON file, in the binary field of this name',
		},
		timeoutOption(),
	]),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		binaryPropertyName: z
			.string({ invalid_type_error: 'must be text' })
			.trim()
			.min(1, 'must name the binary field to put the file in (e.g. data)')
			.optional(),
	}),
);
type ExportPlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ExportPlan> {
	const options = this.getNodeParameter('options', itemIndex, {}) as {
		binaryPropertyName?: unknown;
	};
	return validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), binaryPropertyName: options.binaryPropertyName },
		itemIndex,
		'template export',
	);
}

/** `<name>-template.json`, with characters a file name cannot hold replaced. */
export function templateFileName(name: string): string {
	return `${name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'agent'}-template.json`;
}

export async function execute(
	this: IExecuteFunctions,
	plan: ExportPlan,
	scope: RequestScope,
): Promise<INodeExecutionData[]> {
	// The template is output as Convocore gave it, with every secret field redacted: a file may
	// travel far, and Import Template leaves the [redacted] placeholders out again.
	const template = agentOutput(await fetchTemplate(this, plan.agentId, scope));
	if (plan.binaryPropertyName === undefined) return [{ json: template }];
	const name = (template.agentTemplate as { name?: unknown }).name;
	const file = await this.helpers.prepareBinaryData(
		Buffer.from(JSON.stringify(template, null, 2), 'utf8'),
		templateFileName(typeof name === 'string' && name.trim() ? name.trim() : plan.agentId),
		TEMPLATE_MIME_TYPE,
	);
	return [{ json: template, binary: { [plan.binaryPropertyName]: file } }];
}

export const exportTemplate: ConvocoreOperation<ExportPlan> = { description, prepare, execute };
