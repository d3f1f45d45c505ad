import { z } from 'zod';
import { listingContract } from './common';
import { lazy } from './lazy';

/** The eleven voice providers (field notes, substitution 2). The live `GET /voices/providers` wins. */
export const VOICE_PROVIDERS = [
	{ slug: 'elevenlabs', name: 'ElevenLabs', workspaceSecretKey: 'ELEVENLABS_API_KEY' },
	{ slug: 'deepgram', name: 'Deepgram', workspaceSecretKey: 'DEEPGRAM_API_KEY' },
	{ slug: 'cartesia', name: 'Cartesia', workspaceSecretKey: 'CARTESIA_API_KEY' },
	{ slug: 'rime-ai', name: 'Rime AI', workspaceSecretKey: 'RIME_AI_API_KEY' },
	{ slug: 'openai', name: 'OpenAI TTS', workspaceSecretKey: 'OPENAI_API_KEY' },
	{ slug: 'google-cloud', name: 'Google Cloud TTS', workspaceSecretKey: 'GOOGLE_CLOUD_API_KEY' },
	{ slug: 'google-live', name: 'Google Gemini Live', workspaceSecretKey: 'GOOGLE_API_KEY' },
	{ slug: 'ultravox', name: 'Ultravox', workspaceSecretKey: 'ULTRAVOX_API_KEY' },
	{ slug: 'minimax', name: 'MiniMax', workspaceSecretKey: 'MINIMAX_API_KEY' },
	{ slug: 'playht', name: 'PlayHT', workspaceSecretKey: 'PLAYHT_API_KEY' },
	{ slug: 'azure', name: 'Azure Speech', workspaceSecretKey: 'AZURE_SPEECH_API_KEY' },
] as const;

export const PROVIDER_SLUGS = VOICE_PROVIDERS.map((p) => p.slug) as unknown as readonly [
	(typeof VOICE_PROVIDERS)[number]['slug'],
	...(typeof VOICE_PROVIDERS)[number]['slug'][],
];
export type ProviderSlug = (typeof PROVIDER_SLUGS)[number];

/** What a provider slug looks like (e.g. `rime-ai`): letters, digits, dots, dashes, underscores. */
export const PROVIDER_SLUG_PATTERN = /^[a-z0-9][a-z0-9._-]*$/i;

export const VOICE_PAGE = { defaultLimit: 100, maxLimit: 500 } as const;

/** Gender filter with the aliases the API accepts, case-insensitive, mapped to its canonical value. */
export const GENDER_ALIASES: Record<string, 'male' | 'female' | 'neutral'> = {
	male: 'male',
	masculine: 'male',
	m: 'male',
	female: 'female',
	feminine: 'female',
	f: 'female',
	neutral: 'neutral',
};
export const genderSchema = lazy(() =>
	z
		.string()
		.transform((value) => value.trim().toLowerCase())
		.refine((value) => value in GENDER_ALIASES, {
			message: 'must be male, female or neutral (aliases masculine, feminine, m, f accepted)',
		})
		.transform((value) => GENDER_ALIASES[value]),
);

const queryInteger = (name: string) =>
	z.coerce
		.number({ invalid_type_error: `${name} must be a whole number` })
		.int(`must be a whole number`);

/** Query parameters of `GET /voices/{provider}`. */
export const browseVoicesQuerySchema = lazy(() =>
	z
		.object({
			language: z.string().min(1).optional(),
			gender: genderSchema.optional(),
			accent: z.string().min(1).optional(),
			modelId: z.string().min(1).optional(),
			limit: queryInteger('limit')
				.min(1, `must be between 1 and ${VOICE_PAGE.maxLimit}`)
				.max(VOICE_PAGE.maxLimit, `must be between 1 and ${VOICE_PAGE.maxLimit}`)
				.default(VOICE_PAGE.defaultLimit),
			offset: queryInteger('offset').min(0, 'must be 0 or more').default(0),
		})
		.strict(),
);

/** Query parameters of `GET /voices`: the same plus a comma-separated provider list. */
export const searchVoicesQuerySchema = lazy(() =>
	browseVoicesQuerySchema.extend({
		providers: z
			.string()
			.transform((value) =>
				value
					.split(',')
					.map((slug) => slug.trim())
					.filter(Boolean),
			)
			// Any slug-shaped name: the live provider list is authoritative and may grow beyond the eleven.
			.pipe(
				z.array(
					z.string().regex(PROVIDER_SLUG_PATTERN, 'must be provider slugs separated by commas'),
				),
			)
			.optional(),
	}),
);

