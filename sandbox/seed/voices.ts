import {
	GENDER_ALIASES,
	VOICE_PROVIDERS,
	type ProviderSlug,
	type Voice,
} from '../../nodes/shared/contracts/voice';
import { hexDigest } from '../domain/ids';
import { languageMatches, normalizeLanguage } from './languages';
import { PUBLIC_VOICES, type PublicVoice } from './voicesPublic';

/**
 * A deterministic voice catalog for all eleven providers, about forty voices each so that
 * pagination is exercised. Languages, genders and accents are written the inconsistent ways real
 * providers write them, so that the filters' normalisation is what gets tested. Where a provider
 * publishes its voices' IDs (sandbox/seed/voicesPublic.ts), the catalog uses those; the other slots get
 * IDs generated in the provider's own format.
 */

export const VOICES_PER_PROVIDER = 40;

export interface VoiceModel {
	modelId: string;
	name: string;
	description: string;
}

interface ProviderProfile {
	models: VoiceModel[];
	/** True when the provider's voice set depends on the model: each voice lists the models it works with. */
	modelDependentVoices: boolean;
	/** True for providers without a platform fallback key. */
	requiresWorkspaceApiKey: boolean;
	live?: boolean;
	/** Which models voice number `index` works with (model-dependent providers only). */
	modelsOf?: (index: number) => string[];
	/** Languages in this provider's own spelling, cycled through its voices. */
	languages: string[];
	/** [male, female, neutral] in this provider's own spelling, always one GENDER_ALIASES understands. */
	genders: [string, string, string];
	voiceId: (name: string, index: number, language: string) => string;
}

const model = (modelId: string, name: string, description: string): VoiceModel => ({
	modelId,
	name,
	description,
});

const CODES_MIXED = [
	'en-US',
	'en-GB',
	'English',
	'de-DE',
	'en-US',
	'fr-FR',
	'British English',
	'es-ES',
	'en-AU',
	'es-MX',
	'it-IT',
	'American English',
];
const NAMES_MIXED = [
	'English',
	'British English',
	'American English',
	'German',
	'French',
	'Spanish',
	'Australian English',
	'Mexican Spanish',
	'Brazilian Portuguese',
	'en-US',
];
const CODES_ONLY = [
	'en-US',
	'en-GB',
	'de-DE',
	'fr-FR',
	'es-ES',
	'en-IN',
	'en-AU',
	'pt-BR',
	'ja-JP',
	'nl-NL',
];
const UNDERSCORED = ['en_US', 'en_GB', 'de_DE', 'fr_FR', 'es_ES', 'English', 'pl_PL'];

function codeOf(language: string): string {
	const normalized = normalizeLanguage(language);
	if (!normalized) return 'en-US';
	return `${normalized.base}-${normalized.region ?? (normalized.base === 'en' ? 'US' : normalized.base.toUpperCase())}`;
}

