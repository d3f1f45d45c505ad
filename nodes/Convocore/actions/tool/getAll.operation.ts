import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import { simplifyTool } from '../../../shared/contracts/tool';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { listDescription } from '../../descriptions/listing';
import { keptUpToLimit, readListPlan, simplifiedListPlanSchema } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
import { fetchTools, toolOutput } from './common';

const show = { resource: ['tool'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {
	of: agentIdProperty(show, 'The agent whose tools to list'),
	simplify: {
		description:
			'Whether to return only ID, name, description, method, server URL, disabled, channels and the field keys instead of the full tool',
	},
});

const planSchema = lazy(() => simplifiedListPlanSchema({ agentId: agentIdSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = { agentId: readAgentId(this, itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'tool listing', { simplify: true });
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	// The route has no paging: every tool comes in one answer, and Limit keeps the first ones.
	const tools = await fetchTools(this, plan.agentId, scope);
	const kept = keptUpToLimit(this, tools, plan, 'tools', scope.itemIndex ?? 0);
	return kept.map((tool) => ({
		json: (plan.simplify ? simplifyTool(toolOutput(tool)) : toolOutput(tool)) as IDataObject,
	}));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
