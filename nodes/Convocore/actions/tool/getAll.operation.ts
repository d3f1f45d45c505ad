import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import { simplifyTool } from '../../../shared/contracts/tool';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import {
	hintWhenLimitReached,
	listingFields,
	readListing,
	validate,
} from '../../helpers/parameters';
import { readAgentId } from '../../helpers/agentId';
import {
	returnAllAndLimit,
	simplifyProperty,
	timeoutOnlyOptions,
} from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import { fetchTools, toolOutput } from './common';

const show = { resource: ['tool'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose tools to list'),
	...returnAllAndLimit(show),
	{
		...simplifyProperty(show, 'tool'),
		description:
			'Whether to return only ID, name, description, method, server URL, disabled, channels and the field keys instead of the full tool',
	},
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		...listingFields(),
		simplify: z.boolean({ invalid_type_error: 'must be true or false' }),
	}),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			...readListing(this, itemIndex),
			simplify: this.getNodeParameter('simplify', itemIndex, true),
		},
		itemIndex,
		'tool listing',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	// The route has no paging: every tool comes in one answer, and Limit keeps the first ones.
	const tools = await fetchTools(this, plan.agentId, scope);
	const max = plan.returnAll ? Infinity : plan.limit;
	const kept = tools.slice(0, max);
	hintWhenLimitReached(this, kept.length, max, 'tools', scope.itemIndex ?? 0);
	return kept.map((tool) => ({
		json: (plan.simplify ? simplifyTool(toolOutput(tool)) : toolOutput(tool)) as IDataObject,
	}));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
