import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	CONVERSATION_STATES,
	conversationWriteAnswerSchema,
	updateConversationRequestSchema,
	type UpdateConversationRequest,
} from '../../../shared/contracts/conversationWrites';
import { redactSecrets } from '../../../shared/contracts/agent';
import type { RequestScope } from '../../transport/retries';
import { recordOf, requestChecked } from '../../helpers/answers';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty, convoIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { conversationPath, readConversationRef, type ConversationRef } from './common';

const show = { resource: ['conversation'], operation: ['update'] };

const STATE_NAMES: Record<(typeof CONVERSATION_STATES)[number], string> = {
	'ai-chatting': 'AI Chatting',
	ended_chat: 'Ended',
	'human-chatting': 'Human Chatting',
	requested_chat: 'Human Requested',
};

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the conversation belongs to'),
	convoIdProperty(show),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Blocked',
				name: 'isBlocked',
				type: 'boolean',
				default: false,
				description: 'Whether the customer is blocked from writing to the agent',
			},
			{ displayName: 'Language', name: 'lang', type: 'string', default: '', placeholder: 'en' },
			{
				displayName: 'Notes',
				name: 'notes',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
			},
			{
				displayName: 'State',
				name: 'state',
				type: 'options',
				default: 'ai-chatting',
				options: CONVERSATION_STATES.map((value) => ({ name: STATE_NAMES[value], value })).sort(
					(a, b) => (a.name < b.name ? -1 : 1),
				),
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				description: 'Tags of the conversation, separated by commas; they replace the ones it has',
			},
			{ displayName: 'User Company', name: 'userCompany', type: 'string', default: '' },
			{
				displayName: 'User Email',
				name: 'userEmail',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
			},
			{ displayName: 'User Name', name: 'userName', type: 'string', default: '' },
			{ displayName: 'User Phone', name: 'userPhone', type: 'string', default: '' },
		],
	},
	timeoutOnlyOptions(show),
];

type Plan = ConversationRef & { body: UpdateConversationRequest };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const conversation = compact({
		...fields,
		tags: fields.tags === undefined ? undefined : (listFrom(fields.tags) ?? []),
	});
	return {
		...readConversationRef(this, itemIndex),
		body: validate(
			this,
			updateConversationRequestSchema,
			{ conversation },
			itemIndex,
			'conversation update',
		),
	};
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'PATCH',
			path: conversationPath(plan),
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: conversationWriteAnswerSchema,
		},
		scope,
	);
	return [{ json: redactSecrets(recordOf(answer)) as IDataObject }];
}

export const update: ConvocoreOperation<Plan> = { description, prepare, execute };
