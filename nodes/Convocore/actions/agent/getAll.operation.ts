import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { redactSecrets, simplifyAgent } from '../../../shared/contracts/agent';
import type { RequestScope } from '../../transport/retries';
import { listDescription } from '../../descriptions/listing';
import { keptUpToLimit, readListPlan, simplifiedListPlanSchema } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
import { fetchAgents } from './api';

const show = { resource: ['agent'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	simplify: { what: 'agent record (secrets are always left out)' },
});

const planSchema = lazy(() => simplifiedListPlanSchema({}));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return readListPlan(this, itemIndex, planSchema, {}, 'agent listing', { simplify: true });
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	// The API lists every agent at once (no paging is specified): Limit is applied here.
	const agents = await fetchAgents(this, scope);
	const kept = keptUpToLimit(this, agents, plan, 'agents', scope.itemIndex ?? 0);
	return kept.map((agent) => ({
		json: (plan.simplify ? simplifyAgent(agent) : redactSecrets(agent)) as IDataObject,
	}));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
