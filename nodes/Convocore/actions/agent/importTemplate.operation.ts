import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	importTemplateRequestSchema,
	type ImportTemplateRequest,
} from '../../../shared/contracts/agentTemplate';
import { REDACTED } from '../../../shared/secrets';
import type { RequestScope } from '../../transport/retries';
import { compact, parseJsonParameter, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { agentOutput, importTemplate as sendImport } from './api';

const show = { resource: ['agent'], operation: ['importTemplate'] };

/** A template file larger than this is refused before it is read as JSON. */
export const MAX_TEMPLATE_FILE_BYTES = 5 * 1024 * 1024;

export const description: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'A JSON template file in an input binary field',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'A template given as JSON, e.g. the output of Export Template',
			},
		],
		default: 'json',
		displayOptions: { show },
	},
	{
		displayName: 'Template (JSON)',
		name: 'template',
		type: 'json',
		required: true,
		default: '',
		description:
			'The template as Export Template outputs it: the whole output ({ "agentTemplate": … }) or the template object itself. It needs a workspaceId.',
		displayOptions: { show: { ...show, source: ['json'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field holding the JSON template file',
		displayOptions: { show: { ...show, source: ['binary'] } },
	},
	{
		displayName: 'Agent Name',
		name: 'agentName',
		type: 'string',
		default: '',
		description: "The new agent's name; empty keeps the template's",
		displayOptions: { show },
	},
	optionsCollection(show, [
		timeoutOption(),
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			default: '',
			description:
				"The workspace to import into, instead of the template's own (e.g. a template exported from another workspace)",
		},
	]),
];

export async function prepare(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<ImportTemplateRequest> {
	const source = this.getNodeParameter('source', itemIndex, 'json');
	const given =
		source === 'binary'
			? await readTemplateFile(this, itemIndex)
			: parseJsonParameter(
					this,
					this.getNodeParameter('template', itemIndex, ''),
					'template',
					itemIndex,
				);
	const template = withoutRedacted(templateIn(given));
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const agentTemplate = template.value as IDataObject | undefined;
	const workspaceId =
		typeof options.workspaceId === 'string' ? options.workspaceId.trim() : options.workspaceId;
	if (
		agentTemplate &&
		typeof agentTemplate === 'object' &&
		!Array.isArray(agentTemplate) &&
		workspaceId
	)
		agentTemplate.workspaceId = workspaceId;
	const request = validate(
		this,
		importTemplateRequestSchema,
		compact({
			agentTemplate,
			agentName: trimmed(this.getNodeParameter('agentName', itemIndex, '')),
		}),
		itemIndex,
		'template import',
	);
	// Only an item that passed validation (and will be sent) warns: a refused one says why instead.
	const { removed } = template;
	if (removed.length) {
		const named =
			removed.length > 4
				? `${removed.slice(0, 4).join(', ')} and ${removed.length - 4} more fields`
				: removed.join(', ');
		this.addExecutionHints({
			message: `Item ${itemIndex}: ${named} held ${REDACTED} (a secret left out on export) and ${removed.length > 1 ? 'were' : 'was'} not sent: set ${removed.length > 1 ? 'them' : 'it'} again in Convocore if the new agent needs ${removed.length > 1 ? 'them' : 'it'}.`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return request;
}

function trimmed(value: unknown): unknown {
	return typeof value === 'string' ? value.trim() : value;
}

/** The JSON of a template file in an input binary field; a missing field, a big file or bad JSON is an error naming it. */
async function readTemplateFile(ctx: IExecuteFunctions, itemIndex: number): Promise<unknown> {
	const field = ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
	const binary = ctx.helpers.assertBinaryData(itemIndex, field);
	const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, field);
	const what = `binary field "${field}"${binary.fileName ? ` (${binary.fileName})` : ''}`;
	if (data.length > MAX_TEMPLATE_FILE_BYTES) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid template in item ${itemIndex}: ${what}: the file is larger than ${MAX_TEMPLATE_FILE_BYTES / 1024 / 1024} MB`,
			{ itemIndex },
		);
	}
	return parseJsonParameter(ctx, data.toString('utf8'), what, itemIndex);
}

/** Export Template's whole output (`{ agentTemplate }`) or the template itself. */
function templateIn(given: unknown): unknown {
	if (typeof given !== 'object' || given === null || Array.isArray(given)) return given;
	const wrapped = (given as { agentTemplate?: unknown }).agentTemplate;
	return wrapped !== undefined && !('workspaceId' in given) ? wrapped : given;
}

/**
 * The template without the `[redacted]` placeholders Export Template put where secrets were:
 * sending them would store the placeholder as the agent's key. Paths of what was left out.
 */
function withoutRedacted(
	value: unknown,
	path = '',
	removed: string[] = [],
	depth = 0,
): { value: unknown; removed: string[] } {
	if (depth > 64 || typeof value !== 'object' || value === null) return { value, removed };
	if (Array.isArray(value)) {
		return {
			value: value.map(
				(entry, index) => withoutRedacted(entry, `${path}[${index}]`, removed, depth + 1).value,
			),
			removed,
		};
	}
	const copy: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		const at = path ? `${path}.${key}` : key;
		if (entry === REDACTED) removed.push(at);
		else copy[key] = withoutRedacted(entry, at, removed, depth + 1).value;
	}
	return { value: copy, removed };
}

export async function execute(
	this: IExecuteFunctions,
	request: ImportTemplateRequest,
	scope: RequestScope,
) {
	const answer = await sendImport(this, request, scope);
	const json =
		typeof answer === 'object' && answer !== null && !Array.isArray(answer)
			? answer
			: { result: answer };
	return [{ json: agentOutput(json, request) }];
}

export const importTemplate: ConvocoreOperation<ImportTemplateRequest> = {
	description,
	prepare,
	execute,
};
