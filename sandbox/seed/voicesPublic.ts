import type { ProviderSlug } from '../../nodes/shared/contracts/voice';

/**
 * Voices whose IDs the providers themselves publish, so that the sandbox's catalog carries real,
 * recognisable IDs where a public source gives them (instead of made-up ones):
 * - ElevenLabs: the premade voices' IDs, as `GET /v1/voices` of ElevenLabs lists them.
 * - OpenAI: the voice names of its text-to-speech API (they are the IDs); the last four only for
 *   gpt-4o-mini-tts, as OpenAI's TTS guide says.
 * - Deepgram: Aura-2 and Aura model-voice IDs (`aura-2-<name>-en`, `aura-<name>-en`) with the
 *   gender Deepgram's voice list gives them (a name both models have is listed once here, so that
 *   names stay unique in the catalog).
 * - Gemini Live: the prebuilt voice names of Google's Live API and speech generation docs.
 * As many of them as the catalog's forty slots per provider take (each slot has a gender and
 * models). The filters (language, accent, use case) stay the sandbox's own, written the inconsistent ways
 * providers write them, so that the node's normalisation is what gets tested; the catalog slots a
 * provider has no published voice for keep IDs generated in that provider's format.
 */
export interface PublicVoice {
	voiceId: string;
	name: string;
	/** 0 male, 1 female, 2 neutral; absent when the provider publishes none (the slot's gender is used). */
	gender?: 0 | 1 | 2;
	/**
	 * Exactly the models it works with, when the provider publishes that: it then takes only a
	 * catalog slot with those models. Absent: any slot (the sandbox's own model assignment applies).
	 */
	models?: string[];
}

const M = 0 as const;
const F = 1 as const;
const N = 2 as const;

const eleven = (voiceId: string, name: string, gender: 0 | 1 | 2): PublicVoice => ({
	voiceId,
	name,
	gender,
});
const aura2 = (name: string, gender: 0 | 1): PublicVoice => ({
	voiceId: `aura-2-${name.toLowerCase()}-en`,
	name,
	gender,
	models: ['aura-2'],
});
const aura1 = (name: string, gender: 0 | 1): PublicVoice => ({
	voiceId: `aura-${name.toLowerCase()}-en`,
	name,
	gender,
	models: ['aura'],
});
const OPENAI_ALL = ['gpt-4o-mini-tts', 'tts-1', 'tts-1-hd'];
const openai = (name: string, models = OPENAI_ALL): PublicVoice => ({
	voiceId: name.toLowerCase(),
	name,
	models,
});

export const PUBLIC_VOICES: Partial<Record<ProviderSlug, PublicVoice[]>> = {
	elevenlabs: [
		eleven('EXAVITQu4vr4xnSDxMaL', 'Sarah', F),
		eleven('CwhRBWXzGAHq8TQ4Fs17', 'Roger', M),
		eleven('FGY2WhTYpPnrIDTdsKH5', 'Laura', F),
		eleven('IKne3meq5aSn9XLyUdCD', 'Charlie', M),
		eleven('JBFqnCBsd6RMkjVDRZzb', 'George', M),
		eleven('N2lVS1w4EtoT3dr4eOWO', 'Callum', M),
		eleven('SAz9YHcvj6GT2YYXdXww', 'River', N),
		eleven('SOYHLrjzK2X1ezoPC6cr', 'Harry', M),
		eleven('TX3LPaxmHKxFdv7VOQHJ', 'Liam', M),
		eleven('Xb7hH8MSUJpSbSDYk0k2', 'Alice', F),
		eleven('XrExE9yKIg1WjnnlVkGX', 'Matilda', F),
		eleven('bIHbv24MWmeRgasZH58o', 'Will', M),
		eleven('cgSgspJ2msm6clMCkdW9', 'Jessica', F),
		eleven('cjVigY5qzO86Huf0OWal', 'Eric', M),
		eleven('hpp4J3VqNfWAUOO0d1Us', 'Bella', F),
		eleven('iP95p4xoKVk53GoZ742B', 'Chris', M),
		eleven('nPczCjzI2devNBz1zQrb', 'Brian', M),
		eleven('onwK4e9ZLuTAKqWW03F9', 'Daniel', M),
		eleven('pFZP5JQG7iQjIQuC4Bku', 'Lily', F),
		eleven('pNInz6obpgDQGcFmaJgB', 'Adam', M),
		eleven('pqHfZKP75CvOlQylNhV4', 'Bill', M),
		// Older premade voices, still widely referenced by their IDs.
		eleven('21m00Tcm4TlvDq8ikWAM', 'Rachel', F),
		eleven('AZnzlk1XvdvUeBnXmlld', 'Domi', F),
		eleven('ErXwobaYiN019PkySvjV', 'Antoni', M),
		eleven('MF3mGyEYCl7XYWbV9V6O', 'Elli', F),
		eleven('TxGEqnHWrfWFTfGW9XjX', 'Josh', M),
		eleven('XB0fDUnXU5powFXDhCwa', 'Charlotte', F),
	],
	openai: [
		openai('Alloy'),
		openai('Ash'),
		openai('Coral'),
		openai('Echo'),
		openai('Fable'),
		openai('Onyx'),
		openai('Nova'),
		openai('Sage'),
		openai('Shimmer'),
		openai('Ballad', ['gpt-4o-mini-tts']),
		openai('Verse', ['gpt-4o-mini-tts']),
		openai('Marin', ['gpt-4o-mini-tts']),
		openai('Cedar', ['gpt-4o-mini-tts']),
	],
	deepgram: [
		aura2('Thalia', F),
		aura2('Apollo', M),
		aura2('Andromeda', F),
		aura2('Neptune', M),
		aura2('Helena', F),
		aura2('Aries', M),
		aura2('Amalthea', F),
		aura2('Atlas', M),
		aura2('Juno', F),
		aura2('Draco', M),
		aura2('Aurora', F),
		aura2('Hermes', M),
		aura2('Callista', F),
		aura2('Hyperion', M),
		aura2('Cora', F),
		aura2('Mars', M),
		aura2('Cordelia', F),
		aura2('Odysseus', M),
		aura2('Delia', F),
		aura2('Pluto', M),
		aura2('Electra', F),
		aura2('Saturn', M),
		aura2('Harmonia', F),
		aura2('Jupiter', M),
		aura1('Asteria', F),
		aura1('Orion', M),
		aura1('Luna', F),
		aura1('Arcas', M),
		aura1('Stella', F),
		aura1('Perseus', M),
		aura1('Athena', F),
		aura1('Angus', M),
		aura1('Hera', F),
		aura1('Orpheus', M),
	],
	'google-live': ['Puck', 'Charon', 'Kore', 'Fenrir', 'Aoede', 'Leda', 'Orus', 'Zephyr'].map(
		(name) => ({ voiceId: name, name }),
	),
};
