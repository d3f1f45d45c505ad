import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { usageAnswerSchema } from '../../../shared/contracts/usage';
import type { RequestScope } from '../../../shared/transport';
import { listOrIdLocator, readIdParameter } from '../agentId';
import { requestChecked } from '../answers';
import { requiredText } from '../crawlerJob/common';
import { timeoutOnlyOptions, validate, type ConvocoreOperation } from '../operation';
import { readUsageRange, usageBody, usageItem, usageRangeProperties, type UsagePlanRange } from '../usageRange';

const show = { resource: ['workspace'], operation: ['getUsage'] };

export const description: INodeProperties[] = [
	listOrIdLocator({
		displayName: 'Workspace',
		name: 'workspaceId',
		description: 'The workspace whose usage is read',
		show,
		searchListMethod: 'searchWorkspaces',
		listPlaceholder: 'Select a workspace…',
		idPlaceholder: 'e.g. ws-…',
	}),
	...usageRangeProperties(show, 'the workspace\'s'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ workspaceId: requiredText('a workspace ID') }));
type Plan = { workspaceId: string } & UsagePlanRange;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { workspaceId } = validate(this, planSchema, { workspaceId: readIdParameter(this, 'workspaceId', itemIndex) }, itemIndex, 'workspace');
	return { workspaceId, ...readUsageRange(this, itemIndex) };
}

/** `POST /workspaces/{workspaceId}/usage`: one item, the workspace's totals over the period. Read-only. */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{ method: 'POST', path: `/workspaces/${encodeURIComponent(plan.workspaceId)}/usage`, body: usageBody(plan), response: usageAnswerSchema },
		scope,
	);
	return [{ json: usageItem({ workspaceId: plan.workspaceId }, plan, answer as IDataObject) }];
}

export const getUsage: ConvocoreOperation<Plan> = { description, prepare, execute };
