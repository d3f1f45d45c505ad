import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { organisationPageSchema } from '../../../shared/contracts/organisation';
import type { RequestScope } from '../../transport/retries';
import { hintWhenLimitReached } from '../../helpers/parameters';
import { listDescription } from '../../descriptions/listing';
import { listPlanSchema, mostOf, readListPlan } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
import { collectOrganisationPages, organisationPath } from './common';

const show = { resource: ['organisation'], operation: ['getAll'] };

export const description: INodeProperties[] = listDescription(show, {});

const planSchema = lazy(() => listPlanSchema({}));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	return readListPlan(this, itemIndex, planSchema, {}, 'organisation listing');
}

/** `GET /orgs`, page by page: one item per organisation. */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const max = mostOf(plan);
	const organisations = await collectOrganisationPages(
		this,
		organisationPath(),
		organisationPageSchema,
		max,
		scope,
	);
	hintWhenLimitReached(this, organisations.length, max, 'organisations', scope.itemIndex ?? 0);
	return organisations.map((organisation) => ({ json: organisation }));
}

export const getAll: ConvocoreOperation<Plan> = { description, prepare, execute };
