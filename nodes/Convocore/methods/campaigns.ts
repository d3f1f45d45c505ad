import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { CAMPAIGN_PAGE } from '../../shared/contracts/campaign';
import { fetchCampaignPage } from '../actions/campaign/common';
import { fetchLeadGroups } from '../actions/leadGroup/getAll.operation';
import { requireChosenAgentId } from './agents';

function matches(filter: string | undefined, ...texts: string[]): boolean {
	const wanted = filter?.trim().toLowerCase() ?? '';
	return !wanted || texts.join(' ').toLowerCase().includes(wanted);
}

/** Campaign picker: the chosen agent's campaigns, a page of 100 at a time, each with whether it runs. */
export async function searchCampaigns(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const agentId = requireChosenAgentId(this, 'campaigns');
	const page = Math.max(Number.parseInt(paginationToken ?? '1', 10) || 1, 1);
	const answer = await fetchCampaignPage(this, agentId, page, CAMPAIGN_PAGE.maxLimit);
	const results: INodeListSearchItems[] = [];
	for (const campaign of answer.campaigns) {
		const name =
			typeof campaign.name === 'string' && campaign.name.trim()
				? campaign.name.trim()
				: campaign.id;
		if (!matches(filter, name, campaign.id)) continue;
		const state =
			campaign.enabled === true ? 'running' : campaign.enabled === false ? 'paused' : undefined;
		results.push({ name: state ? `${name} (${state})` : name, value: campaign.id });
	}
	const more =
		answer.campaigns.length === CAMPAIGN_PAGE.maxLimit &&
		page * CAMPAIGN_PAGE.maxLimit < answer.total;
	return { results, ...(more ? { paginationToken: String(page + 1) } : {}) };
}

/** Lead group picker: the chosen agent's groups with their lead counts; the value is the name. */
export async function searchLeadGroups(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const agentId = requireChosenAgentId(this, 'lead groups');
	const results: INodeListSearchItems[] = [];
	for (const group of await fetchLeadGroups(this, agentId)) {
		if (!matches(filter, group.name)) continue;
		const count =
			typeof group.leadCount === 'number'
				? ` (${group.leadCount} lead${group.leadCount === 1 ? '' : 's'})`
				: '';
		results.push({ name: `${group.name}${count}`, value: group.name });
	}
	return { results: results.sort((a, b) => (a.value < b.value ? -1 : 1)) };
}
