import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	organisationClientPageSchema,
	organisationIdSchema,
} from '../../../shared/contracts/organisation';
import type { RequestScope } from '../../transport/retries';
import { readIdParameter } from '../../helpers/agentId';
import { hintWhenLimitReached } from '../../helpers/parameters';
import { listDescription } from '../../descriptions/listing';
import { listPlanSchema, mostOf, readListPlan } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
import { collectOrganisationPages, organisationPath } from './common';
import { organisationLocator } from '../../descriptions/pickers';

const show = { resource: ['organisation'], operation: ['getClients'] };

export const description: INodeProperties[] = listDescription(show, {
	of: [organisationLocator(show, 'The organisation whose clients are listed')],
});

const planSchema = lazy(() => listPlanSchema({ orgId: organisationIdSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = { orgId: readIdParameter(this, 'orgId', itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'organisation clients listing');
}

/** `GET /orgs/{orgId}/clients`, page by page: one item per client. */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const max = mostOf(plan);
	const clients = await collectOrganisationPages(
		this,
		`${organisationPath(plan.orgId)}/clients`,
		organisationClientPageSchema,
		max,
		scope,
	);
	hintWhenLimitReached(this, clients.length, max, 'clients', scope.itemIndex ?? 0);
	return clients.map((client) => ({ json: client }));
}

export const getClients: ConvocoreOperation<Plan> = { description, prepare, execute };
