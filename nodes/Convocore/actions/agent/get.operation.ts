import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	agentIdSchema,
	agentSchema,
	redactSecrets,
	simplifyAgent,
} from '../../../shared/contracts/agent';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { simplifyProperty, timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['agent'], operation: ['get'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent to read'),
	simplifyProperty(show, 'agent record (secrets are always left out)'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema, simplify: z.boolean() }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			simplify: this.getNodeParameter('simplify', itemIndex, true),
		},
		itemIndex,
		'agent',
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}`;
	const agent = await requestChecked(this, { method: 'GET', path, response: agentSchema }, scope);
	return [{ json: (plan.simplify ? simplifyAgent(agent) : redactSecrets(agent)) as IDataObject }];
}

export const get: ConvocoreOperation<Plan> = { description, prepare, execute };
