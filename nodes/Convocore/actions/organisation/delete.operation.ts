import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	deleteOrganisationAnswerSchema,
	organisationIdSchema,
} from '../../../shared/contracts/organisation';
import type { RequestScope } from '../../transport/retries';
import { readIdParameter } from '../../helpers/agentId';
import { requestChecked } from '../../helpers/answers';
import { timeoutOnlyOptions } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { confirmationProperty } from '../../descriptions/confirmation';
import { readConfirmation, typedConfirmation } from '../../helpers/confirmation';
import { type ConvocoreOperation } from '../types';
import { organisationPath } from './common';
import { organisationLocator } from '../../descriptions/pickers';

const show = { resource: ['organisation'], operation: ['delete'] };

/** What Confirmation must hold, typed out: no default, no expression's accident, says what it does. */
export const DELETE_ORGANISATION_CONFIRMATION = 'DELETE ORGANISATION AND CLIENTS';

export const description: INodeProperties[] = [
	{
		displayName:
			'Deletes the organisation and every client under it. This cannot be undone. Its agents stay.',
		name: 'deleteOrganisationNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	organisationLocator(show, 'The organisation to delete, with its clients'),
	confirmationProperty(
		show,
		DELETE_ORGANISATION_CONFIRMATION,
		'the organisation and all its clients are deleted',
	),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		orgId: organisationIdSchema,
		confirmation: typedConfirmation(
			DELETE_ORGANISATION_CONFIRMATION,
			'delete the organisation and its clients',
		),
	}),
);
type Plan = { orgId: string };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = {
		orgId: readIdParameter(this, 'orgId', itemIndex),
		confirmation: readConfirmation(this, itemIndex),
	};
	const { orgId } = validate(this, planSchema, given, itemIndex, 'organisation delete');
	return { orgId };
}

/** `DELETE /orgs/{orgId}`: one item saying so, and how many clients went with it. */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const answer = await requestChecked(
		this,
		{
			method: 'DELETE',
			path: organisationPath(plan.orgId),
			raw: true,
			response: deleteOrganisationAnswerSchema,
		},
		scope,
	);
	return [
		{ json: { deleted: true, orgId: plan.orgId, deletedClientsCount: answer.deletedClientsCount } },
	];
}

export const deleteOrganisation: ConvocoreOperation<Plan> = {
	description,
	defaultConcurrency: 1,
	prepare,
	execute,
};
