import type { INodeProperties } from 'n8n-workflow';
import { SESSIONS_PAGE } from '../shared/contracts/sessions';
import { triggerOptions } from '../Convocore/descriptions/options';
import { agentPicker, workspacePicker } from '../Convocore/descriptions/pickers';

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
	workspacePicker(
		"The workspace whose conversations to watch. The credential must hold this workspace's secret.",
	),
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
			agentPicker('Only sessions with this agent', { required: false, byUrl: false }),
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
	triggerOptions([
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
	]),
];
