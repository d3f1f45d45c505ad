import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { redactSecrets, simplifyAgent, type AgentRecord } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import {
	organisationAgentPageSchema,
	organisationIdSchema,
} from '../../../shared/contracts/organisation';
import type { RequestScope } from '../../transport/retries';
import { readIdParameter } from '../../helpers/agentId';
import { hintWhenLimitReached } from '../../helpers/parameters';
import { listDescription } from '../../descriptions/listing';
import { mostOf, readListPlan, simplifiedListPlanSchema } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
import { collectOrganisationPages, organisationPath } from './common';
import { organisationLocator } from '../../descriptions/pickers';

const show = { resource: ['organisation'], operation: ['getAgents'] };

export const description: INodeProperties[] = listDescription(show, {
	of: [organisationLocator(show, 'The organisation whose agents are listed')],
	simplify: { what: 'agent record (secrets are always left out)' },
});

const planSchema = lazy(() => simplifiedListPlanSchema({ orgId: organisationIdSchema }));
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = { orgId: readIdParameter(this, 'orgId', itemIndex) };
	return readListPlan(this, itemIndex, planSchema, given, 'organisation agents listing', {
		simplify: true,
	});
}

/**
 * `GET /orgs/{orgId}/agents`, page by page: one item per agent, with `orgId` so a later node
 * (Agent > Get Usage, a Summarize) can group by organisation. Secrets are never output.
 */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const max = mostOf(plan);
	const agents = await collectOrganisationPages(
		this,
		`${organisationPath(plan.orgId)}/agents`,
		organisationAgentPageSchema,
		max,
		scope,
	);
	hintWhenLimitReached(this, agents.length, max, 'agents', scope.itemIndex ?? 0);
	return agents.map((agent) => {
		const shown = plan.simplify ? simplifyAgent(agent as AgentRecord) : redactSecrets(agent);
		return { json: { ...shown, orgId: plan.orgId } as IDataObject };
	});
}

export const getAgents: ConvocoreOperation<Plan> = { description, prepare, execute };
