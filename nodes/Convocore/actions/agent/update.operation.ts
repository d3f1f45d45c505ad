import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { agentChangesSchema } from '../../../shared/contracts/agentFields';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { agentOutput, dryRunUpToVersion5, writeAgent } from './api';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption, REQUEST_WITH_SECRETS_REDACTED } from '../../descriptions/dryRun';
import { getBaseUrl } from '../../transport/request';
import { agentPath } from '../../helpers/paths';
import { checkWrite } from '../../helpers/writeCheck';
import {
	agentFieldProperties,
	otherFieldsOption,
	hintIgnoredPrompt,
	readAgentFields,
} from './fields';

const show = { resource: ['agent'], operation: ['update'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent to change'),
	...agentFieldProperties(show, { withTitle: true }),
	optionsCollection(show, [
		dryRunOption(REQUEST_WITH_SECRETS_REDACTED),
		otherFieldsOption,
		timeoutOption(),
	]),
];

const agentIdOnly = lazy(() => z.object({ agentId: agentIdSchema }));

interface UpdatePlan {
	agentId: string;
	body: { agent: IDataObject };
	dryRun: boolean;
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<UpdatePlan> {
	const { agentId } = validate(
		this,
		agentIdOnly,
		{ agentId: readAgentId(this, itemIndex) },
		itemIndex,
		'agent',
	);
	// Only the fields the user set: what is not sent keeps its value on the agent.
	const agent = validate(
		this,
		agentChangesSchema,
		readAgentFields(this, itemIndex, { withTitle: true }),
		itemIndex,
		'agent update',
	);
	return { agentId, body: { agent: agent as IDataObject }, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: UpdatePlan, scope: RequestScope) {
	const path = agentPath(plan.agentId);
	const agent = plan.body.agent as IDataObject;
	if (plan.dryRun) {
		hintIgnoredPrompt(this, agent, agent.enableNodes, scope.itemIndex ?? 0);
		const body = plan.body as unknown as IDataObject;
		if (!isOneShapeDryRun(this)) return [{ json: dryRunUpToVersion5('PATCH', path, body) }];
		const url = `${await getBaseUrl.call(this, scope.itemIndex)}${path}`;
		return [{ json: dryRunOutput([{ method: 'PATCH', url, body: agentOutput(body, body) }]) }];
	}
	const record = await writeAgent(this, 'PATCH', path, { agent }, scope);
	// Whether the agent runs on nodes is known from what was sent or, failing that, from its record.
	hintIgnoredPrompt(this, agent, agent.enableNodes ?? record.enableNodes, scope.itemIndex ?? 0);
	const output = agentOutput(record, plan.body);
	return [
		{
			json: checkWrite(this, output, {
				sent: agent,
				record,
				itemIndex: scope.itemIndex ?? 0,
				what: `Agent ${plan.agentId}`,
			}),
		},
	];
}

export const update: ConvocoreOperation<UpdatePlan> = { description, prepare, execute };
