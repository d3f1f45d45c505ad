import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { agentIdOf } from '../../shared/contracts/agent';
import { CRAWLER_PAGE } from '../../shared/contracts/crawlerJob';
import { fetchAgents } from '../actions/agent/api';
import { fetchJobList } from '../actions/crawlerJob/common';

/** Job picker: the chosen workspace's crawler jobs, newest first, a page of 100 at a time. */
export async function searchCrawlerJobs(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	// Text (node versions 1 to 3) or the workspace picker's locator (4).
	const raw = this.getCurrentNodeParameter('workspaceId') as unknown;
	const value = typeof raw === 'object' && raw !== null ? (raw as { value?: unknown }).value : raw;
	const workspaceId = typeof value === 'string' ? value.trim() : '';
	if (!workspaceId || workspaceId.startsWith('=')) {
		throw new NodeOperationError(
			this.getNode(),
			'Choose the workspace first, then pick one of its crawler jobs',
		);
	}
	const page = Number(paginationToken) || 1;
	const answer = await fetchJobList(this, workspaceId, page, CRAWLER_PAGE.maxLimit);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const job of answer.jobs) {
		const url = typeof job.primaryUrl === 'string' ? job.primaryUrl : '';
		const name = `${url || job.id} (${job.status})`;
		if (wanted && !`${name} ${job.id}`.toLowerCase().includes(wanted)) continue;
		results.push({ name, value: job.id, ...(url ? { url } : {}) });
	}
	const more =
		answer.jobs.length === CRAWLER_PAGE.maxLimit &&
		!(typeof answer.total === 'number' && page * CRAWLER_PAGE.maxLimit >= answer.total);
	return { results, ...(more ? { paginationToken: String(page + 1) } : {}) };
}

/** The agents to choose from for a crawler job's target knowledge bases, by title. */
export async function getAgents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [];
	for (const agent of await fetchAgents(this)) {
		const id = agentIdOf(agent);
		if (!id) continue;
		const title = typeof agent.title === 'string' && agent.title.trim() ? agent.title.trim() : id;
		options.push({ name: title, value: id, description: id });
	}
	return options.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
