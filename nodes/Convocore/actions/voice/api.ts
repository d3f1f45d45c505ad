import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { findList } from '../../../shared/contracts/common';
import {
	MODEL_LIST_KEYS,
	PROVIDER_LIST_KEYS,
	VOICE_LIST_KEYS,
	VOICE_PROVIDERS,
	modelListContract,
	providerListContract,
	voiceAnswerContract,
	voiceListContract,
	type Voice,
	type VoiceProvider,
} from '../../../shared/contracts/voice';
import { convocoreApiRequest } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
/**
 * Requests of the voice catalog, shared by the voice operations and the node's live dropdowns.
 * The voice endpoints' envelope is unpublished (field notes): the transport unwraps
 * `{ success, data }`, and the listing contracts (contracts/voice.ts) accept the shapes public
 * clients have seen and refuse any other, so that a change of envelope is an error naming what
 * came instead of an empty result.
 */

type Context = IExecuteFunctions | ILoadOptionsFunctions;

export interface VoicePage {
	items: Voice[];
	total?: number;
	hasMore?: boolean;
}

export interface VoiceModelEntry extends IDataObject {
	modelId: string;
	name: string;
}

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The list in an answer its listing contract accepted (contracts/common.ts findList). */
function listIn(body: unknown, keys: readonly string[]): unknown[] {
	return findList(body, keys) ?? [];
}

/** The object an answer carries: `data`, or a named key, or the body itself. */
function objectIn(body: unknown, key: string): IDataObject | undefined {
	if (!isObject(body)) return undefined;
	if (isObject(body[key])) return body[key] as IDataObject;
	if (isObject(body.data)) return objectIn(body.data, key);
	return body;
}

function numberOrUndefined(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Path segment of a provider slug or voice id: PlayHT voice ids contain slashes. */
export function segment(value: string): string {
	return encodeURIComponent(value);
}

/** The slug of a provider entry, whichever key the API used for it. */
export function providerSlugOf(entry: VoiceProvider | IDataObject): string {
	const slug = entry.provider ?? entry.slug ?? entry.id;
	return typeof slug === 'string' ? slug : '';
}

/** GET /voices/providers: one entry per provider, each with its `provider` slug. */
export async function fetchProviders(
	this: Context,
	scope: RequestScope = {},
): Promise<IDataObject[]> {
	const body = await convocoreApiRequest.call(
		this,
		{ method: 'GET', path: '/voices/providers', response: providerListContract },
		scope,
	);
	return listIn(body, PROVIDER_LIST_KEYS)
		.filter(isObject)
		.map((entry) => ({ ...entry, provider: providerSlugOf(entry) }))
		.filter((entry) => entry.provider !== '');
}

/** The eleven providers known at build time, shaped like the live answer; the live answer wins. */
export function fallbackProviders(): IDataObject[] {
	return VOICE_PROVIDERS.map(({ slug, name, workspaceSecretKey }) => ({
		provider: slug,
		name,
		workspaceSecretKey,
	}));
}

/** GET /voices/{provider}/models: the provider's models, each with its `modelId`. */
export async function fetchModels(
	this: Context,
	provider: string,
	scope: RequestScope = {},
): Promise<VoiceModelEntry[]> {
	const body = await convocoreApiRequest.call(
		this,
		{ method: 'GET', path: `/voices/${segment(provider)}/models`, response: modelListContract },
		scope,
	);
	return listIn(body, MODEL_LIST_KEYS)
		.map((entry) => (typeof entry === 'string' ? { modelId: entry, name: entry } : entry))
		.filter(isObject)
		.map((entry) => {
			const modelId = String(entry.modelId ?? entry.model_id ?? entry.id ?? '');
			return { ...entry, modelId, name: typeof entry.name === 'string' ? entry.name : modelId };
		})
		.filter((entry) => entry.modelId !== '');
}

/** One page of GET /voices or GET /voices/{provider}. */
export async function fetchVoicePage(
	this: Context,
	path: string,
	qs: IDataObject,
	scope: RequestScope = {},
): Promise<VoicePage> {
	const body = await convocoreApiRequest.call(
		this,
		{ method: 'GET', path, qs, response: voiceListContract },
		scope,
	);
	const items = listIn(body, VOICE_LIST_KEYS) as Voice[];
	const meta = (
		isObject(body) && !Array.isArray(body.voices) && isObject(body.data) ? body.data : body
	) as IDataObject;
	return {
		items,
		total: isObject(meta) ? numberOrUndefined(meta.total) : undefined,
		hasMore: isObject(meta) && typeof meta.hasMore === 'boolean' ? meta.hasMore : undefined,
	};
}

/** GET /voices/{provider}/{voiceId}: the voice itself. */
export async function fetchVoice(
	this: Context,
	provider: string,
	voiceId: string,
	scope: RequestScope = {},
): Promise<IDataObject> {
	const body = await convocoreApiRequest.call(
		this,
		{
			method: 'GET',
			path: `/voices/${segment(provider)}/${segment(voiceId)}`,
			response: voiceAnswerContract,
		},
		scope,
	);
	return objectIn(body, 'voice') ?? {};
}
