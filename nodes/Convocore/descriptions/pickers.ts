import type { INodeProperties } from 'n8n-workflow';
import { AGENT_URL_PATTERN } from '../../shared/contracts/agent';
import { AGENT_URL_VALIDATION } from '../helpers/agentId';
import { updateDisplayOptions, type Show } from './displayOptions';

/**
 * Every picker (resource locator) of the Convocore nodes, beside the methods/ that list their
 * entries. Each is stored under its name as `{ mode, value }` and read with readIdParameter
 * (helpers/agentId.ts). Their texts are held by the description's hash (test/load).
 */

/** What a picker lists and how it reads. */
interface Listed {
	displayName: string;
	name: string;
	/** From List: the node's `searchListMethod` and the list's placeholder. */
	list: [searchListMethod: string, placeholder: string];
	/** The typed mode (stored as `id`): its placeholder, and its name where it is no ID. */
	typed: string | [displayName: string, placeholder: string];
	/** What the list shows, added to the description (`… The list shows …`). */
	shows?: string;
}

/** A picker shown under `show` (none in a trigger, which has no resources), required unless said. */
function picker(
	listed: Listed,
	description: string,
	show?: Show,
	required = true,
): INodeProperties {
	const [searchListMethod, listPlaceholder] = listed.list;
	const [typedName, typedPlaceholder] =
		typeof listed.typed === 'string' ? ['By ID', listed.typed] : listed.typed;
	return {
		displayName: listed.displayName,
		name: listed.name,
		type: 'resourceLocator',
		...(required ? { required: true } : {}),
		default: { mode: 'list', value: '' },
		description: listed.shows
			? `${description.replace(/\.$/, '')}. The list shows ${listed.shows}.`
			: description,
		...(show ? { displayOptions: { show } } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: listPlaceholder,
				typeOptions: { searchListMethod, searchable: true },
			},
			{ displayName: typedName, name: 'id', type: 'string', placeholder: typedPlaceholder },
		],
	};
}

/** A resource's picker, shown under the operation's `show`; `description` says what it is for. */
const pickerOf =
	(listed: Listed) =>
	(show: Show, description: string): INodeProperties =>
		picker(listed, description, show);

/**
 * The agent picker: From List, By URL (a Convocore dashboard link) or By ID. The Conversation
 * Trigger's agent filter is optional and has no By URL.
 */
export function agentPicker(
	description: string,
	{
		show,
		required = true,
		byUrl = true,
	}: { show?: Show; required?: boolean; byUrl?: boolean } = {},
): INodeProperties {
	const agent = picker(
		{
			displayName: 'Agent',
			name: 'agentId',
			list: ['searchAgents', 'Select an agent…'],
			typed: 'e.g. 8f1c2a…',
		},
		description,
		show,
		required,
	);
	if (!byUrl) return agent;
	const [fromList, byId] = agent.modes!;
	return {
		...agent,
		modes: [
			fromList,
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
			byId,
		],
	};
}

/**
 * The required Agent ID field, shown under `show`; `description` says what the agent is for.
 * Node version 1 (workflows saved with 0.1.0) keeps the plain text field it stored; version 2
 * offers the agent picker. Both are stored as `agentId`.
 */
export function agentIdProperty(show: Show, description: string): INodeProperties[] {
	return updateDisplayOptions({ show }, [
		{
			displayName: 'Agent ID',
			name: 'agentId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 8f1c2a…',
			description,
			displayOptions: { show: { '@version': [1] } },
		},
		agentPicker(description, { show: { '@version': [{ _cnd: { gte: 2 } }] } }),
	]);
}

/**
 * The workspace picker: the workspaces the secret can see (`GET /workspaces`), or an ID.
 * `idPlaceholder`: the Workspace resource's own operations show a whole example ID.
 */
export function workspacePicker(
	description: string,
	{ show, idPlaceholder = 'e.g. ws-…' }: { show?: Show; idPlaceholder?: string } = {},
): INodeProperties {
	const listed: Listed = {
		displayName: 'Workspace',
		name: 'workspaceId',
		list: ['searchWorkspaces', 'Select a workspace…'],
		typed: idPlaceholder,
	};
	return picker(listed, description, show);
}

/**
 * The workspace of a crawler job operation, stored as `workspaceId`. Node versions 1 to 3 keep the
 * text field their workflows stored; version 4 offers the workspace picker.
 */