/**
 * What the node accepts from `GET /voices/{provider}/{voiceId}`, whose envelope is unpublished
 * (field notes): an object, with or without `{ success, data }`. Empty, `null` and bare values
 * are refused; the shapes inside are read defensively.
 */
export const voiceAnswerContract = lazy(() => z.object({}).passthrough());

/** A voice in a listing: its identity checked, its other fields typed where given, unknown fields kept. */
const voiceEntrySchema = lazy(() =>
	z
		.object({
			voiceId: z.string({ required_error: 'is required' }).min(1, 'is required'),
			name: z.string({ required_error: 'is required' }),
			provider: z.string().optional(),
			previewUrl: z.string().optional(),
			filters: z.object({}).passthrough().optional(),
		})
		.passthrough(),
);

/** A provider entry: whichever of provider, slug or id names it. */
const providerEntrySchema = lazy(() =>
	z
		.object({
			provider: z.string().optional(),
			slug: z.string().optional(),
			id: z.string().optional(),
		})
		.passthrough()
		.refine(
			(entry) =>
				[entry.provider, entry.slug, entry.id].some(
					(slug) => typeof slug === 'string' && slug !== '',
				),
			'provider, slug or id is required',
		),
);

/** A model entry: its id as text, or an object naming it by modelId, model_id or id. */
const modelEntrySchema = lazy(() =>
	z.union(
		[
			z.string().min(1),
			z
				.object({
					modelId: z.string().optional(),
					model_id: z.string().optional(),
					id: z.string().optional(),
				})
				.passthrough()
				.refine(
					(entry) =>
						[entry.modelId, entry.model_id, entry.id].some(
							(id) => typeof id === 'string' && id !== '',
						),
					'modelId is required',
				),
		],
		{ errorMap: () => ({ message: 'must be a model id, or an object with its modelId' }) },
	),
);

/**
 * The voice listings (`GET /voices`, `GET /voices/{provider}`), providers and models: the one
 * listing rule of contracts/common.ts, since their envelope is unpublished. A bare list of
 * voices is accepted as public clients have seen it; every entry is checked.
 */
export const VOICE_LIST_KEYS = ['voices', 'items', 'results'] as const;
export const PROVIDER_LIST_KEYS = ['providers', 'items', 'results'] as const;
export const MODEL_LIST_KEYS = ['models', 'items', 'results'] as const;
export const voiceListContract = lazy(() =>
	listingContract(voiceEntrySchema, VOICE_LIST_KEYS, 'voices'),
);
export const providerListContract = lazy(() =>
	listingContract(providerEntrySchema, PROVIDER_LIST_KEYS, 'voice providers'),
);
export const modelListContract = lazy(() =>
	listingContract(modelEntrySchema, MODEL_LIST_KEYS, 'voice models'),
);

/** The normalized voice, identical for every provider. */
export const voiceSchema = lazy(() =>
	z.object({
		voiceId: z.string(),
		name: z.string(),
		provider: z.string(),
		previewUrl: z.string(),
		filters: z.object({
			accent: z.string(),
			gender: z.string(),
			useCase: z.string(),
			language: z.string(),
		}),
	}),
);
export type Voice = z.infer<typeof voiceSchema>;

export const voiceProviderSchema = lazy(() =>
	z
		.object({
			provider: z.string().optional(),
			slug: z.string().optional(),
			id: z.string().optional(),
			name: z.string().optional(),
			workspaceSecretKey: z.string(),
			requiresWorkspaceApiKey: z.boolean(),
		})
		.passthrough(),
);
export type VoiceProvider = z.infer<typeof voiceProviderSchema>;

/**
 * A provider slug in a path (`/voices/{provider}`, `/voices/{provider}/models`, …). The live
 * `GET /voices/providers` is authoritative and may name providers beyond the eleven, so any
 * slug-shaped value is accepted here; an unknown one is for the API to refuse.
 */
export const providerPathSchema = lazy(() =>
	z
		.string({
			required_error: 'is required: choose a provider',
			invalid_type_error: 'must be a provider slug',
		})
		.trim()
		.min(1, 'is required: choose a provider')
		.regex(PROVIDER_SLUG_PATTERN, 'must be a provider slug such as elevenlabs or rime-ai'),
);

/** Path parameters of `GET /voices/{provider}/{voiceId}`. Voice ids vary by provider (PlayHT's contain slashes). */
export const getVoiceParamsSchema = lazy(() =>
	z
		.object({
			provider: providerPathSchema,
			voiceId: z
				.string({ required_error: 'is required', invalid_type_error: 'must be text' })
				.trim()
				.min(1, 'is required: choose a voice or enter its ID'),
		})
		.strict(),
);
