import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import {
	deleteLeadGroupAnswerSchema,
	leadGroupNameSchema,
} from '../../../shared/contracts/leadGroup';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentIdProperty, leadGroupProperty } from '../../descriptions/pickers';
import { readAgentId, readIdParameter } from '../../helpers/agentId';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { confirmationProperty } from '../../descriptions/confirmation';
import { readConfirmation, typedConfirmation } from '../../helpers/confirmation';
import { type ConvocoreOperation } from '../types';

const show = { resource: ['leadGroup'], operation: ['delete'] };

/**
 * What Confirmation must hold from node version 5 on, typed out: the route deletes every lead of
 * the group for good, a bulk delete, so nothing is deleted until someone types the phrase.
 * Versions 1 to 4 never asked for it: workflows saved with them run as they were saved.
 */
export const DELETE_LEAD_GROUP_CONFIRMATION = 'DELETE GROUP AND ITS LEADS';
const FIRST_CONFIRMED_VERSION = 5;

export const description: INodeProperties[] = [
	{
		// A notice stores nothing: saved workflows keep their parameters.
		displayName:
			"Convocore publishes this route as Delete Leads by Group, and its public client uses it to delete every lead of the group for good. Expect the group's leads to be deleted with it.",
		name: 'deleteGroupNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The agent that owns the group'),
	leadGroupProperty(show, 'The group to delete, with its leads'),
	confirmationProperty(
		{ ...show, '@version': [{ _cnd: { gte: FIRST_CONFIRMED_VERSION } }] },
		DELETE_LEAD_GROUP_CONFIRMATION,
		'the group and every lead in it are deleted',
	),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() => z.object({ agentId: agentIdSchema, groupName: leadGroupNameSchema }));
const confirmationSchema = lazy(() =>
	typedConfirmation(DELETE_LEAD_GROUP_CONFIRMATION, 'delete the group and its leads'),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = {
		agentId: readAgentId(this, itemIndex),
		groupName: readIdParameter(this, 'groupName', itemIndex),
	};
	if (this.getNode().typeVersion < FIRST_CONFIRMED_VERSION)
		return validate(this, planSchema, given, itemIndex, 'lead group');
	const confirmed = planSchema.extend({ confirmation: confirmationSchema });
	const { agentId, groupName } = validate(
		this,
		confirmed,
		{ ...given, confirmation: readConfirmation(this, itemIndex) },
		itemIndex,
		'lead group delete',
	);
	return { agentId, groupName };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	// The route sits under /leads and calls the group's ID `groupId`: a group is known by its name.
	const path = `/agents/${encodeURIComponent(plan.agentId)}/leads/group`;
	const answer = await requestChecked(
		this,
		{
			method: 'DELETE',
			path,
			qs: { groupId: plan.groupName },
			raw: true,
			response: deleteLeadGroupAnswerSchema,
		},
		scope,
	);
	// deletedCount: how many leads went with the group (published answer); left out when the answer has none.
	return [
		{
			json: {
				deleted: true,
				name: plan.groupName,
				...(typeof answer.deletedCount === 'number' ? { deletedCount: answer.deletedCount } : {}),
			},
		},
	];
}

export const deleteLeadGroup: ConvocoreOperation<Plan> = { description, prepare, execute };
