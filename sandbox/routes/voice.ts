import type { ProviderSlug } from '../../nodes/shared/contracts/voice';
import {
	browseVoicesQuerySchema,
	PROVIDER_SLUGS,
	searchVoicesQuerySchema,
	voiceProviderSchema,
	voiceSchema,
} from '../../nodes/shared/contracts/voice';
import { ApiError, parseOrThrow } from '../server/errors';
import type { SandboxWorkspace } from '../domain/state';
import {
	filterVoices,
	findVoice,
	isProviderSlug,
	providerEntries,
	providerModels,
	providerRequiresWorkspaceKey,
	providerSecretName,
	withPreviewUrl,
	type VoiceFilters,
} from '../seed/voices';
import type { Route, RouteContext } from './types';

/**
 * The read-only voice catalog. The envelope is unpublished; the sandbox answers
 * `{ success: true, data: ... }` like most V3 endpoints, which clients unwrap defensively.
 */

function providerOrThrow(slug: string): ProviderSlug {
	if (!isProviderSlug(slug)) {
		throw new ApiError(
			404,
			'PROVIDER_NOT_FOUND',
			`Unknown voice provider "${slug}". Supported: ${PROVIDER_SLUGS.join(', ')}.`,
		);
	}
	return slug;
}

/** Providers without a platform fallback key only work with the workspace's own key. */
function hasProviderKey(workspace: SandboxWorkspace, slug: ProviderSlug): boolean {
	return (
		!providerRequiresWorkspaceKey(slug) ||
		workspace.providerSecretNames.includes(providerSecretName(slug))
	);
}

function assertProviderKey(workspace: SandboxWorkspace, slug: ProviderSlug): void {
	if (!hasProviderKey(workspace, slug)) {
		const secretName = providerSecretName(slug);
		throw new ApiError(
			400,
			'PROVIDER_API_KEY_REQUIRED',
			`${slug} has no platform key: store your own key at workspaceData.secrets.${secretName} to use it.`,
		);
	}
}

function page(
	ctx: RouteContext,
	providers: ProviderSlug[],
	filters: VoiceFilters,
	limit: number,
	offset: number,
) {
	const matches = filterVoices(providers, filters);
	const voices = matches
		.slice(offset, offset + limit)
		.map((voice) => voiceSchema.parse(withPreviewUrl(ctx.serverUrl, voice)));
	return {
		body: {
			success: true,
			data: {
				voices,
				total: matches.length,
				limit,
				offset,
				hasMore: offset + voices.length < matches.length,
			},
		},
	};
}

function listProviders(ctx: RouteContext) {
	const providers = providerEntries(ctx.caller.workspace.providerSecretNames).map((entry) =>
		voiceProviderSchema.parse(entry),
	);
	return { body: { success: true, data: { providers } } };
}

function listModels(ctx: RouteContext) {
	const provider = providerOrThrow(ctx.params.provider);
	return { body: { success: true, data: { provider, models: providerModels(provider) } } };
}

function searchVoices(ctx: RouteContext) {
	const query = parseOrThrow(searchVoicesQuerySchema, ctx.query, 'voice search query');
	const unknown = query.providers?.filter((slug) => !isProviderSlug(slug)) ?? [];
	if (unknown.length) {
		throw new ApiError(
			400,
			'UNKNOWN_PROVIDER',
			`Unknown voice provider${unknown.length > 1 ? 's' : ''} ${unknown.map((slug) => `"${slug}"`).join(', ')}. Supported: ${PROVIDER_SLUGS.join(', ')}.`,
		);
	}
	const explicit = query.providers as ProviderSlug[] | undefined;
	// Named providers must be usable; without a list, the ones this workspace cannot use are left out.
	explicit?.forEach((slug) => assertProviderKey(ctx.caller.workspace, slug));
	const providers = explicit?.length
		? explicit
		: (PROVIDER_SLUGS as readonly ProviderSlug[]).filter((slug) =>
				hasProviderKey(ctx.caller.workspace, slug),
			);
	return page(ctx, providers, query, query.limit, query.offset);
}

function browseVoices(ctx: RouteContext) {
	const provider = providerOrThrow(ctx.params.provider);
	const query = parseOrThrow(browseVoicesQuerySchema, ctx.query, 'voice browse query');
	assertProviderKey(ctx.caller.workspace, provider);
	if (query.modelId && !providerModels(provider).some((m) => m.modelId === query.modelId)) {
		throw new ApiError(
			400,
			'UNKNOWN_MODEL',
			`modelId "${query.modelId}" is not a ${provider} model. Models: ${providerModels(provider)
				.map((m) => m.modelId)
				.join(', ')}.`,
		);
	}
	return page(ctx, [provider], query, query.limit, query.offset);
}

function getVoice(ctx: RouteContext) {
	const provider = providerOrThrow(ctx.params.provider);
	assertProviderKey(ctx.caller.workspace, provider);
	const voice = findVoice(provider, ctx.params.voiceId);
	if (!voice)
		throw new ApiError(
			404,
			'VOICE_NOT_FOUND',
			`Voice "${ctx.params.voiceId}" was not found in the ${provider} catalog.`,
		);
	return { body: { success: true, data: voiceSchema.parse(withPreviewUrl(ctx.serverUrl, voice)) } };
}

// Order matters: fixed segments before parameters.
export const voiceRoutes: Route[] = [
	{ method: 'GET', pattern: '/voices/providers', handler: listProviders },
	{ method: 'GET', pattern: '/voices', handler: searchVoices },
	{ method: 'GET', pattern: '/voices/:provider/models', handler: listModels },
	{ method: 'GET', pattern: '/voices/:provider', handler: browseVoices },
	{ method: 'GET', pattern: '/voices/:provider/:voiceId', handler: getVoice },
];
