import {
	deleteOrganisationAnswerSchema,
	organisationAgentPageSchema,
	organisationClientPageSchema,
	organisationPageQuerySchema,
	organisationPageSchema,
} from '../../nodes/shared/contracts/organisation';
import { assertWorkspaceSecret } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import type { SandboxOrganisation } from '../domain/records';
import { agentRecord } from './agent';
import type { Route, RouteContext } from './types';

/**
 * Organisations and their agents and clients (agent-at-work spec §6): workspace-level, paged with
 * page/pageSize. Every answer is checked against the node's own contract, so the two cannot drift.
 */

function organisationsOf(ctx: RouteContext): SandboxOrganisation[] {
	assertWorkspaceSecret(ctx.caller, 'Organisations');
	return Object.values(ctx.state.organisations ?? {})
		.filter((organisation) => organisation.workspaceId === ctx.caller.workspace.id)
		.sort((a, b) => a.createdAt - b.createdAt);
}

function findOrganisation(ctx: RouteContext): SandboxOrganisation {
	const organisation = organisationsOf(ctx).find((candidate) => candidate.id === ctx.params.orgId);
	if (!organisation)
		throw new ApiError(
			404,
			'ORG_NOT_FOUND',
			`Organisation ${ctx.params.orgId} was not found in this workspace.`,
		);
	return organisation;
}

/** One page of `all`, in the listings' shape. */
function page<T>(ctx: RouteContext, all: T[], what: string) {
	const { page: current, pageSize } = parseOrThrow(
		organisationPageQuerySchema,
		ctx.query,
		`${what} query`,
	);
	const start = (current - 1) * pageSize;
	const data = all.slice(start, start + pageSize);
	return {
		success: true,
		message: `${data.length} of ${all.length} ${what}`,
		data,
		total: all.length,
		totalPages: Math.ceil(all.length / pageSize),
		currentPage: current,
	};
}

function listOrganisations(ctx: RouteContext) {
	const data = organisationsOf(ctx).map(({ id, name, contactEmail, createdAt }) => ({
		id,
		name,
		contactEmail,
		createdAt,
	}));
	return { body: organisationPageSchema.parse(page(ctx, data, 'organisations')) };
}

function listOrganisationAgents(ctx: RouteContext) {
	const organisation = findOrganisation(ctx);
	const agents = Object.values(ctx.state.agents)
		.filter(
			(agent) => agent.orgId === organisation.id && agent.workspaceId === organisation.workspaceId,
		)
		.sort((a, b) => a.title.localeCompare(b.title))
		.map((agent) => ({ ...agentRecord(agent), orgId: organisation.id }));
	return { body: organisationAgentPageSchema.parse(page(ctx, agents, 'agents')) };
}

function listOrganisationClients(ctx: RouteContext) {
	const organisation = findOrganisation(ctx);
	const clients = Object.values(ctx.state.orgClients ?? {})
		.filter((client) => client.orgId === organisation.id)
		.sort((a, b) => a.createdAt - b.createdAt)
		.map(({ id, orgId, name, email, createdAt }) => ({ id, orgId, name, email, createdAt }));
	return { body: organisationClientPageSchema.parse(page(ctx, clients, 'clients')) };
}

/** Deletes the organisation and its clients; its agents stay, belonging to no organisation. */
function deleteOrganisation(ctx: RouteContext) {
	const organisation = findOrganisation(ctx);
	const clients = ctx.state.orgClients ?? {};
	const gone = Object.values(clients).filter((client) => client.orgId === organisation.id);
	for (const client of gone) delete clients[client.id];
	for (const agent of Object.values(ctx.state.agents))
		if (agent.orgId === organisation.id) delete agent.orgId;
	delete ctx.state.organisations?.[organisation.id];
	const body = {
		success: true,
		message: `Organisation ${organisation.id} deleted with ${gone.length} client(s).`,
		deletedClientsCount: gone.length,
	};
	return { body: deleteOrganisationAnswerSchema.parse(body) };
}

export const organisationRoutes: Route[] = [
	{ method: 'GET', pattern: '/orgs', handler: listOrganisations },
	{ method: 'GET', pattern: '/orgs/:orgId/agents', handler: listOrganisationAgents },
	{ method: 'GET', pattern: '/orgs/:orgId/clients', handler: listOrganisationClients },
	{ method: 'DELETE', pattern: '/orgs/:orgId', handler: deleteOrganisation },
];
