import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema, redactSecrets } from '../../../shared/contracts/agent';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['agent'], operation: ['getPhoneNumbers'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent whose phone numbers to read'),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema }));
type Plan = z.output<typeof planSchema>;

/** Untyped in the API: a number, a record, or a list of either. */
const phoneAnswerSchema = lazy(() =>
	z.union([
		z.string(),
		z.record(z.unknown()),
		z.array(z.union([z.string(), z.record(z.unknown())])),
	]),
);

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return validate(this, planSchema, { agentId: readAgentId(this, itemIndex) }, itemIndex, 'agent');
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/phone`;
	const answer = await requestChecked(
		this,
		{ method: 'GET', path, response: phoneAnswerSchema },
		scope,
	);
	const numbers = Array.isArray(answer) ? answer : [answer];
	// One item per number; a bare number becomes { phoneNumber }.
	return numbers.map((entry) => ({
		json: redactSecrets(typeof entry === 'string' ? { phoneNumber: entry } : entry) as IDataObject,
	}));
}

export const getPhoneNumbers: ConvocoreOperation<Plan> = { description, prepare, execute };
