import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { redactSecrets } from '../../../shared/contracts/agent';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, convoIdProperty } from '../../descriptions/pickers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import {
	conversationPath,
	credentialRegion,
	readConversationRef,
	type ConversationRef,
} from './common';

const show = { resource: ['conversation'], operation: ['getDetails'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the conversation belongs to'),
	convoIdProperty(show),
	timeoutOnlyOptions(show),
];

type Plan = ConversationRef & { region: 'eu' | 'na' };

/** The details are untyped in the API: any JSON object is passed on. */
const detailsSchema = lazy(() => z.record(z.unknown()));

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return {
		...readConversationRef(this, itemIndex),
		region: await credentialRegion(this, itemIndex),
	};
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const details = await requestChecked(
		this,
		{
			method: 'GET',
			path: `${conversationPath(plan)}/details`,
			qs: { region: plan.region },
			response: detailsSchema,
		},
		scope,
	);
	return [{ json: redactSecrets(details) as IDataObject }];
}

export const getDetails: ConvocoreOperation<Plan> = { description, prepare, execute };
