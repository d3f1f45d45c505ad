import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { fetchTools } from '../actions/tool/common';
import { requireChosenAgentId } from './agents';

/** Tool picker: the chosen agent's tools (one answer, no paging), matched on name and ID; a disabled one says so. */
export async function searchTools(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const agentId = requireChosenAgentId(this, 'tools');
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const tool of await fetchTools(this, agentId)) {
		const name = typeof tool.name === 'string' && tool.name.trim() ? tool.name.trim() : tool.id;
		if (wanted && !`${name} ${tool.id}`.toLowerCase().includes(wanted)) continue;
		results.push({ name: tool.disabled === true ? `${name} (disabled)` : name, value: tool.id });
	}
	return { results: results.sort((a, b) => a.name.localeCompare(b.name)) };
}
