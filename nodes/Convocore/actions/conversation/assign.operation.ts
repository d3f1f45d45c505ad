import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	assignConversationAnswerSchema,
	assignConversationRequestSchema,
	type AssignConversationRequest,
} from '../../../shared/contracts/conversationWrites';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, convoIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { conversationPath, readConversationRef, type ConversationRef } from './common';

const show = { resource: ['conversation'], operation: ['assign'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the conversation belongs to'),
	convoIdProperty(show),
	{
		displayName: 'Assign To User ID',
		name: 'assignToUserId',
		type: 'string',
		required: true,
		default: '',
		description: 'The workspace member who takes over the conversation from the agent',
		displayOptions: { show },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Delegated By',
				name: 'delegatedBy',
				type: 'string',
				default: '',
				description: 'User ID of whoever hands the conversation over',
			},
		],
	},
	timeoutOnlyOptions(show),
];

type Plan = ConversationRef & { body: AssignConversationRequest };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body = compact({
		assignToUserId: this.getNodeParameter('assignToUserId', itemIndex, ''),
		delegatedBy: additional.delegatedBy,
	});
	return {
		...readConversationRef(this, itemIndex),
		body: validate(
			this,
			assignConversationRequestSchema,
			body,
			itemIndex,
			'conversation assignment',
		),
	};
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: `${conversationPath(plan)}/assign`,
			body: plan.body as IDataObject,
			raw: true,
			response: assignConversationAnswerSchema,
		},
		scope,
	);
	return [{ json: { convoId: plan.convoId, assigned: answer.success, ...answer } as IDataObject }];
}

export const assign: ConvocoreOperation<Plan> = { description, prepare, execute };
