import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import { assignNumberRequestSchema } from '../../../shared/contracts/phoneNumber';
import { NUMBER_PATHS } from '../../../shared/telco';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { readAgentId } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import {
	additionalFieldsProperty,
	executeNumberRequest,
	numberOperation,
	numberReferenceProperties,
	prepareNumberReference,
	showFor,
	type BodyValue,
} from './common';

type AssignRequest = z.output<typeof assignNumberRequestSchema>;

export const description: INodeProperties[] = [
	...numberReferenceProperties('assignToAgent', 'assign'),
	...agentIdProperty(
		showFor('assignToAgent'),
		'The agent that sends and answers SMS from the number',
	),
	additionalFieldsProperty(
		'assignToAgent',
		'Further body fields, sent as they are. The sync-sms endpoint has no published schema, so fields it does not list are passed through.',
	),
	timeoutOnlyOptions(showFor('assignToAgent')),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<AssignRequest> {
	return prepareNumberReference(
		this,
		itemIndex,
		assignNumberRequestSchema,
		'SMS number assignment',
		() => ({
			agentId: readAgentId(this, itemIndex) as BodyValue,
		}),
	);
}

export async function execute(
	this: IExecuteFunctions,
	request: AssignRequest,
	scope: RequestScope,
) {
	return executeNumberRequest(this, NUMBER_PATHS.assignToAgent, request, scope);
}

export const assignToAgent = numberOperation<AssignRequest>(description, prepare, execute);
