import type { IExecuteFunctions, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import {
	variableListContract,
	VARIABLE_LIST_KEYS,
	type Variable,
} from '../../../shared/contracts/variable';
import { findList } from '../../../shared/contracts/common';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { keptUpToLimit, listPlanSchema, readListPlan } from '../../helpers/listing';
import { readAgentId } from '../../helpers/agentId';
import { listDescription } from '../../descriptions/listing';
import { type ConvocoreOperation } from '../types';
import { variableOutput, variablesPath } from './common';

const show = { resource: ['variable'], operation: ['getAll'] };

// No Simplify: a variable is a dozen short fields, all of which a workflow may use.
export const description: INodeProperties[] = listDescription(show, {
	of: agentIdProperty(show, 'The agent whose variables to list'),
});

const planSchema = lazy(() => listPlanSchema({ agentId: agentIdSchema }));
type Plan = z.output<typeof planSchema>;

/** Every variable of the agent: the API answers them in one list, without pages. */
export async function fetchVariables(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	agentId: string,
	scope: RequestScope = {},
): Promise<Variable[]> {
	const answer = await requestChecked(
		ctx,
		{ method: 'GET', path: variablesPath(agentId), raw: true, response: variableListContract },
		scope,
	);
	return (findList(answer, VARIABLE_LIST_KEYS) ?? []) as Variable[];
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = { agentId: readAgentId(this, itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'variable listing');
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const variables = await fetchVariables(this, plan.agentId, scope);
	const kept = keptUpToLimit(this, variables, plan, 'variables', scope.itemIndex ?? 0);
	return kept.map((variable) => ({ json: variableOutput(variable) }));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
