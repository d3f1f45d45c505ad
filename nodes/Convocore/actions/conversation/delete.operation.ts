import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { conversationWriteAnswerSchema } from '../../../shared/contracts/conversationWrites';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, convoIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { conversationPath, readConversationRef, type ConversationRef } from './common';

const show = { resource: ['conversation'], operation: ['delete'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the conversation belongs to'),
	convoIdProperty(show),
	timeoutOnlyOptions(show),
];

export async function prepare(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<ConversationRef> {
	return readConversationRef(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, plan: ConversationRef, scope: RequestScope) {
	await requestChecked(
		this,
		{
			method: 'DELETE',
			path: conversationPath(plan),
			raw: true,
			response: conversationWriteAnswerSchema,
		},
		scope,
	);
	return [{ json: { deleted: true, convoId: plan.convoId } }];
}

export const deleteConversation: ConvocoreOperation<ConversationRef> = {
	description,
	prepare,
	execute,
};
