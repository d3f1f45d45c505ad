import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { isUpdateOnlyAgentField, newAgentInputSchema } from '../../../shared/contracts/agentFields';
import type { RequestScope } from '../../transport/retries';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { agentIdIn, agentOutput, dryRunUpToVersion5, halfDoneAgentError, writeAgent } from './api';
import {
	dryRunOutput,
	isOneShapeDryRun,
	readDryRun,
	type DryRunRequest,
} from '../../helpers/dryRun';
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

/**
 * Create: `POST /agents` with the fields its schema takes. Convocore's create schema lacks some
 * fields its update schema has (`vg_prompt`, `starred`, `convoTags`, `enableNodes`, ...) and drops
 * them without an error, so those go in a second request, `PATCH /agents/{new ID}`. A failure
 * between the two names the agent that now exists.
 */

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
	optionsCollection(show, [
		dryRunOption(REQUEST_WITH_SECRETS_REDACTED),
		otherFieldsOption,
		timeoutOption(),
	]),
];

interface CreatePlan {
	/** `POST /agents`: the fields the create schema takes. */
	body: { agent: IDataObject };
	/** The update-only fields, set with `PATCH /agents/{new ID}` once the agent exists; empty when none. */
	updateOnly: IDataObject;
	dryRun: boolean;
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<CreatePlan> {
	const fields = {
		title: this.getNodeParameter('title', itemIndex, ''),
		...readAgentFields(this, itemIndex, { withTitle: false }),
	};
	const agent = validate(this, newAgentInputSchema, fields, itemIndex, 'agent') as IDataObject;
	const create: IDataObject = {};
	const updateOnly: IDataObject = {};
	for (const [field, value] of Object.entries(agent))
		(isUpdateOnlyAgentField(field) ? updateOnly : create)[field] = value;
	// New agents run on the node runtime unless Enable Nodes is turned off (seed).
	hintIgnoredPrompt(this, agent, agent.enableNodes ?? true, itemIndex);
	return { body: { agent: create }, updateOnly, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: CreatePlan, scope: RequestScope) {
	const itemIndex = scope.itemIndex ?? 0;
	const updateFields = Object.keys(plan.updateOnly);
	if (plan.dryRun && !isOneShapeDryRun(this)) {
		const post = dryRunUpToVersion5('POST', '/agents', plan.body as unknown as IDataObject);
		if (updateFields.length === 0) return [{ json: post }];
		// Secrets redacted across both requests: a token repeated in the other one is hidden too.
		const then = agentOutput(
			{ method: 'PATCH', path: '/agents/{new agent ID}', body: { agent: plan.updateOnly } },
			plan,
		);
		return [{ json: { ...agentOutput(post, plan), then } }];
	}
	if (plan.dryRun) {
		const url = `${await getBaseUrl.call(this, scope.itemIndex)}/agents`;
		const requests: DryRunRequest[] = [{ method: 'POST', url, body: plan.body }];
		if (updateFields.length)
			requests.push({
				method: 'PATCH',
				url: `${url}/{new agent ID}`,
				body: { agent: plan.updateOnly },
			});
		// Secrets redacted across both requests: a token repeated in the other one is hidden too.
		return [{ json: dryRunOutput(agentOutput(requests, plan) as unknown as DryRunRequest[]) }];
	}
	const created = await writeAgent(this, 'POST', '/agents', plan.body, scope);
	const sentAll = { ...plan.body.agent, ...plan.updateOnly };
	if (updateFields.length === 0) {
		return [
			{
				json: checkWrite(this, agentOutput(created, plan.body), {
					sent: plan.body.agent,
					record: created,
					itemIndex,
					what: `Agent ${agentIdIn(created) ?? ''}`.trim(),
				}),
			},
		];
	}
	const newAgentId = agentIdIn(created);
	if (newAgentId === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`Agent "${String(plan.body.agent.title)}" was created, but Convocore's answer does not name it, so its update-only fields were not set`,
			{
				itemIndex,
				description: `Do not run this again: it would make another agent. Find it with Agent > Get Many and set these fields with Agent > Update: ${updateFields.join(', ')}.`,
			},
		);
	}
	let record: Awaited<ReturnType<typeof writeAgent>>;
	try {
		record = await writeAgent(
			this,
			'PATCH',
			agentPath(newAgentId),
			{ agent: plan.updateOnly },
			scope,
		);
	} catch (error) {
		throw halfDoneAgentError(error, {
			newAgentId,
			done: `("${String(plan.body.agent.title)}") was created`,
			fields: updateFields,
		});
	}
	return [
		{
			json: checkWrite(this, agentOutput(record, sentAll), {
				sent: sentAll,
				record,
				itemIndex,
				what: `Agent ${newAgentId}`,
			}),
		},
	];
}

export const create: ConvocoreOperation<CreatePlan> = { description, prepare, execute };