export function crawlerWorkspaceProperties(
	show: Show,
	description = 'The workspace the crawler job belongs to',
): INodeProperties[] {
	return updateDisplayOptions({ show }, [
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. ws-…',
			description,
			displayOptions: { show: { '@version': [{ _cnd: { lte: 3 } }] } },
		},
		workspacePicker(description, { show: { '@version': [{ _cnd: { gte: 4 } }] } }),
	]);
}

/** The crawler job picker: the workspace's jobs, or an ID. */
export const jobIdLocator = pickerOf({
	displayName: 'Job',
	name: 'jobId',
	list: ['searchCrawlerJobs', 'Select a crawler job…'],
	typed: 'e.g. crawl-job-…',
});

/** The conversation picker: recent conversations of the chosen agent, or an ID. */
export function convoIdProperty(show: Show): INodeProperties {
	return picker(
		{
			displayName: 'Conversation',
			name: 'convoId',
			list: ['searchConversations', 'Select a conversation…'],
			typed: 'e.g. 4917612345678',
			shows: 'the chosen agent’s recent conversations',
		},
		'The conversation to read',
		show,
	);
}

/** The campaign picker: the chosen agent's campaigns, or an ID. */
export const campaignIdProperty = pickerOf({
	displayName: 'Campaign',
	name: 'campaignId',
	list: ['searchCampaigns', 'Select a campaign…'],
	typed: 'e.g. campaign-1',
});

/**
 * The lead group picker: the chosen agent's groups, or a name. A group is known by its name
 * (its ID), so the typed mode is By Name. Stored as `name` (Campaign > Create's differs).
 */
export function leadGroupProperty(show: Show, description: string, name = 'groupName') {
	const listed: Listed = {
		displayName: 'Lead Group',
		name,
		list: ['searchLeadGroups', 'Select a lead group…'],
		typed: ['By Name', 'e.g. webinar-leads-2026-11'],
	};
	return picker(listed, description, show);
}

/** The document picker: the chosen agent's knowledge-base documents, or an ID. */
export const docIdProperty = pickerOf({
	displayName: 'Document',
	name: 'docId',
	list: ['searchKnowledgeDocuments', 'Select a document…'],
	typed: 'e.g. kb-12',
	shows: 'the chosen agent’s knowledge-base documents',
});

/** The custom metric picker by ID (Get, Update): the chosen agent's metrics, or an ID. */
export const metricIdProperty = pickerOf({
	displayName: 'Metric',
	name: 'metricId',
	list: ['searchCustomMetrics', 'Select a metric…'],
	typed: 'e.g. cm_4f1c2a9b8e7d6c5b',
	shows: 'the chosen agent’s custom metrics',
});

/** The custom metric picker by key (Get Data): the data route names a metric by its key. */
export function metricKeyProperty(show: Show): INodeProperties {
	return picker(
		{
			displayName: 'Metric',
			name: 'metricKey',
			list: ['searchCustomMetricKeys', 'Select a metric…'],
			typed: ['By Key', 'e.g. customer_satisfaction'],
		},
		'The metric whose data to read. The list shows the chosen agent’s custom metrics; By Key takes its key (e.g. customer_satisfaction), as the data route names a metric by key.',
		show,
	);
}

/** The tool picker: the chosen agent's tools, or an ID. */
export const toolIdProperty = pickerOf({
	displayName: 'Tool',
	name: 'toolId',
	list: ['searchTools', 'Select a tool…'],
	typed: 'e.g. tool-1',
	shows: 'the chosen agent’s tools',
});

/** The variable picker: the chosen agent's variables, or an ID. */
export const variableIdProperty = pickerOf({
	displayName: 'Variable',
	name: 'variableId',
	list: ['searchVariables', 'Select a variable…'],
	typed: 'e.g. variable-1',
});

/** The organisation picker: the organisations of `GET /orgs`, or an ID. Stored as `orgId`. */
export const organisationLocator = pickerOf({
	displayName: 'Organisation',
	name: 'orgId',
	list: ['searchOrganisations', 'Select an organisation…'],
	typed: 'e.g. org-…',
});

/** The voice picker: the chosen provider's catalog, or a voice ID. */
export function voiceIdProperty(show: Show): INodeProperties {
	const { displayOptions, modes, ...voice } = picker(
		{
			displayName: 'Voice',
			name: 'voiceId',
			list: ['searchVoices', 'Select a voice…'],
			typed: 'e.g. 21m00Tcm4TlvDq8ikWAM',
		},
		"The voice, picked from the provider's catalog or given by its ID",
		show,
	);
	// The list depends on Provider; the keys keep the order the node has always described.
	return { ...voice, typeOptions: { loadOptionsDependsOn: ['provider'] }, modes, displayOptions };
}
