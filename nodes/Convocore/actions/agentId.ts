import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { AGENT_URL_PATTERN } from '../../shared/contracts/agents';

/** n8n anchors a validation regex at both ends: the whole URL must match, query string included. */
const AGENT_URL_VALIDATION = `${AGENT_URL_PATTERN.source.replace(/^\^/, '')}(?:[/?#].*)?`;

/**
 * The required Agent ID field, shown under `show`; `description` says what the agent is for.
 * Node version 1 (workflows saved with 0.1.0) keeps the plain text field it stored; version 2
 * offers a resource locator (From List, By URL, By ID). Both are stored as `agentId`.
 */
export function agentIdProperty(show: NonNullable<IDisplayOptions['show']>, description: string): INodeProperties[] {
	return [
		{
			displayName: 'Agent ID',
			name: 'agentId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 8f1c2a…',
			description,
			displayOptions: { show: { ...show, '@version': [1] } },
		},
		{
			displayName: 'Agent',
			name: 'agentId',
			type: 'resourceLocator',
			required: true,
			default: { mode: 'list', value: '' },
			description,
			displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 2 } }] } },
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: 'Select an agent…',
					typeOptions: { searchListMethod: 'searchAgents', searchable: true },
				},
				{
					displayName: 'By URL',
					name: 'url',
					type: 'string',
					placeholder: 'https://app.convocore.ai/eu/prototype/8f1c2a…',
					validation: [
						{
							type: 'regex',
							properties: { regex: AGENT_URL_VALIDATION, errorMessage: 'Not a Convocore agent URL' },
						},
					],
					extractValue: { type: 'regex', regex: AGENT_URL_PATTERN.source },
				},
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: 'e.g. 8f1c2a…',
				},
			],
		},
	];
}

/**
 * Reads a resource locator or plain text parameter as the ID it names, without judging it: a
 * string is trimmed, anything else (a number, null, an object from an expression) is handed on
 * as it is, so the operation's contract names the field and the rule instead of a crash.
 * A URL (By URL mode, which only the agent picker offers) is reduced to the agent ID; one that
 * does not match is refused (n8n checks a typed URL, but not one an expression produced).
 */
export function readIdParameter(ctx: IExecuteFunctions, name: string, itemIndex: number): unknown {
	let value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	let mode: unknown;
	if (isLocator(value)) {
		mode = value.mode;
		value = value.value;
	}
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (mode !== 'url') return text;
	const id = AGENT_URL_PATTERN.exec(text)?.[1];
	if (id) return id;
	throw new NodeOperationError(ctx.getNode(), `Invalid ${name} in item ${itemIndex}: not a Convocore URL that names one (e.g. https://app.convocore.ai/eu/prototype/<agentId>)`, {
		itemIndex,
	});
}

/**
 * A required picker stored as `name`: From List (through the node's `searchListMethod`) or By ID;
 * read with readIdParameter. Shared by the conversation, document and crawler job pickers.
 */
export function listOrIdLocator(picker: {
	displayName: string;
	name: string;
	description: string;
	show: NonNullable<IDisplayOptions['show']>;
	searchListMethod: string;
	listPlaceholder: string;
	idPlaceholder: string;
}): INodeProperties {
	return {
		displayName: picker.displayName,
		name: picker.name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: picker.description,
		displayOptions: { show: picker.show },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: picker.listPlaceholder,
				typeOptions: { searchListMethod: picker.searchListMethod, searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: picker.idPlaceholder },
		],
	};
}

/** The Agent ID of one item, from the text field (version 1) or the agent picker (version 2). */
export function readAgentId(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return readIdParameter(ctx, 'agentId', itemIndex);
}

function isLocator(value: unknown): value is { mode?: unknown; value?: unknown } {
	return typeof value === 'object' && value !== null && (value as { __rl?: unknown }).__rl === true;
}
