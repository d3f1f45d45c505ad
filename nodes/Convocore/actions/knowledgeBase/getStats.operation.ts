import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { knowledgeStatsSchema } from '../../../shared/contracts/knowledgeBase';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { kbPath } from './common';

const show = { resource: ['knowledgeBase'], operation: ['getStats'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose knowledge base to count'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex) },
		itemIndex,
		'knowledge-base stats request',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'GET',
			path: kbPath(plan.agentId, '/stats'),
			raw: true,
			response: knowledgeStatsSchema,
		},
		scope,
	);
	// `{ charCount, docsCount }`, as the API counts them.
	return [{ json: answer.data as IDataObject }];
}

export const getStats: ConvocoreOperation<Plan> = { description, prepare, execute };
