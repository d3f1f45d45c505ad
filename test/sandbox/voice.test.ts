/* eslint-disable @typescript-eslint/no-explicit-any -- the sandbox's JSON answers are read loosely, as a client reads them */
import {
	GENDER_ALIASES,
	VOICE_PROVIDERS,
	voiceProviderSchema,
	voiceSchema,
} from '../../nodes/shared/contracts/voice';
import { MP3_FRAME_LENGTH, VOICES_PER_PROVIDER } from '../../sandbox/seed/voices';
import { SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { PUBLIC_VOICES } from '../../sandbox/seed/voicesPublic';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const get = (path: string, query?: Record<string, string | number>, withKey: string = key) =>
	api(sandbox(), 'GET', path, { key: withKey, query });

type VoiceBody = {
	voiceId: string;
	name: string;
	provider: string;
	previewUrl: string;
	filters: { language: string; gender: string; accent: string; useCase: string };
};
const voicesOf = (answer: { body: any }): VoiceBody[] => answer.body.data.voices;

describe('GET /voices/providers and models', () => {
	it('lists all eleven providers with their secret names', async () => {
		const answer = await get('/voices/providers');
		expect(answer.status).toBe(200);
		expect(answer.body.success).toBe(true);
		const providers = answer.body.data.providers;
		for (const provider of providers) voiceProviderSchema.parse(provider);
		expect(providers.map((p: any) => [p.provider, p.name, p.workspaceSecretKey])).toEqual(
			VOICE_PROVIDERS.map((p) => [p.slug, p.name, p.workspaceSecretKey]),
		);
		const needingKey = providers
			.filter((p: any) => p.requiresWorkspaceApiKey)
			.map((p: any) => p.provider);
		expect(needingKey).toEqual(['minimax', 'playht', 'azure']);
		expect(providers.find((p: any) => p.provider === 'google-live').live).toBe(true);
	});

	it("lists a provider's models and 404s an unknown provider", async () => {
		const answer = await get('/voices/elevenlabs/models');
		expect(answer.status).toBe(200);
		expect(answer.body.data.provider).toBe('elevenlabs');
		expect(answer.body.data.models.map((m: any) => m.modelId)).toEqual([
			'eleven_multilingual_v2',
			'eleven_flash_v2_5',
			'eleven_turbo_v2_5',
			'eleven_v3',
		]);
		for (const model of answer.body.data.models) expect(model.name).toEqual(expect.any(String));
		const unknown = await get('/voices/acme-tts/models');
		expect(unknown.status).toBe(404);
		expect(unknown.body.code).toBe('PROVIDER_NOT_FOUND');
	});
});

describe('published voice IDs', () => {
	it('lists every voice a provider publishes under its own ID and name, once', async () => {
		for (const [slug, published] of Object.entries(PUBLIC_VOICES)) {
			const voices = voicesOf(await get(`/voices/${slug}`));
			for (const voice of published ?? []) {
				expect([
					slug,
					voices.filter((v) => v.voiceId === voice.voiceId).map((v) => v.name),
				]).toEqual([slug, [voice.name]]);
			}
		}
		// Well-known ones, spelled out: ElevenLabs' premade Rachel and Adam, OpenAI's alloy, Deepgram's Thalia.
		const eleven = voicesOf(await get('/voices/elevenlabs'));
		expect(eleven.find((v) => v.voiceId === '21m00Tcm4TlvDq8ikWAM')?.name).toBe('Rachel');
		expect(eleven.find((v) => v.voiceId === 'pNInz6obpgDQGcFmaJgB')?.filters.gender).toBe('male');
		expect(voicesOf(await get('/voices/openai')).map((v) => v.voiceId)).toContain('alloy');
		expect(
			voicesOf(await get('/voices/deepgram')).find((v) => v.voiceId === 'aura-2-thalia-en')?.filters
				.gender,
		).toBe('feminine');
	});

	it('keeps a voice published for one model only out of the other models', async () => {
		const tts1 = voicesOf(await get('/voices/openai', { modelId: 'tts-1' })).map((v) => v.voiceId);
		expect(tts1).toContain('alloy');
		expect(tts1).not.toContain('ballad');
		expect(
			voicesOf(await get('/voices/openai', { modelId: 'gpt-4o-mini-tts' })).map((v) => v.voiceId),
		).toContain('ballad');
	});
});

describe('browsing and pagination', () => {
	it('browses one provider with the default limit of 100', async () => {
		const answer = await get('/voices/cartesia');
		expect(answer.status).toBe(200);
		expect(answer.body.data).toMatchObject({
			total: VOICES_PER_PROVIDER,
			limit: 100,
			offset: 0,
			hasMore: false,
		});
		const voices = voicesOf(answer);
		expect(voices).toHaveLength(VOICES_PER_PROVIDER);
		for (const voice of voices) {
			expect(voiceSchema.strict().parse(voice)).toEqual(voice);
			expect(voice.provider).toBe('cartesia');
			expect(voice.voiceId).toMatch(
				/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
			);
		}
		expect(new Set(voices.map((v) => v.voiceId)).size).toBe(VOICES_PER_PROVIDER);
	});

	it('gives every provider a full catalog with unique ids and names', async () => {
		for (const { slug } of VOICE_PROVIDERS) {
			const voices = voicesOf(await get(`/voices/${slug}`));
			expect([slug, voices.length]).toEqual([slug, VOICES_PER_PROVIDER]);
			expect(new Set(voices.map((v) => v.voiceId)).size).toBe(VOICES_PER_PROVIDER);
			expect(new Set(voices.map((v) => v.name)).size).toBe(VOICES_PER_PROVIDER);
		}
	});

	it('pages with limit and offset, without gaps or repeats', async () => {
		const pages: VoiceBody[][] = [];
		const flags: boolean[] = [];
		for (let offset = 0; offset < VOICES_PER_PROVIDER; offset += 15) {
			const answer = await get('/voices/elevenlabs', { limit: 15, offset });
			expect(answer.body.data).toMatchObject({ total: VOICES_PER_PROVIDER, limit: 15, offset });
			pages.push(voicesOf(answer));
			flags.push(answer.body.data.hasMore);
		}
		expect(pages.map((p) => p.length)).toEqual([15, 15, 10]);
		expect(flags).toEqual([true, true, false]);
		const all = voicesOf(await get('/voices/elevenlabs'));
		expect(pages.flat().map((v) => v.voiceId)).toEqual(all.map((v) => v.voiceId));
		const beyond = await get('/voices/elevenlabs', { offset: 500 });
		expect(voicesOf(beyond)).toEqual([]);
		expect(beyond.body.data.hasMore).toBe(false);
	});

	it('validates the query: limit 1 to 500, whole numbers, no providers on browse', async () => {
		const badQueries: Array<Record<string, string | number>> = [
			{ limit: 0 },
			{ limit: 501 },
			{ limit: 'ten' },
			{ limit: 2.5 },
			{ offset: -1 },
			{ providers: 'elevenlabs' },
			{ gender: 'robot' },
			{ colour: 'blue' },
		];
		for (const query of badQueries) {
			const answer = await get('/voices/elevenlabs', query);
			expect([query, answer.status]).toEqual([query, 400]);
			expect(answer.body.code).toBe('VALIDATION_ERROR');
			expect(answer.body.issues.length).toBeGreaterThan(0);
		}
		expect((await get('/voices', { limit: 501 })).status).toBe(400);
		const unknownProvider = await get('/voices', { providers: 'elevenlabs,acme-tts' });
		expect(unknownProvider.status).toBe(400);
		expect(unknownProvider.body.code).toBe('UNKNOWN_PROVIDER');
		expect((await get('/voices/elevenlabs', { limit: 500 })).status).toBe(200);
		expect((await get('/voices/elevenlabs', { limit: 1 })).status).toBe(200);
	});

	it('404s an unknown provider', async () => {
		const answer = await get('/voices/acme-tts');
		expect(answer.status).toBe(404);
		expect(answer.body.code).toBe('PROVIDER_NOT_FOUND');
	});
});

describe('search filters', () => {
	it('searches every provider by default and a comma-separated list on request', async () => {
		const all = await get('/voices', { limit: 500 });
		expect(all.body.data.total).toBe(VOICE_PROVIDERS.length * VOICES_PER_PROVIDER);
		const two = await get('/voices', { providers: 'cartesia, elevenlabs', limit: 500 });
		expect(two.body.data.total).toBe(2 * VOICES_PER_PROVIDER);
		expect(new Set(voicesOf(two).map((v) => v.provider))).toEqual(
			new Set(['cartesia', 'elevenlabs']),
		);
		expect(voicesOf(two)[0].provider).toBe('cartesia');
	});

	it('matches languages inclusively: en finds codes and names, en-GB only British ones', async () => {
		const english = voicesOf(await get('/voices', { language: 'en', limit: 500 }));
		const forms = new Set(english.map((v) => v.filters.language));
		for (const form of [
			'en-US',
			'en-GB',
			'English',
			'British English',
			'en_US',
			'eng',
			'English (US)',
		])
			expect(forms).toContain(form);
		for (const form of ['de-DE', 'German', 'es-ES', 'fr-FR']) expect(forms).not.toContain(form);

		const british = voicesOf(await get('/voices', { language: 'en-GB', limit: 500 }));
		expect(british.length).toBeGreaterThan(0);
		expect(british.length).toBeLessThan(english.length);
		expect(new Set(british.map((v) => v.filters.language))).toEqual(
			new Set(['en-GB', 'British English', 'en_GB', 'english (UK)']),
		);

		const byName = await get('/voices', { language: 'English', limit: 1 });
		expect(byName.body.data.total).toBe(english.length);
		const byBritishName = await get('/voices', { language: 'british english', limit: 1 });
		expect(byBritishName.body.data.total).toBe(british.length);

		const german = voicesOf(await get('/voices', { language: 'de', limit: 500 }));
		expect(new Set(german.map((v) => v.filters.language))).toEqual(
			new Set(['de-DE', 'German', 'german', 'de_DE', 'ger']),
		);
		expect((await get('/voices', { language: 'klingon' })).body.data.total).toBe(0);
	});

	it("matches gender case-insensitively with aliases, whatever the provider's spelling", async () => {
		const female = voicesOf(await get('/voices', { gender: 'female', limit: 500 }));
		expect(female.length).toBeGreaterThan(100);
		for (const voice of female)
			expect(GENDER_ALIASES[voice.filters.gender.toLowerCase()]).toBe('female');
		expect(new Set(female.map((v) => v.filters.gender))).toEqual(
			new Set(['female', 'feminine', 'Female', 'F', 'FEMALE', 'f']),
		);
		for (const alias of ['F', 'Feminine', 'FEMALE', 'f']) {
			expect((await get('/voices', { gender: alias, limit: 1 })).body.data.total).toBe(
				female.length,
			);
		}
		const male = await get('/voices', { gender: 'm', limit: 1 });
		const neutral = await get('/voices', { gender: 'Neutral', limit: 1 });
		expect(male.body.data.total + neutral.body.data.total + female.length).toBe(
			VOICE_PROVIDERS.length * VOICES_PER_PROVIDER,
		);
	});

	it('matches accents as a case-insensitive substring', async () => {
		const american = voicesOf(await get('/voices', { accent: 'AMERICAN', limit: 500 }));
		const accents = new Set(american.map((v) => v.filters.accent));
		expect(accents).toEqual(
			new Set(['American', 'American (Southern)', 'General American', 'Latin American']),
		);
		const southern = await get('/voices', { accent: 'southern', limit: 1 });
		expect(southern.body.data.total).toBeGreaterThan(0);
		expect(southern.body.data.total).toBeLessThan(american.length);
	});

	it('filters model-dependent catalogs by modelId', async () => {
		const v3 = voicesOf(await get('/voices/elevenlabs', { modelId: 'eleven_v3' }));
		expect(v3).toHaveLength(Math.ceil(VOICES_PER_PROVIDER / 3));
		const multilingual = voicesOf(
			await get('/voices/elevenlabs', { modelId: 'eleven_multilingual_v2' }),
		);
		expect(multilingual).toHaveLength(VOICES_PER_PROVIDER);
		const sonic2 = voicesOf(await get('/voices/cartesia', { modelId: 'sonic-2' }));
		expect(sonic2).toHaveLength(VOICES_PER_PROVIDER / 2);
		const unknown = await get('/voices/elevenlabs', { modelId: 'sonic-2' });
		expect(unknown.status).toBe(400);
		expect(unknown.body.code).toBe('UNKNOWN_MODEL');
		// Across providers, a model narrows the search to the voices that work with it.
		const search = voicesOf(await get('/voices', { modelId: 'eleven_v3', limit: 500 }));
		expect(search.map((v) => v.voiceId)).toEqual(v3.map((v) => v.voiceId));
	});

	it('combines filters', async () => {
		const answer = voicesOf(
			await get('/voices', { language: 'en', gender: 'f', accent: 'british', limit: 500 }),
		);
		expect(answer.length).toBeGreaterThan(0);
		for (const voice of answer) {
			expect(GENDER_ALIASES[voice.filters.gender.toLowerCase()]).toBe('female');
			expect(voice.filters.accent.toLowerCase()).toContain('british');
		}
	});
});

describe('single voices and previews', () => {
	it('returns one voice, also when its id holds slashes (URL-encoded)', async () => {
		const listed = voicesOf(await get('/voices/playht', { limit: 1 }))[0];
		expect(listed.voiceId).toContain('/');
		const answer = await get(`/voices/playht/${encodeURIComponent(listed.voiceId)}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ success: true, data: listed });
		const unencoded = await get(`/voices/playht/${listed.voiceId}`);
		expect(unencoded.status).toBe(404);
	});

	it('404s an unknown voice or provider', async () => {
		const voice = await get('/voices/elevenlabs/not-a-voice');
		expect(voice.status).toBe(404);
		expect(voice.body.code).toBe('VOICE_NOT_FOUND');
		expect((await get('/voices/acme-tts/x')).status).toBe(404);
	});

	it('serves previews without auth as small, valid, deterministic MP3s', async () => {
		const [first, second] = voicesOf(await get('/voices/openai', { limit: 2 }));
		expect(first.previewUrl).toBe(
			`${sandbox().url}/previews/openai/${encodeURIComponent(first.voiceId)}.mp3`,
		);
		const requestsBefore = sandbox().count();
		const response = await fetch(first.previewUrl);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('audio/mpeg');
		const bytes = new Uint8Array(await response.arrayBuffer());
		// MPEG-1 Layer III frame sync, 128 kbit/s, 44.1 kHz.
		expect([bytes[0], bytes[1] & 0xe0]).toEqual([0xff, 0xe0]);
		expect([bytes[1], bytes[2]]).toEqual([0xfb, 0x90]);
		expect(bytes.length % MP3_FRAME_LENGTH).toBe(0);
		expect(bytes.length).toBeGreaterThanOrEqual(6 * MP3_FRAME_LENGTH);
		for (let frame = 0; frame < bytes.length; frame += MP3_FRAME_LENGTH)
			expect(bytes[frame]).toBe(0xff);

		const again = new Uint8Array(await (await fetch(first.previewUrl)).arrayBuffer());
		expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
		const other = new Uint8Array(await (await fetch(second.previewUrl)).arrayBuffer());
		expect(Buffer.from(other).equals(Buffer.from(bytes))).toBe(false);
		expect(sandbox().count()).toBe(requestsBefore);
	});

	it('serves the preview of an id with slashes and 404s unknown previews', async () => {
		const playht = voicesOf(await get('/voices/playht', { limit: 1 }))[0];
		expect((await fetch(playht.previewUrl)).status).toBe(200);
		expect((await fetch(`${sandbox().url}/previews/openai/nobody.mp3`)).status).toBe(404);
	});
});

describe('provider keys', () => {
	it('asks for the workspace key of providers without a platform key', async () => {
		const answer = await get('/voices/playht', undefined, SANDBOX_KEYS.euBusiness);
		expect(answer.status).toBe(400);
		expect(answer.body.code).toBe('PROVIDER_API_KEY_REQUIRED');
		expect(answer.body.message).toContain('workspaceData.secrets.PLAYHT_API_KEY');
		// minimax's key is stored in the Business workspace.
		expect((await get('/voices/minimax', undefined, SANDBOX_KEYS.euBusiness)).status).toBe(200);
		const search = voicesOf(await get('/voices', { limit: 500 }, SANDBOX_KEYS.euBusiness));
		const providers = new Set(search.map((v) => v.provider));
		expect(providers.has('playht')).toBe(false);
		expect(providers.has('azure')).toBe(false);
		expect(providers.has('minimax')).toBe(true);
		const providerList = (await get('/voices/providers', undefined, SANDBOX_KEYS.euBusiness)).body
			.data.providers;
		expect(providerList.find((p: any) => p.provider === 'playht').workspaceApiKeyConfigured).toBe(
			false,
		);
	});
});
