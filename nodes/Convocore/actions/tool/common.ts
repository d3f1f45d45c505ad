import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import {
	TOOL_CHANNELS,
	TOOL_FIELD_LOCATIONS,
	TOOL_FIELD_TYPES,
	TOOL_METHODS,
	toolIdSchema,
	toolListEnvelopeSchema,
	toolWithoutSecret,
} from '../../../shared/contracts/tool';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentRef, type AgentRef } from '../../helpers/agentRef';

export function agentToolsPath(agentId: string): string {
	return `/agents/${encodeURIComponent(agentId)}/tools`;
}

export function toolPath(toolId: string): string {
	return `/tools/${encodeURIComponent(toolId)}`;
}

const toolRef = agentRef('toolId', toolIdSchema, 'tool');
export type ToolRef = AgentRef<'toolId'>;
export const readToolRef = toolRef.read;

/** Every tool of an agent (`GET /agents/{agentId}/tools` has no paging). Also read by the picker. */
export async function fetchTools(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	agentId: string,
	scope: RequestScope = {},
) {
	const answer = await requestChecked(
		ctx,
		{ method: 'GET', path: agentToolsPath(agentId), raw: true, response: toolListEnvelopeSchema },
		scope,
	);
	return answer.data;
}

/** A tool record for the output: never its server URL secret. */
export function toolOutput(tool: Record<string, unknown>): IDataObject {
	return toolWithoutSecret(tool) as IDataObject;
}

const titleCase = (value: string) => value[0].toUpperCase() + value.slice(1);

/**
 * Options lists sorted by name, as n8n's lint will ask (test/tooling/coming-rules.test.ts). By code
 * unit, not localeCompare, which initialises ICU while the package loads (see Convocore.node.ts).
 */
const byName = (options: INodePropertyOptions[]) =>
	options.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

export const METHOD_OPTIONS: INodePropertyOptions[] = byName(
	TOOL_METHODS.map((method) => ({ name: method, value: method })),
);

/** The spec's channel list, sorted by name as n8n's lint asks. */
export const CHANNEL_OPTIONS: INodePropertyOptions[] = byName(
	TOOL_CHANNELS.map((channel) => ({
		name: channel === 'gb-chat' ? 'GB Chat' : channel.split('-').map(titleCase).join(' '),
		value: channel,
	})),
);

export const SERVER_URL_SECRET_FIELD: INodeProperties = {
	displayName: 'Server URL Secret',
	name: 'serverUrlSecret',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		'A secret for the server to check that the request comes from Convocore. It never appears in any output or error.',
};

export const CHANNELS_FIELD: INodeProperties = {
	displayName: 'Channels',
	name: 'channels',
	type: 'multiOptions',
	options: CHANNEL_OPTIONS,
	default: [],
	description: 'The channels the tool is offered on; none chosen sends none (Convocore’s default)',
};

/** Tool Fields: typed rows, not a JSON box. */
export function toolFieldsProperty(description: string): INodeProperties {
	return {
		displayName: 'Tool Fields',
		name: 'toolFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Tool Field',
		default: {},
		description,
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Default Value',
						name: 'defaultValue',
						type: 'string',
						default: '',
						description:
							'Used when the agent has no value; must match the type (a number, or true / false)',
					},
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: 'What the agent fills in, e.g. "The day the customer asks about"',
					},
					{
						displayName: 'Key',
						name: 'key',
						type: 'string',
						default: '',
						placeholder: 'day',
						description:
							'The name the value is sent under: a letter or _ first, then letters, digits, _, - or dots',
					},
					{
						displayName: 'Required',
						name: 'required',
						type: 'boolean',
						default: false,
						description: 'Whether the agent must have a value before it calls the tool',
					},
					{
						displayName: 'Send In',
						name: 'in',
						type: 'options',
						default: 'body',
						options: byName(
							TOOL_FIELD_LOCATIONS.map((where) => ({ name: titleCase(where), value: where })),
						),
						description: 'Where the value goes in the tool’s request',
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						default: 'string',
						options: byName(
							TOOL_FIELD_TYPES.map((type) => ({ name: titleCase(type), value: type })),
						),
					},
				],
			},
		],
	};
}

/**
 * The Tool Fields rows of one item as the API's field objects, or undefined when there are none.
 * The API requires an `id` per field: the node uses the key. Keys are unique within a tool (the
 * rules below), so the key is a unique ID, and it is the same on every run: re-running an Update
 * with the same rows sends the same fields, where a random UUID would make every run a new field.
 * A default value given as text is turned into the field's type here; text that is no number (or
 * no true / false) is kept, for the rules to refuse it by name.
 */
export function readToolFields(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
): unknown[] | undefined {
	const rows = (ctx.getNodeParameter(name, itemIndex, []) as IDataObject[] | undefined) ?? [];
	if (!Array.isArray(rows) || rows.length === 0) return undefined;
	return rows.map((row) => {
		const key = typeof row.key === 'string' ? row.key.trim() : row.key;
		const field: IDataObject = {
			id: key as string,
			key: key as string,
			type: row.type ?? 'string',
			in: row.in ?? 'body',
			required: row.required ?? false,
		};
		if (typeof row.description === 'string' && row.description !== '')
			field.description = row.description;
		const defaultValue = typedDefault(row.type, row.defaultValue);
		if (defaultValue !== undefined) field.defaultValue = defaultValue as string;
		return field;
	});
}

function typedDefault(type: unknown, value: unknown): unknown {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (type === 'number' && text !== '' && Number.isFinite(Number(text))) return Number(text);
	if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
	return value;
}

/** The OpenAPI calls the name a display name, and the Create Tool page's own example is "Get Weather": one line of text. */
const TOOL_NAME_PATTERN = /^[^\p{Cc}]+$/u;
const FIELD_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * The node's own rules on a tool, before anything is sent: a name on one line (Convocore's
 * display name: "Get Weather" as much as check_opening_hours), an http(s) server URL, field keys
 * present, well-formed and unique, and defaults of the field's type.
 */
export function checkToolRules(
	tool: Record<string, unknown>,
	issue: (path: Array<string | number>, message: string) => void,
): void {
	if (typeof tool.name === 'string' && !TOOL_NAME_PATTERN.test(tool.name)) {
		issue(
			['name'],
			'must be one line of text without control characters, e.g. Get Weather or check_opening_hours',
		);
	}
	if (typeof tool.serverUrl === 'string' && !isHttpUrl(tool.serverUrl))
		issue(['serverUrl'], 'must be a full http:// or https:// URL');
	const seen = new Set<string>();
	const fields = Array.isArray(tool.fields) ? (tool.fields as Array<Record<string, unknown>>) : [];
	fields.forEach((field, index) => {
		const key = field.key;
		if (typeof key !== 'string' || key === '')
			return issue(['fields', index, 'key'], 'is required');
		if (!FIELD_KEY_PATTERN.test(key))
			issue(
				['fields', index, 'key'],
				'must start with a letter or _ and hold only letters, digits, _, - or .',
			);
		if (seen.has(key))
			issue(['fields', index, 'key'], `must be unique: ${key} is already a field of this tool`);
		seen.add(key);
		const value = field.defaultValue;
		if (value === undefined) return;
		if (field.type === 'number' && typeof value !== 'number')
			issue(['fields', index, 'defaultValue'], 'must be a number (the field’s type is number)');
		if (field.type === 'boolean' && typeof value !== 'boolean')
			issue(
				['fields', index, 'defaultValue'],
				'must be true or false (the field’s type is boolean)',
			);
	});
}

function isHttpUrl(text: string): boolean {
	try {
		const url = new URL(text);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}
