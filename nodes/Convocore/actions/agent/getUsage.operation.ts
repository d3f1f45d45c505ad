import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import { agentUsageAnswerSchema } from '../../../shared/contracts/usage';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import {
	readUsageRange,
	usageBody,
	usageItem,
	type UsagePlanRange,
} from '../../helpers/usageRange';
import { usageRangeProperties } from '../../descriptions/usageRange';
import { agentPath } from '../../helpers/paths';

const show = { resource: ['agent'], operation: ['getUsage'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose usage is read'),
	...usageRangeProperties(show, "the agent's"),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema }));
type Plan = { agentId: string } & UsagePlanRange;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { agentId } = validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex) },
		itemIndex,
		'agent',
	);
	return { agentId, ...readUsageRange(this, itemIndex) };
}

/**
 * `POST /agents/{agentId}/usage`: one item per input item, the agent's usage over the period:
 * `creditsConsumed`, the nested `metrics` as Convocore sent them, and 0.2.0's flat totals where
 * the answer has them (usageItem). A read sent as POST: retried like a GET.
 */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: `${agentPath(plan.agentId)}/usage`,
			read: true,
			body: usageBody(plan),
			response: agentUsageAnswerSchema,
		},
		scope,
	);
	return [{ json: usageItem({ agentId: plan.agentId }, plan, answer as IDataObject) }];
}

export const getUsage: ConvocoreOperation<Plan> = { description, prepare, execute };
