import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import {
	workspaceLabel,
	workspaceListContract,
	workspacesIn,
} from '../../shared/contracts/workspace';
import { convocoreApiRequest } from '../transport/request';

/** Workspace picker: the workspaces the secret can see (`GET /workspaces`), matched on name and ID. */
export async function searchWorkspaces(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const answer = await convocoreApiRequest.call(this, {
		method: 'GET',
		path: '/workspaces',
		response: workspaceListContract,
	});
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const workspace of workspacesIn(answer)) {
		const name = workspaceLabel(workspace);
		if (wanted && !`${name} ${workspace.id}`.toLowerCase().includes(wanted)) continue;
		results.push({ name, value: workspace.id });
	}
	return { results: results.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}
