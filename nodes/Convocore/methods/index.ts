import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { getAgentNodes, searchAgents, searchConversations } from './agents';
import { searchCampaigns, searchLeadGroups } from './campaigns';
import { searchKnowledgeDocuments } from './knowledgeBase';
import { getAgents, searchCrawlerJobs } from './crawlerJobs';
import { getModels, getProviders, searchVoices } from './voice';
import { searchVariables } from './variables';
import { searchTools } from './tools';
import { searchWorkspaces } from './workspaces';
import { searchCustomMetricKeys, searchCustomMetrics } from './customMetrics';
import { searchOrganisations } from './organisations';

/** Live dropdowns and searchable lists of the Convocore node, by method name. */
export const loadOptions: Record<
	string,
	(this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>
> = {
	getAgentNodes,
	getAgents,
	getModels,
	getProviders,
};

export const listSearch: Record<
	string,
	(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	) => Promise<INodeListSearchResult>
> = {
	searchAgents,
	searchCampaigns,
	searchConversations,
	searchLeadGroups,
	searchKnowledgeDocuments,
	searchCrawlerJobs,
	searchVoices,
	searchVariables,
	searchTools,
	searchWorkspaces,
	searchOrganisations,
	searchCustomMetrics,
	searchCustomMetricKeys,
};
