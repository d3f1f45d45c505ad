import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { conversationSchema, simplifyConversation } from '../../../shared/contracts/conversation';
import { redactSecrets } from '../../../shared/contracts/agent';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, convoIdProperty } from '../../descriptions/pickers';
import { simplifyProperty, timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { conversationPath, readConversationRef, type ConversationRef } from './common';

const show = { resource: ['conversation'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the conversation belongs to'),
	convoIdProperty(show),
	simplifyProperty(show, 'conversation record'),
	timeoutOnlyOptions(show),
];

type Plan = ConversationRef & { simplify: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return {
		...readConversationRef(this, itemIndex),
		simplify: this.getNodeParameter('simplify', itemIndex, true) === true,
	};
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	// The transport unwraps `{ success, data }`: what comes back is the conversation itself.
	const record = await requestChecked(
		this,
		{ method: 'GET', path: conversationPath(plan), response: conversationSchema },
		scope,
	);
	const json = plan.simplify ? simplifyConversation(record) : redactSecrets(record);
	return [{ json: json as IDataObject }];
}

export const get: ConvocoreOperation<Plan> = { description, prepare, execute };
