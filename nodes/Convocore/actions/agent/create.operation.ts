import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { newAgentSchema, type CreateAgentRequest } from '../../../shared/contracts/agentFields';
import type { RequestScope } from '../../../shared/transport';
import { optionsCollection, timeoutOption, validate, type ConvocoreOperation } from '../operation';
import { agentOutput, dryRunOutput, writeAgent } from './api';
import { readDryRun } from '../dryRun';
import { agentFieldProperties, dryRunOption, otherFieldsOption, hintIgnoredPrompt, readAgentFields } from './fields';

const show = { resource: ['agent'], operation: ['create'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Ava from Acme Dental',
		description: 'The name of the new agent, as the agent picker and the Convocore app show it',
		displayOptions: { show },
	},
	...agentFieldProperties(show, { withTitle: false }),
	optionsCollection(show, [dryRunOption, otherFieldsOption, timeoutOption()]),
];

interface CreatePlan {
	body: CreateAgentRequest;
	dryRun: boolean;
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<CreatePlan> {
	const agent = { title: this.getNodeParameter('title', itemIndex, ''), ...readAgentFields(this, itemIndex, { withTitle: false }) };
	const body: CreateAgentRequest = { agent: validate(this, newAgentSchema, agent, itemIndex, 'agent') };
	const dryRun = readDryRun(this, itemIndex);
	// New agents run on the node runtime unless Enable Nodes is turned off (seed).
	hintIgnoredPrompt(this, body.agent as IDataObject, body.agent.enableNodes ?? true, itemIndex);
	return { body, dryRun };
}

export async function execute(this: IExecuteFunctions, plan: CreatePlan, scope: RequestScope) {
	if (plan.dryRun) return [{ json: dryRunOutput('POST', '/agents', plan.body as unknown as IDataObject) }];
	const agent = await writeAgent(this, 'POST', '/agents', plan.body as unknown as { agent: IDataObject }, scope);
	return [{ json: agentOutput(agent, plan.body) }];
}

export const create: ConvocoreOperation<CreatePlan> = { description, prepare, execute };
