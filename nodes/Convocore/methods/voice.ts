import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { VOICE_PAGE, type Voice } from '../../shared/contracts/voice';
import {
	fallbackProviders,
	fetchModels,
	fetchProviders,
	fetchVoicePage,
	segment,
} from '../actions/voice/api';

/** Voices per page of the voice picker when nothing is typed. */
export const VOICE_LIST_PAGE = 100;
/** With a search text, at most this many catalog pages are read per call before handing back a token. */
export const VOICE_SEARCH_MAX_PAGES = 5;
/** With a search text, a call returns as soon as this many voices match. */
export const VOICE_SEARCH_MIN_RESULTS = 20;

function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	return a.name.localeCompare(b.name);
}

async function providersOrFallback(ctx: ILoadOptionsFunctions): Promise<IDataObject[]> {
	try {
		const live = await fetchProviders.call(ctx);
		if (live.length) return live;
	} catch {
		// The dropdown must stay usable when the listing fails (network, key, plan): fall back below.
	}
	return fallbackProviders();
}

/** Provider dropdown: the live GET /voices/providers, or the eleven known providers if it fails. */
export async function getProviders(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const providers = await providersOrFallback(this);
	return providers
		.map((entry) => {
			const slug = String(entry.provider);
			const secret =
				typeof entry.workspaceSecretKey === 'string' ? entry.workspaceSecretKey : undefined;
			const notes = [
				secret ? `API key secret: ${secret}` : undefined,
				entry.requiresWorkspaceApiKey === true ? 'the workspace must supply this key' : undefined,
			].filter(Boolean);
			return {
				name: typeof entry.name === 'string' && entry.name ? entry.name : slug,
				value: slug,
				...(notes.length ? { description: notes.join('; ') } : {}),
			};
		})
		.sort(byName);
}

function selectedProviders(ctx: ILoadOptionsFunctions): string[] {
	const operation = ctx.getCurrentNodeParameter('operation');
	if (operation !== 'search') {
		const provider = ctx.getCurrentNodeParameter('provider');
		return typeof provider === 'string' && provider ? [provider] : [];
	}
	const providers = ctx.getCurrentNodeParameter('filters.providers');
	if (Array.isArray(providers)) return providers.map(String).filter(Boolean);
	return typeof providers === 'string'
		? providers
				.split(',')
				.map((slug) => slug.trim())
				.filter(Boolean)
		: [];
}

/**
 * Model dropdown: the models of the chosen provider (browse), or of the chosen providers, or of
 * all providers (search), each labelled with its provider when there are several.
 */
export async function getModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	let providers = selectedProviders(this);
	const operation = this.getCurrentNodeParameter('operation');
	if (!providers.length) {
		if (operation !== 'search') return [];
		providers = (await providersOrFallback(this)).map((entry) => String(entry.provider));
	}
	const several = providers.length > 1;
	const lists = await Promise.all(
		providers.map(async (provider) => ({
			provider,
			models: await fetchModels.call(this, provider),
		})),
	);
	const seen = new Set<string>();
	const options: INodePropertyOptions[] = [];
	for (const { provider, models } of lists) {
		for (const model of models) {
			if (seen.has(model.modelId)) continue;
			seen.add(model.modelId);
			const description = typeof model.description === 'string' ? model.description : undefined;
			options.push({
				name: several ? `${provider}: ${model.name}` : model.name,
				value: model.modelId,
				...(description ? { description } : {}),
			});
		}
	}
	return options.sort(byName);
}

function voiceLabel(voice: Voice): string {
	const filters = (voice.filters ?? {}) as Partial<Voice['filters']>;
	const details = [filters.gender, filters.language, filters.accent].filter(
		(detail) => typeof detail === 'string' && detail && detail !== 'neutral',
	);
	const name = voice.name || voice.voiceId;
	return details.length ? `${name} (${details.join(', ')})` : name;
}

/**
 * Voice picker of Get: pages through GET /voices/{provider} with `paginationToken` = offset. A
 * search text is matched (case-insensitively) on the voice name and id; since the API has no
 * name filter, several catalog pages may be read to find matches.
 */
export async function searchVoices(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const provider = this.getCurrentNodeParameter('provider');
	if (typeof provider !== 'string' || !provider) {
		throw new NodeOperationError(
			this.getNode(),
			'Choose a provider first, then pick one of its voices',
		);
	}
	const wanted = filter?.trim().toLowerCase() ?? '';
	const pageSize = wanted ? VOICE_PAGE.maxLimit : VOICE_LIST_PAGE;
	const maxPages = wanted ? VOICE_SEARCH_MAX_PAGES : 1;
	let offset = Math.max(Number.parseInt(paginationToken ?? '0', 10) || 0, 0);
	let more = true;
	const results: INodeListSearchItems[] = [];

	for (let page = 0; page < maxPages && more; page++) {
		const { items, total, hasMore } = await fetchVoicePage.call(
			this,
			`/voices/${segment(provider)}`,
			{
				limit: pageSize,
				offset,
			},
		);
		offset += items.length;
		more =
			items.length > 0 &&
			(hasMore ?? (typeof total === 'number' ? offset < total : items.length >= pageSize));
		for (const voice of items) {
			const haystack = `${voice.name ?? ''} ${voice.voiceId ?? ''}`.toLowerCase();
			if (wanted && !haystack.includes(wanted)) continue;
			results.push({
				name: voiceLabel(voice),
				value: voice.voiceId,
				...(typeof voice.previewUrl === 'string' && voice.previewUrl
					? { url: voice.previewUrl }
					: {}),
			});
		}
		if (results.length >= VOICE_SEARCH_MIN_RESULTS) break;
	}
	return { results, ...(more ? { paginationToken: String(offset) } : {}) };
}
