import type { SandboxAgent } from './state';
import type { SandboxClient, SandboxOrganisation } from './records';

/**
 * Organisations (white-label "client cards") of a workspace and the clients under them, as the
 * sandbox seeds them (their records are in ./records.ts); agents belong to at most one through
 * `SandboxAgent.orgId`.
 */

export const ORGANISATION_SEED_IDS = {
	/** EU White Label: agent-own and agent-rental, 25 clients (two pages at the default page size of 20). */
	acme: 'org-acme-dental',
	/** EU White Label: agent-no-sms, 2 clients. */
	brightside: 'org-brightside',
	/** EU White Label: no agents, no clients. */
	empty: 'org-sunset-spa',
	/** NA White Label: agent-na, 1 client. */
	na: 'org-na-smiles',
} as const;

interface OrganisationSeed {
	id: string;
	workspaceId: string;
	name: string;
	agentIds: string[];
	clients: number;
}

export function seedOrganisations(
	ids: {
		euWorkspace: string;
		naWorkspace: string;
		ownAccountAgent: string;
		rentalAgent: string;
		noSmsAgent: string;
		naAgent: string;
	},
	agents: SandboxAgent[],
	seedTimeMs: number,
): { organisations: SandboxOrganisation[]; clients: SandboxClient[] } {
	const seeds: OrganisationSeed[] = [
		{
			id: ORGANISATION_SEED_IDS.acme,
			workspaceId: ids.euWorkspace,
			name: 'Acme Dental Group',
			agentIds: [ids.ownAccountAgent, ids.rentalAgent],
			clients: 25,
		},
		{
			id: ORGANISATION_SEED_IDS.brightside,
			workspaceId: ids.euWorkspace,
			name: 'Brightside Clinics',
			agentIds: [ids.noSmsAgent],
			clients: 2,
		},
		{
			id: ORGANISATION_SEED_IDS.empty,
			workspaceId: ids.euWorkspace,
			name: 'Sunset Spa',
			agentIds: [],
			clients: 0,
		},
		{
			id: ORGANISATION_SEED_IDS.na,
			workspaceId: ids.naWorkspace,
			name: 'NA Smiles',
			agentIds: [ids.naAgent],
			clients: 1,
		},
	];
	const organisations: SandboxOrganisation[] = [];
	const clients: SandboxClient[] = [];
	seeds.forEach((seed, orgIndex) => {
		const slug = seed.id.replace(/^org-/, '');
		organisations.push({
			id: seed.id,
			workspaceId: seed.workspaceId,
			name: seed.name,
			contactEmail: `billing@${slug}.example`,
			createdAt: seedTimeMs + orgIndex * 60_000,
		});
		for (const agent of agents) if (seed.agentIds.includes(agent.ID)) agent.orgId = seed.id;
		for (let n = 1; n <= seed.clients; n++) {
			const number = String(n).padStart(2, '0');
			clients.push({
				id: `client-${slug}-${number}`,
				orgId: seed.id,
				workspaceId: seed.workspaceId,
				name: `${seed.name} client ${number}`,
				email: `client${number}@${slug}.example`,
				createdAt: seedTimeMs + n * 1000,
			});
		}
	});
	return { organisations, clients };
}
