import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { fetchVariables } from '../actions/variable/getAll.operation';
import { requireChosenAgentId } from './agents';

/** Variable picker: the chosen agent's variables by key and type, matched on key and ID; the value is the ID. */
export async function searchVariables(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const agentId = requireChosenAgentId(this, 'variables');
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const variable of await fetchVariables(this, agentId)) {
		const key =
			typeof variable.key === 'string' && variable.key.trim() ? variable.key.trim() : variable.id;
		if (wanted && !`${key} ${variable.id}`.toLowerCase().includes(wanted)) continue;
		results.push({
			name: typeof variable.type === 'string' ? `${key} (${variable.type})` : key,
			value: variable.id,
		});
	}
	return { results: results.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}
