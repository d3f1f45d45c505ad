import type { INodeProperties } from 'n8n-workflow';
import { SESSIONS_PAGE } from '../shared/contracts/sessions';

/** The Convocore Conversation Trigger's parameters (the node adds n8n's Poll Times itself, by `polling: true`). */

export const EVENTS = { newSession: 'newSession', newConversation: 'newConversation' } as const;
export type TriggerEvent = (typeof EVENTS)[keyof typeof EVENTS];

export const properties: INodeProperties[] = [
	{
		displayName:
			'Polls Convocore for new sessions on the Poll Times below: no public URL and no dashboard setting needed. Each new session runs the workflow once, oldest first. When the workflow is published (active), the first poll only notes where the feed stands; sessions from then on are emitted. Use the Convocore Trigger instead when Convocore can reach this n8n server: it is instant and covers other events.',
		name: 'pollingNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Workspace',
		name: 'workspaceId',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description:
			"The workspace whose conversations to watch. The credential must hold this workspace's secret.",
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a workspace…',
				typeOptions: { searchListMethod: 'searchWorkspaces', searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. ws-…' },
		],
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		default: 'newSession',
		options: [
			{
				name: 'New Conversation',
				value: EVENTS.newConversation,
				description: 'A conversation never seen before: its first session',
			},
			{
				name: 'New Session',
				value: EVENTS.newSession,
				description:
					"A new session on any conversation, a new conversation's first session included",
			},
		],
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			"Whether to leave out the session's turns (the messages), keeping the conversation's fields only",
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Agent',
				name: 'agentId',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'Only sessions with this agent',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select an agent…',
						typeOptions: { searchListMethod: 'searchAgents', searchable: true },
					},
					{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 8f1c2a…' },
				],
			},
			{
				displayName: 'Channel',
				name: 'origin',
				type: 'string',
				default: '',
				placeholder: 'e.g. web-chat',
				description:
					"Only sessions from this channel (the conversation's origin), e.g. web-chat, messenger, instagram, discord, gb-chat, sms or telephony",
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: SESSIONS_PAGE.maxLimit },
				// SESSIONS_PAGE.maxLimit, written out: n8n's lint reads only a literal default.
				default: 100,
				description:
					'Sessions per request (1 to 100). A poll with nothing new sends one request whatever the size.',
			},
			{
				displayName: 'Region',
				name: 'region',
				type: 'options',
				default: 'credential',
				options: [
					{ name: 'EU', value: 'eu' },
					{
						name: 'From Credential',
						value: 'credential',
						description:
							"The credential's region; for a custom base URL, the region its path or host names",
					},
					{ name: 'North America', value: 'na' },
				],
				description: 'The region the workspace lives in; the sessions route requires it',
			},
		],
	},
];
