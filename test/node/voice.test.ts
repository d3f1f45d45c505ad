/**
 * Voice resource through n8n's engine against the sandbox over real HTTP: every operation's
 * request as the sandbox received it, the filters, pagination, validation before sending, the
 * MP3 preview as binary data, retries and the plan gate.
 */
import type { IBinaryData, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { GENDER_ALIASES, VOICE_PROVIDERS, voiceSchema } from '../../nodes/shared/contracts/voice';
import { filterVoices, previewMp3 } from '../../sandbox/seed/voices';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();

async function voice(
	parameters: INodeParameters,
	extra: { input?: INodeExecutionData[]; continueOnFail?: boolean; key?: string } = {},
) {
	return await runConvocore(
		{ resource: 'voice', ...parameters },
		{
			credential: sandboxCredential(sandbox.current, extra.key),
			input: extra.input,
			continueOnFail: extra.continueOnFail,
		},
	);
}

/** Every API request the sandbox received (previews are not API requests and are not recorded). */
function apiRequests() {
	return sandbox.current
		.requests()
		.map(({ method, path, query, status }) => ({ method, path, query, status }));
}

function voicesOf(items: INodeExecutionData[]) {
	return items.map((item) => voiceSchema.strict().parse(item.json));
}

const ENGLISH = /^(en([-_]|$)|eng$)|english/i;

describe('Voice > Search (GET /voices)', () => {
	it('returns one item per voice up to the default limit of 50, in one request', async () => {
		const items = (await voice({ operation: 'search' })).items();

		expect(apiRequests()).toEqual([
			{ method: 'GET', path: '/voices', query: { limit: '50', offset: '0' }, status: 200 },
		]);
		expect(items).toHaveLength(50);
		const voices = voicesOf(items);
		expect(new Set(voices.map((v) => `${v.provider}/${v.voiceId}`)).size).toBe(50);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('matches language inclusively: "en" finds en-US, en-GB, English and the like', async () => {
		const items = (
			await voice({ operation: 'search', returnAll: true, filters: { language: 'en' } })
		).items();

		expect(apiRequests()).toEqual([
			{
				method: 'GET',
				path: '/voices',
				query: { language: 'en', limit: '500', offset: '0' },
				status: 200,
			},
		]);
		const languages = voicesOf(items).map((v) => v.filters.language);
		expect(languages.length).toBeGreaterThan(100);
		expect(languages.every((language) => ENGLISH.test(language))).toBe(true);
		expect(languages).toEqual(
			expect.arrayContaining(['en-US', 'en-GB', 'English', 'British English']),
		);
	});

	it('accepts the gender alias "f" and sends the canonical female', async () => {
		const items = (
			await voice({ operation: 'search', returnAll: true, filters: { gender: 'f' } })
		).items();

		expect(apiRequests()[0].query).toEqual({ gender: 'female', limit: '500', offset: '0' });
		const genders = voicesOf(items).map((v) => v.filters.gender);
		expect(genders.length).toBeGreaterThan(100);
		// Providers spell it female, feminine, Female, FEMALE, F, f: all of them mean female.
		expect(genders.every((gender) => GENDER_ALIASES[gender.toLowerCase()] === 'female')).toBe(true);
		expect(new Set(genders).size).toBeGreaterThan(2);
	});

	it('matches accent as a case-insensitive substring', async () => {
		const items = (
			await voice({ operation: 'search', returnAll: true, filters: { accent: 'brit' } })
		).items();

		expect(apiRequests()[0].query).toEqual({ accent: 'brit', limit: '500', offset: '0' });
		const accents = voicesOf(items).map((v) => v.filters.accent);
		expect(accents.length).toBeGreaterThan(0);
		expect(accents.every((accent) => accent.toLowerCase().includes('brit'))).toBe(true);
		expect(new Set(accents)).toEqual(new Set(['British', 'British (RP)']));
	});

	it('filters by model and by several providers, sent comma-separated', async () => {
		const items = (
			await voice({
				operation: 'search',
				returnAll: true,
				filters: { providers: ['elevenlabs', 'cartesia'], modelId: 'eleven_v3' },
			})
		).items();

		expect(apiRequests()[0].query).toEqual({
			modelId: 'eleven_v3',
			providers: 'elevenlabs,cartesia',
			limit: '500',
			offset: '0',
		});
		const voices = voicesOf(items);
		// Only elevenlabs has eleven_v3, and only some of its voices support it.
		expect(voices.map((v) => v.voiceId)).toEqual(
			filterVoices(['elevenlabs', 'cartesia'], { modelId: 'eleven_v3' }).map((v) => v.voiceId),
		);
		expect(voices.length).toBeGreaterThan(0);
		expect(voices.length).toBeLessThan(40);
		expect(voices.every((v) => v.provider === 'elevenlabs')).toBe(true);
	});

	it('limits results to the chosen providers', async () => {
		const items = (
			await voice({
				operation: 'search',
				returnAll: true,
				filters: { providers: ['deepgram', 'rime-ai'] },
			})
		).items();

		expect(apiRequests()[0].query).toMatchObject({ providers: 'deepgram,rime-ai' });
		const providers = voicesOf(items).map((v) => v.provider);
		expect(providers).toHaveLength(80);
		expect(new Set(providers)).toEqual(new Set(['deepgram', 'rime-ai']));
	});

	it('Return All pages through the whole catalog with increasing offsets', async () => {
		const items = (
			await voice({ operation: 'search', returnAll: true, options: { pageSize: 100 } })
		).items();

		const requests = apiRequests();
		expect(requests.map((r) => r.query)).toEqual(
			[0, 100, 200, 300, 400].map((offset) => ({ limit: '100', offset: String(offset) })),
		);
		expect(requests.every((r) => r.path === '/voices' && r.status === 200)).toBe(true);
		// Eleven providers of 40 voices each, with no gaps or repeats between pages.
		const keys = voicesOf(items).map((v) => `${v.provider}/${v.voiceId}`);
		expect(keys).toHaveLength(11 * 40);
		expect(new Set(keys).size).toBe(keys.length);

		sandbox.current.reset();
		const onePage = (await voice({ operation: 'search', returnAll: true })).items();
		expect(apiRequests()).toHaveLength(1);
		expect(voicesOf(onePage).map((v) => `${v.provider}/${v.voiceId}`)).toEqual(keys);
	});

	it('Limit stops requesting as soon as it is reached', async () => {
		const items = (
			await voice({ operation: 'search', limit: 120, options: { pageSize: 50 } })
		).items();

		expect(apiRequests().map((r) => r.query)).toEqual([
			{ limit: '50', offset: '0' },
			{ limit: '50', offset: '50' },
			{ limit: '20', offset: '100' },
		]);
		expect(items).toHaveLength(120);
	});

	it('takes a limit given as text by an expression', async () => {
		const items = (await voice({ operation: 'search', limit: '={{ "7" }}' })).items();

		expect(items).toHaveLength(7);
		expect(apiRequests().map((r) => r.query)).toEqual([{ limit: '7', offset: '0' }]);
	});

	it('runs once per input item, each output paired with its item', async () => {
		const items = (
			await voice(
				{ operation: 'search', limit: 3, filters: { language: '={{ $json.language }}' } },
				{ input: [{ json: { language: 'de' } }, { json: { language: 'fr' } }] },
			)
		).items();

		expect(apiRequests().map((r) => r.query.language)).toEqual(['de', 'fr']);
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 0, 0, 1, 1, 1,
		]);
		expect(voicesOf(items.slice(0, 3)).every((v) => /^de|german/i.test(v.filters.language))).toBe(
			true,
		);
		expect(voicesOf(items.slice(3)).every((v) => /^fr|french/i.test(v.filters.language))).toBe(
			true,
		);
	});
});

describe('Voice > Browse (GET /voices/{provider})', () => {
	it("returns one provider's voices", async () => {
		const items = (
			await voice({ operation: 'browse', provider: 'cartesia', returnAll: true })
		).items();

		expect(apiRequests()).toEqual([
			{
				method: 'GET',
				path: '/voices/cartesia',
				query: { limit: '500', offset: '0' },
				status: 200,
			},
		]);
		const voices = voicesOf(items);
		expect(voices).toHaveLength(40);
		expect(voices.every((v) => v.provider === 'cartesia')).toBe(true);
	});

	it('sends every filter and pages with increasing offsets', async () => {
		const filters = {
			language: 'en',
			gender: 'male',
			accent: 'american',
			modelId: 'eleven_flash_v2_5',
		};
		const expected = filterVoices(['elevenlabs'], { ...filters, gender: 'male' });
		expect(expected.length).toBeGreaterThan(3);

		const items = (
			await voice({
				operation: 'browse',
				provider: 'elevenlabs',
				returnAll: true,
				filters,
				options: { pageSize: 2 },
			})
		).items();

		const requests = apiRequests();
		expect(requests.map((r) => r.path)).toEqual(requests.map(() => '/voices/elevenlabs'));
		expect(requests.map((r) => r.query)).toEqual(
			requests.map((_, page) => ({ ...filters, limit: '2', offset: String(page * 2) })),
		);
		expect(requests).toHaveLength(Math.ceil(expected.length / 2));
		expect(voicesOf(items).map((v) => v.voiceId)).toEqual(expected.map((v) => v.voiceId));
	});

	it('stops early at the limit', async () => {
		const items = (
			await voice({ operation: 'browse', provider: 'openai', limit: 25, options: { pageSize: 10 } })
		).items();

		expect(apiRequests().map((r) => r.query)).toEqual([
			{ limit: '10', offset: '0' },
			{ limit: '10', offset: '10' },
			{ limit: '5', offset: '20' },
		]);
		expect(items).toHaveLength(25);
	});

	it('surfaces the API refusal for a provider the workspace has no key for', async () => {
		const run = await voice(
			{ operation: 'browse', provider: 'playht' },
			{ key: sandbox.current.keys.euBusiness },
		);

		const error = run.error('Convocore');
		expect(error?.message).toMatch(/Convocore rejected the request: playht has no platform key/);
		expect(error?.message).toContain('PLAYHT_API_KEY');
		expect(apiRequests()).toHaveLength(1);
	});
});

function frameSync(bytes: Buffer): boolean {
	return bytes.length > 1 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;
}

describe('Voice > Get (GET /voices/{provider}/{voiceId})', () => {
	const [cartesiaVoice] = filterVoices(['cartesia'], { language: 'en-GB' });

	it('returns the metadata and the MP3 preview as binary data', async () => {
		const items = (
			await voice({
				operation: 'get',
				provider: 'cartesia',
				voiceId: {
					__rl: true,
					mode: 'list',
					value: cartesiaVoice.voiceId,
					cachedResultName: cartesiaVoice.name,
				},
			})
		).items();

		expect(apiRequests()).toEqual([
			{ method: 'GET', path: `/voices/cartesia/${cartesiaVoice.voiceId}`, query: {}, status: 200 },
		]);
		expect(items).toHaveLength(1);
		const [item] = items;
		expect(voiceSchema.strict().parse(item.json)).toEqual({
			...cartesiaVoice,
			previewUrl: `${sandbox.current.url}/previews/cartesia/${cartesiaVoice.voiceId}.mp3`,
		});
		const binary = item.binary?.data as IBinaryData;
		expect(binary.mimeType).toBe('audio/mpeg');
		expect(binary.fileName).toBe(`cartesia-${cartesiaVoice.voiceId}.mp3`);
		const bytes = Buffer.from(binary.data, 'base64');
		expect(frameSync(bytes)).toBe(true);
		expect(bytes.equals(previewMp3('cartesia', cartesiaVoice.voiceId))).toBe(true);
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('puts the preview in the named field, and encodes ids that contain slashes (PlayHT)', async () => {
		const [playhtVoice] = filterVoices(['playht'], {});
		expect(playhtVoice.voiceId).toContain('/');
		const items = (
			await voice({
				operation: 'get',
				provider: 'playht',
				voiceId: { __rl: true, mode: 'id', value: playhtVoice.voiceId },
				binaryPropertyName: 'preview',
			})
		).items();

		expect(apiRequests()).toEqual([
			{
				method: 'GET',
				path: `/voices/playht/${encodeURIComponent(playhtVoice.voiceId)}`,
				query: {},
				status: 200,
			},
		]);
		const [item] = items;
		expect(item.json.voiceId).toBe(playhtVoice.voiceId);
		expect(Object.keys(item.binary ?? {})).toEqual(['preview']);
		const binary = item.binary?.preview as IBinaryData;
		expect(binary.mimeType).toBe('audio/mpeg');
		expect(binary.fileName).toMatch(
			/^playht-s3_voice-cloning-zero-shot_[0-9a-f-]+_[a-z]+_manifest\.json\.mp3$/,
		);
		expect(frameSync(Buffer.from(binary.data, 'base64'))).toBe(true);
	});

	it('returns only the metadata when Download Preview is off', async () => {
		const items = (
			await voice({
				operation: 'get',
				provider: 'cartesia',
				voiceId: { __rl: true, mode: 'id', value: cartesiaVoice.voiceId },
				downloadPreview: false,
			})
		).items();

		expect(items).toHaveLength(1);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.voiceId).toBe(cartesiaVoice.voiceId);
		expect(apiRequests()).toHaveLength(1);
	});

	it('reports an unknown voice as not found', async () => {
		const run = await voice({
			operation: 'get',
			provider: 'cartesia',
			voiceId: { __rl: true, mode: 'id', value: 'no-such-voice' },
		});

		expect(run.error('Convocore')?.message).toMatch(
			/^Not found: Voice "no-such-voice" was not found/,
		);
	});
});

describe('Voice > List Providers and List Models', () => {
	it('returns one item per provider with its workspace secret key', async () => {
		const items = (await voice({ operation: 'listProviders' })).items();

		expect(apiRequests()).toEqual([
			{ method: 'GET', path: '/voices/providers', query: {}, status: 200 },
		]);
		expect(items.map((item) => item.json.provider).sort()).toEqual(
			VOICE_PROVIDERS.map((p) => p.slug).sort(),
		);
		for (const item of items) {
			const json = item.json as IDataObject;
			const known = VOICE_PROVIDERS.find((p) => p.slug === json.provider);
			expect(json.workspaceSecretKey).toBe(known?.workspaceSecretKey);
			expect(typeof json.requiresWorkspaceApiKey).toBe('boolean');
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		expect(
			items.find((item) => item.json.provider === 'minimax')?.json.requiresWorkspaceApiKey,
		).toBe(true);
		expect(
			items.find((item) => item.json.provider === 'elevenlabs')?.json.requiresWorkspaceApiKey,
		).toBe(false);
	});

	it('returns one item per model of the provider', async () => {
		const items = (await voice({ operation: 'listModels', provider: 'elevenlabs' })).items();

		expect(apiRequests()).toEqual([
			{ method: 'GET', path: '/voices/elevenlabs/models', query: {}, status: 200 },
		]);
		expect(items.map((item) => item.json.modelId)).toEqual([
			'eleven_multilingual_v2',
			'eleven_flash_v2_5',
			'eleven_turbo_v2_5',
			'eleven_v3',
		]);
		expect(
			items.every(
				(item) => item.json.provider === 'elevenlabs' && typeof item.json.name === 'string',
			),
		).toBe(true);
	});
});

describe('Voice > providers beyond the eleven known', () => {
	it('a slug the node does not know is sent (the live list is authoritative) and the API answer is shown', async () => {
		const run = await voice({
			operation: 'search',
			filters: { providers: ['cartesia', 'acme-tts'] },
		});
		const error = run.error('Convocore');
		expect(error?.message).toMatch(
			/^Convocore rejected the request: Unknown voice provider "acme-tts"/,
		);
		expect(error?.description).toMatch(/UNKNOWN_PROVIDER/);
		expect(sandbox.current.requests({ path: '/voices' })[0].query.providers).toBe(
			'cartesia,acme-tts',
		);
	});
});

describe('Voice > validation before sending', () => {
	it.each<[string, INodeParameters, RegExp]>([
		[
			'an unknown gender',
			{ operation: 'search', filters: { gender: 'robot' } },
			/^Invalid voice filters: gender: must be male, female or neutral/,
		],
		[
			'a provider list entry that is not a slug',
			{ operation: 'search', filters: { providers: ['cartesia', 'no pe!'] } },
			/^Invalid voice filters: providers\.1: /,
		],
		[
			'a limit below 1',
			{ operation: 'search', limit: 0 },
			/^Invalid pagination: limit: must be 1 or more/,
		],
		[
			'a limit that is not a number',
			{ operation: 'search', limit: '={{ "lots" }}' },
			/^Invalid pagination: limit: must be a number$/,
		],
		[
			'a page size above 500',
			{ operation: 'browse', provider: 'cartesia', options: { pageSize: 501 } },
			/^Invalid pagination: pageSize: must be between 1 and 500/,
		],
		// A literal empty required field is caught by n8n itself; an expression that yields nothing is ours to catch.
		[
			'no provider',
			{ operation: 'browse', provider: '={{ $json.missing }}' },
			/^Invalid provider: provider: is required/,
		],
		[
			'a provider that is not a slug',
			{ operation: 'listModels', provider: 'eleven labs/x' },
			/^Invalid provider: provider: must be a provider slug/,
		],
		[
			'no voice id',
			{ operation: 'get', provider: 'cartesia', voiceId: { __rl: true, mode: 'id', value: ' ' } },
			/^Invalid voice: voiceId: is required/,
		],
		[
			'an empty output field',
			{
				operation: 'get',
				provider: 'cartesia',
				voiceId: { __rl: true, mode: 'id', value: 'x' },
				binaryPropertyName: '={{ "" }}',
			},
			/^Invalid output field: binaryPropertyName: /,
		],
	])('rejects %s and sends nothing', async (_what, parameters, message) => {
		const run = await voice(parameters);

		expect(run.error('Convocore')?.message).toMatch(message);
		expect(sandbox.current.count()).toBe(0);
	});

	it('checks every item before sending anything: an invalid second item stops the run', async () => {
		const run = await voice(
			{ operation: 'search', filters: { gender: '={{ $json.gender }}' } },
			{ input: [{ json: { gender: 'female' } }, { json: { gender: 'robot' } }] },
		);

		const error = run.error('Convocore');
		expect(error?.message).toMatch(/^Invalid voice filters: gender: /);
		expect((error as { context?: IDataObject } | undefined)?.context?.itemIndex).toBe(1);
		expect(sandbox.current.count()).toBe(0);
	});

	it('with Continue On Fail, reports the invalid item and still runs the valid one', async () => {
		const items = (
			await voice(
				{ operation: 'search', limit: 2, filters: { gender: '={{ $json.gender }}' } },
				{ input: [{ json: { gender: 'robot' } }, { json: { gender: 'm' } }], continueOnFail: true },
			)
		).items();

		expect(items[0]).toMatchObject({
			json: { error: expect.stringMatching(/: gender/) },
			pairedItem: { item: 0 },
		});
		expect(items.slice(1).map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 1 }]);
		expect(apiRequests().map((r) => r.query.gender)).toEqual(['male']);
	});
});

describe('Voice > resilience and plan gate', () => {
	it('retries a GET that failed with a 5xx', async () => {
		sandbox.current.injectFault({
			method: 'GET',
			path: '/voices',
			kind: 'status',
			status: 503,
			times: 1,
		});

		const items = (await voice({ operation: 'browse', provider: 'deepgram', limit: 5 })).items();

		expect(items).toHaveLength(5);
		expect(apiRequests()).toEqual([
			{ method: 'GET', path: '/voices/deepgram', query: { limit: '5', offset: '0' }, status: 503 },
			{ method: 'GET', path: '/voices/deepgram', query: { limit: '5', offset: '0' }, status: 200 },
		]);
	});

	it('explains the plan gate when the workspace plan has no API access', async () => {
		const run = await voice({ operation: 'listProviders' }, { key: sandbox.current.keys.euPro });

		const error = run.error('Convocore') as
			| { message: string; description?: string; httpCode?: string }
			| undefined;
		expect(error?.message).toBe(
			'Your Convocore plan does not allow this request (GET /voices/providers) (PLAN_UPGRADE_REQUIRED)',
		);
		expect(error?.description).toMatch(/Reading \(GET\) needs the Business plan or higher/);
		expect(error?.description).toMatch(/https:\/\/app\.convocore\.ai\/settings\/billing/);
		expect(error?.httpCode).toBe('403');
		expect(apiRequests()).toHaveLength(1);
	});
});
