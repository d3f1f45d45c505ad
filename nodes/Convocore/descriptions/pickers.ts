import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { AGENT_URL_PATTERN } from '../../shared/contracts/agent';
import { AGENT_URL_VALIDATION } from '../helpers/agentId';

/**
 * The required Agent ID field, shown under `show`; `description` says what the agent is for.
 * Node version 1 (workflows saved with 0.1.0) keeps the plain text field it stored; version 2
 * offers a resource locator (From List, By URL, By ID). Both are stored as `agentId`.
 */
export function agentIdProperty(
	show: NonNullable<IDisplayOptions['show']>,
	description: string,
): INodeProperties[] {
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
							properties: {
								regex: AGENT_URL_VALIDATION,
								errorMessage: 'Not a Convocore agent URL',
							},
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
