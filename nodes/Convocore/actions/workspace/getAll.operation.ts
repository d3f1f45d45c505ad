import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { workspaceListContract, workspacesIn } from '../../../shared/contracts/workspace';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { listDescription } from '../../descriptions/listing';
import { keptUpToLimit, listPlanSchema, readListPlan } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['workspace'], operation: ['getAll'] };

// No Simplify: a workspace record is a handful of short fields.
export const description: INodeProperties[] = listDescription(show, {});

const planSchema = lazy(() => listPlanSchema({}));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return readListPlan(this, itemIndex, planSchema, {}, 'workspace listing');
}

/** `GET /workspaces` answers every workspace the secret can see in one list, without pages. */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{ method: 'GET', path: '/workspaces', raw: true, response: workspaceListContract },
		scope,
	);
	const workspaces = workspacesIn(answer);
	const kept = keptUpToLimit(this, workspaces, plan, 'workspaces', scope.itemIndex ?? 0);
	return kept.map((workspace) => ({ json: workspace as IDataObject }));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
