import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { organisationLabel, organisationPageSchema } from '../../shared/contracts/organisation';
import { collectOrganisationPages, organisationPath } from '../actions/organisation/common';

/** Organisation picker: every organisation of the workspace (`GET /orgs`, all pages), matched on name and ID. */
export async function searchOrganisations(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const organisations = await collectOrganisationPages(
		this,
		organisationPath(),
		organisationPageSchema,
		Infinity,
	);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const organisation of organisations) {
		const name = organisationLabel(organisation);
		const id = String(organisation.id);
		if (wanted && !`${name} ${id}`.toLowerCase().includes(wanted)) continue;
		results.push({ name, value: id });
	}
	return { results: results.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}