function uuidFrom(seed: string): string {
	const hex = hexDigest(seed, 32);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function base62From(seed: string, length: number): string {
	const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	const hex = hexDigest(seed, 64);
	let out = '';
	for (let i = 0; out.length < length; i += 2)
		out += alphabet[parseInt(hex.slice(i % 64, (i % 64) + 2), 16) % 62];
	return out;
}

const PROFILES: Record<ProviderSlug, ProviderProfile> = {
	elevenlabs: {
		models: [
			model('eleven_multilingual_v2', 'Eleven Multilingual v2', 'Most lifelike, 29 languages'),
			model('eleven_flash_v2_5', 'Eleven Flash v2.5', 'Lowest latency, 32 languages'),
			model('eleven_turbo_v2_5', 'Eleven Turbo v2.5', 'Balanced quality and latency'),
			model('eleven_v3', 'Eleven v3 (alpha)', 'Most expressive; not every voice is supported'),
		],
		modelDependentVoices: true,
		requiresWorkspaceApiKey: false,
		modelsOf: (i) => [
			'eleven_multilingual_v2',
			'eleven_flash_v2_5',
			...(i % 2 === 0 ? ['eleven_turbo_v2_5'] : []),
			...(i % 3 === 0 ? ['eleven_v3'] : []),
		],
		languages: NAMES_MIXED,
		genders: ['male', 'female', 'neutral'],
		voiceId: (name, i) => base62From(`elevenlabs:${name}:${i}`, 20),
	},
	deepgram: {
		models: [
			model('aura-2', 'Aura 2', 'Enterprise-grade voices'),
			model('aura', 'Aura', 'First-generation voices'),
		],
		modelDependentVoices: true,
		requiresWorkspaceApiKey: false,
		modelsOf: (i) => (i < 28 ? ['aura-2'] : ['aura']),
		languages: [
			'en-US',
			'en-US',
			'en-GB',
			'es-ES',
			'en-AU',
			'en-US',
			'de-DE',
			'fr-FR',
			'en-IE',
			'es-MX',
		],
		genders: ['masculine', 'feminine', 'neutral'],
		voiceId: (name, i, language) =>
			`${i < 28 ? 'aura-2' : 'aura'}-${name.toLowerCase()}-${normalizeLanguage(language)?.base ?? 'en'}`,
	},
	cartesia: {
		models: [
			model('sonic-3', 'Sonic 3', 'Latest, most natural'),
			model('sonic-2', 'Sonic 2', 'Previous generation'),
			model('sonic-turbo', 'Sonic Turbo', 'Lowest latency'),
		],
		modelDependentVoices: true,
		requiresWorkspaceApiKey: false,
		modelsOf: (i) => [
			'sonic-3',
			...(i % 2 === 1 ? ['sonic-2'] : []),
			...(i % 4 === 0 ? ['sonic-turbo'] : []),
		],
		languages: CODES_MIXED,
		genders: ['Male', 'Female', 'Neutral'],
		voiceId: (name, i) => uuidFrom(`cartesia:${name}:${i}`),
	},
	'rime-ai': {
		models: [
			model('mistv2', 'Mist v2', 'Fast, conversational'),
			model('arcana', 'Arcana', 'Most realistic; fewer voices'),
		],
		modelDependentVoices: true,
		requiresWorkspaceApiKey: false,
		modelsOf: (i) => ['mistv2', ...(i % 2 === 0 ? ['arcana'] : [])],
		languages: ['eng', 'English', 'en-US', 'spa', 'Spanish', 'en-GB', 'fra', 'ger'],
		genders: ['M', 'F', 'neutral'],
		voiceId: (name) => name.toLowerCase(),
	},
	openai: {
		models: [
			model('gpt-4o-mini-tts', 'GPT-4o mini TTS', 'Steerable with instructions'),
			model('tts-1', 'TTS-1', 'Low latency'),
			model('tts-1-hd', 'TTS-1 HD', 'Higher quality'),
		],
		modelDependentVoices: true,
		requiresWorkspaceApiKey: false,
		modelsOf: (i) => ['gpt-4o-mini-tts', ...(i % 3 !== 0 ? ['tts-1', 'tts-1-hd'] : [])],
		languages: ['Multilingual English', 'en', 'English', 'en-US', 'German', 'fr'],
		genders: ['male', 'female', 'neutral'],
		voiceId: (name) => name.toLowerCase(),
	},
	'google-cloud': {
		models: [
			model('chirp3-hd', 'Chirp 3: HD', 'Most natural'),
			model('neural2', 'Neural2', 'Neural voices'),
			model('wavenet', 'WaveNet', 'WaveNet voices'),
			model('standard', 'Standard', 'Basic voices'),
		],
		modelDependentVoices: true,
		requiresWorkspaceApiKey: false,
		modelsOf: (i) => [['chirp3-hd', 'neural2', 'wavenet', 'standard'][i % 4]],
		languages: CODES_ONLY,
		genders: ['MALE', 'FEMALE', 'NEUTRAL'],
		voiceId: (name, i, language) =>
			`${codeOf(language)}-${['Chirp3-HD', 'Neural2', 'Wavenet', 'Standard'][i % 4]}-${name}`,
	},
	'google-live': {
		models: [
			model(
				'gemini-2.5-flash-native-audio',
				'Gemini 2.5 Flash Native Audio',
				'Live multimodal, native audio',
			),
			model(
				'gemini-live-2.5-flash-preview',
				'Gemini Live 2.5 Flash (preview)',
				'Live multimodal, half-cascade',
			),
		],
		modelDependentVoices: false,
		requiresWorkspaceApiKey: false,
		live: true,
		languages: ['Multilingual', 'en-US', 'English', 'de-DE', 'fr-FR', 'es-ES', 'British English'],
		genders: ['male', 'female', 'neutral'],
		voiceId: (name) => name,
	},
	ultravox: {
		models: [model('fixie-ai/ultravox', 'Ultravox', 'Speech-native model')],
		modelDependentVoices: false,
		requiresWorkspaceApiKey: false,
		languages: UNDERSCORED,
		genders: ['Male', 'Female', 'Neutral'],
		voiceId: (name, i) => uuidFrom(`ultravox:${name}:${i}`),
	},
	minimax: {
		models: [
			model('speech-02-hd', 'Speech-02 HD', 'Highest quality'),
			model('speech-02-turbo', 'Speech-02 Turbo', 'Low latency'),
		],
		modelDependentVoices: false,
		requiresWorkspaceApiKey: true,
		languages: NAMES_MIXED,
		genders: ['m', 'f', 'neutral'],
		voiceId: (name, _i, language) =>
			`${(normalizeLanguage(language)?.base ?? 'en') === 'en' ? 'English' : 'Intl'}_${name}_Voice`,
	},
	playht: {
		models: [
			model('Play3.0-mini', 'Play 3.0 mini', 'Multilingual, low latency'),
			model('PlayDialog', 'PlayDialog', 'Conversational; fewer voices'),
		],
		modelDependentVoices: true,
		requiresWorkspaceApiKey: true,
		modelsOf: (i) => ['Play3.0-mini', ...(i % 2 === 0 ? ['PlayDialog'] : [])],
		languages: [
			'english',
			'English (US)',
			'english (UK)',
			'german',
			'french',
			'spanish',
			'Australian English',
		],
		genders: ['male', 'female', 'neutral'],
		// PlayHT voice ids are S3 manifest URLs: they contain slashes, so clients must URL-encode them.
		voiceId: (name, i) =>
			`s3://voice-cloning-zero-shot/${uuidFrom(`playht:${name}:${i}`)}/${name.toLowerCase()}/manifest.json`,
	},
	azure: {
		models: [model('azure-neural', 'Azure Neural TTS', 'Neural voices')],
		modelDependentVoices: false,
		requiresWorkspaceApiKey: true,
		languages: CODES_ONLY,
		genders: ['Male', 'Female', 'Neutral'],
		voiceId: (name, _i, language) => `${codeOf(language)}-${name}Neural`,
	},
};

/** Names by gender (index 0 male, 1 female, 2 neutral), so a voice's name fits its gender. */
const VOICE_NAMES: [string[], string[], string[]] = [
	[
		'Callum',
		'Daniel',
		'Finn',
		'Hugo',
		'Jonas',
		'Liam',
		'Nico',
		'Pablo',
		'Umar',
		'Wes',
		'Zane',
		'Bruno',
		'Dario',
		'Felix',
		'Henrik',
		'Jasper',
		'Lucas',
		'Noah',
		'Oskar',
		'Rafael',
		'Theo',
		'Viktor',
	],
	[
		'Aria',
		'Bella',
		'Elena',
		'Grace',
		'Isla',
		'Kira',
		'Maya',
		'Olivia',
		'Rosa',
		'Tara',
		'Vera',
		'Ximena',
		'Yara',
		'Amelie',
		'Chloe',
		'Emma',
		'Gemma',
		'Ines',
		'Klara',
		'Mila',
		'Priya',
		'Sofia',
	],
	['Quinn', 'Sami', 'River', 'Sky', 'Robin', 'Ash', 'Morgan'],
];

const USE_CASES = [
	'conversational',
	'narration',
	'customer support',
	'news',
	'characters',
	'meditation',
	'advertisement',
];

/** An accent per language/region, with variants so that substring matching is exercised. */
function accentFor(language: string, index: number): string {
	const lang = normalizeLanguage(language);
	if (!lang || language.toLowerCase().startsWith('multilingual')) return 'neutral';
	const byRegion: Record<string, string[]> = {
		'en-US': ['American', 'American (Southern)', 'General American'],
		'en-GB': ['British', 'British (RP)', 'Scottish'],
		'en-AU': ['Australian'],
		'en-IN': ['Indian'],
		'en-IE': ['Irish'],
		'en-': ['American', 'Mid-Atlantic'],
		'de-': ['German', 'Standard German'],
		'fr-': ['Parisian French', 'French'],
		'es-MX': ['Mexican', 'Latin American'],
		'es-': ['Castilian', 'Spanish'],
		'pt-': ['Brazilian'],
		'it-': ['Italian'],
		'ja-': ['Japanese'],
		'nl-': ['Dutch'],
		'pl-': ['Polish'],
	};
	const key = `${lang.base}-${lang.region ?? ''}`;
	const options = byRegion[key] ?? byRegion[`${lang.base}-`] ?? ['neutral'];
	return options[index % options.length];
}

interface CatalogVoice {
	voice: Omit<Voice, 'previewUrl'>;
	/** Models this voice works with; for model-independent providers, all of the provider's models. */
	models: string[];
}

/** The first published voice not yet used that fits a slot's gender and models, if any is left. */
function takePublicVoice(
	left: PublicVoice[],
	genderIndex: number,
	models: string[],
): PublicVoice | undefined {
	const sameModels = (own: string[]) =>
		own.length === models.length && own.every((model) => models.includes(model));
	const at = left.findIndex(
		(voice) =>
			(voice.gender === undefined || voice.gender === genderIndex) &&
			(!voice.models || sameModels(voice.models)),
	);
	return at === -1 ? undefined : left.splice(at, 1)[0];
}

function buildProviderVoices(slug: ProviderSlug, providerIndex: number): CatalogVoice[] {
	const profile = PROFILES[slug];
	const publicLeft = [...(PUBLIC_VOICES[slug] ?? [])];
	// Generated names never repeat a published voice's name: names stay unique per provider.
	const taken = new Set(publicLeft.map((voice) => voice.name));
	// How many names of each gender this provider has used: the nth voice of a gender gets the nth name.
	const namesUsed = [0, 0, 0];
	const generatedName = (genderIndex: number): string => {
		const names = VOICE_NAMES[genderIndex];
		// Rotated per provider; each list is longer than a provider's voices of that gender, so names are unique.
		let name: string;
		do name = names[(namesUsed[genderIndex]++ + providerIndex * 3) % names.length];
		while (taken.has(name));
		taken.add(name);
		return name;
	};
	return Array.from({ length: VOICES_PER_PROVIDER }, (_, index) => {
		// Mostly alternating male/female, every seventh voice neutral.
		const genderIndex = index % 7 === 6 ? 2 : index % 2;
		const gender = profile.genders[genderIndex];
		const models = profile.modelsOf
			? profile.modelsOf(index)
			: profile.models.map((m) => m.modelId);
		const published = takePublicVoice(publicLeft, genderIndex, models);
		const name = published?.name ?? generatedName(genderIndex);
		// Pairs of neighbours share a language, so every language has male and female voices.
		const language =
			profile.languages[(Math.floor(index / 2) + providerIndex) % profile.languages.length];
		return {
			voice: {
				voiceId: published?.voiceId ?? profile.voiceId(name, index, language),
				name: slug === 'google-cloud' || slug === 'azure' ? `${name} (${codeOf(language)})` : name,
				provider: slug,
				filters: {
					accent: accentFor(language, index),
					gender,
					useCase: USE_CASES[(index + providerIndex) % USE_CASES.length],
					language,
				},
			},
			models,
		};
	});
}

/** Built once: the catalog is read-only and identical for every sandbox. */
const CATALOG: ReadonlyMap<ProviderSlug, CatalogVoice[]> = new Map(
	VOICE_PROVIDERS.map((provider, index) => [
		provider.slug,
		buildProviderVoices(provider.slug, index),
	]),
);

export function isProviderSlug(value: string): value is ProviderSlug {
	return CATALOG.has(value as ProviderSlug);
}

export function providerEntries(configuredSecretNames: string[]) {
	return VOICE_PROVIDERS.map((provider) => {
		const profile = PROFILES[provider.slug];
		return {
			provider: provider.slug,
			name: provider.name,
			workspaceSecretKey: provider.workspaceSecretKey,
			requiresWorkspaceApiKey: profile.requiresWorkspaceApiKey,
			workspaceApiKeyConfigured: configuredSecretNames.includes(provider.workspaceSecretKey),
			supportsModels: profile.models.length > 0,
			modelDependentVoices: profile.modelDependentVoices,
			live: profile.live ?? false,
			voiceCount: VOICES_PER_PROVIDER,
		};
	});
}

export function providerModels(slug: ProviderSlug): VoiceModel[] {
	return PROFILES[slug].models.map((m) => ({ ...m }));
}

export function providerRequiresWorkspaceKey(slug: ProviderSlug): boolean {
	return PROFILES[slug].requiresWorkspaceApiKey;
}

export function providerSecretName(slug: ProviderSlug): string {
	return VOICE_PROVIDERS.find((p) => p.slug === slug)!.workspaceSecretKey;
}

export interface VoiceFilters {
	language?: string;
	/** Already canonical: male, female or neutral. */
	gender?: 'male' | 'female' | 'neutral';
	accent?: string;
	modelId?: string;
}

export function filterVoices(
	providers: ProviderSlug[],
	filters: VoiceFilters,
): Array<Omit<Voice, 'previewUrl'>> {
	const wantedLanguage = filters.language ? normalizeLanguage(filters.language) : undefined;
	const wantedAccent = filters.accent?.trim().toLowerCase();
	return providers.flatMap((slug) =>
		(CATALOG.get(slug) ?? [])
			.filter(({ voice, models }) => {
				if (filters.language && !languageMatches(wantedLanguage, voice.filters.language))
					return false;
				if (
					filters.gender &&
					GENDER_ALIASES[voice.filters.gender.trim().toLowerCase()] !== filters.gender
				)
					return false;
				if (wantedAccent && !voice.filters.accent.toLowerCase().includes(wantedAccent))
					return false;
				if (filters.modelId && !models.includes(filters.modelId)) return false;
				return true;
			})
			.map(({ voice }) => voice),
	);
}

export function findVoice(
	slug: ProviderSlug,
	voiceId: string,
): Omit<Voice, 'previewUrl'> | undefined {
	return CATALOG.get(slug)?.find(({ voice }) => voice.voiceId === voiceId)?.voice;
}

/** Where the preview of a voice is served (without auth, like a CDN). */
export function previewPath(slug: string, voiceId: string): string {
	return `/previews/${encodeURIComponent(slug)}/${encodeURIComponent(voiceId)}.mp3`;
}

export function withPreviewUrl(serverUrl: string, voice: Omit<Voice, 'previewUrl'>): Voice {
	return {
		voiceId: voice.voiceId,
		name: voice.name,
		provider: voice.provider,
		previewUrl: `${serverUrl}${previewPath(voice.provider, voice.voiceId)}`,
		filters: { ...voice.filters },
	};
}

/**
 * A small valid MP3: a few MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono) that decode to
 * silence. The side information is zero (no audio data), and the ancillary bytes after it carry a
 * per-voice pattern, so that each voice's preview has its own deterministic bytes.
 */
export const MP3_FRAME_LENGTH = 417; // floor(144 * 128000 / 44100), no padding
const MP3_FRAME_HEADER = [0xff, 0xfb, 0x90, 0xc4];
const MONO_SIDE_INFO_LENGTH = 17;

export function previewMp3(slug: string, voiceId: string): Buffer {
	const digest = Buffer.from(hexDigest(`preview:${slug}:${voiceId}`, 64), 'hex');
	const frameCount = 6 + (digest[0] % 6);
	const audio = Buffer.alloc(frameCount * MP3_FRAME_LENGTH);
	for (let frame = 0; frame < frameCount; frame++) {
		const start = frame * MP3_FRAME_LENGTH;
		audio.set(MP3_FRAME_HEADER, start);
		for (let i = start + 4 + MONO_SIDE_INFO_LENGTH; i < start + MP3_FRAME_LENGTH; i++) {
			audio[i] = digest[(i + frame) % digest.length];
		}
	}
	return audio;
}
