/**
 * The voice resource's live dropdowns (loadOptions) and voice picker (listSearch), called the way
 * n8n's backend calls them: on n8n-core's real LoadOptionsContext, with the node's current
 * parameters, the credential applied by the credentials helper, over real HTTP to the sandbox.
 */
import {
	type ICredentialDataDecryptedObject,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { VOICE_PROVIDERS } from '../../nodes/shared/contracts/voice';
import { filterVoices } from '../../sandbox/seed/voices';
import { nodeTypes, sandboxCredential, useSandbox } from '../harness/convocore';
import { CONVOCORE_NODE_TYPE } from '../harness/engine';
import { loadOptionsContext as sharedLoadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();

function loadOptionsContext(
	parameters: INodeParameters,
	credential: ICredentialDataDecryptedObject = sandboxCredential(sandbox.current),
	path = 'parameters.provider',
) {
	return sharedLoadOptionsContext(sandbox.current, parameters, {
		credential,
		path,
		typeVersion: 1,
	});
}

const methods = nodeTypes.getByNameAndVersion(CONVOCORE_NODE_TYPE).methods!;

async function loadOptions(
	method: string,
	parameters: INodeParameters,
	credential?: ICredentialDataDecryptedObject,
) {
	return (await methods.loadOptions![method].call(
		loadOptionsContext({ resource: 'voice', ...parameters }, credential),
	)) as INodePropertyOptions[];
}

async function listSearch(parameters: INodeParameters, filter?: string, paginationToken?: string) {
	return (await methods.listSearch!.searchVoices.call(
		loadOptionsContext(
			{ resource: 'voice', operation: 'get', ...parameters },
			undefined,
			'parameters.voiceId',
		),
		filter,
		paginationToken,
	)) as INodeListSearchResult;
}

function apiRequests() {
	return sandbox.current.requests().map(({ path, query, status }) => ({ path, query, status }));
}

describe('loadOptions getProviders', () => {
	it('lists the live providers, sorted by name, with their secret key names', async () => {
		const options = await loadOptions('getProviders', { operation: 'browse' });

		expect(apiRequests()).toEqual([{ path: '/voices/providers', query: {}, status: 200 }]);
		expect(options.map((o) => o.value).sort()).toEqual(VOICE_PROVIDERS.map((p) => p.slug).sort());
		expect(options.map((o) => o.name)).toEqual(
			[...options.map((o) => o.name)].sort((a, b) => a.localeCompare(b)),
		);
		expect(options.find((o) => o.value === 'rime-ai')).toEqual({
			name: 'Rime AI',
			value: 'rime-ai',
			description: 'API key secret: RIME_AI_API_KEY',
		});
		expect(options.find((o) => o.value === 'azure')?.description).toBe(
			'API key secret: AZURE_SPEECH_API_KEY; the workspace must supply this key',
		);
	});

	it('falls back to the eleven known providers when the listing fails', async () => {
		const options = await loadOptions(
			'getProviders',
			{ operation: 'browse' },
			sandboxCredential(sandbox.current, sandbox.current.keys.euPro),
		);

		expect(apiRequests()).toEqual([{ path: '/voices/providers', query: {}, status: 403 }]);
		expect(options).toHaveLength(11);
		expect(options.map((o) => o.value).sort()).toEqual(VOICE_PROVIDERS.map((p) => p.slug).sort());
		expect(options.find((o) => o.value === 'google-live')?.description).toBe(
			'API key secret: GOOGLE_API_KEY',
		);
	});
});

describe('loadOptions getModels', () => {
	it("lists the chosen provider's models (browse)", async () => {
		const options = await loadOptions('getModels', { operation: 'browse', provider: 'cartesia' });

		expect(apiRequests()).toEqual([{ path: '/voices/cartesia/models', query: {}, status: 200 }]);
		expect(options).toEqual([
			{ name: 'Sonic 2', value: 'sonic-2', description: 'Previous generation' },
			{ name: 'Sonic 3', value: 'sonic-3', description: 'Latest, most natural' },
			{ name: 'Sonic Turbo', value: 'sonic-turbo', description: 'Lowest latency' },
		]);
	});

	it('offers nothing and sends nothing until a provider is chosen (browse)', async () => {
		expect(await loadOptions('getModels', { operation: 'browse', provider: '' })).toEqual([]);
		expect(sandbox.current.count()).toBe(0);
	});

	it("lists the models of the providers chosen in Search's filter, labelled by provider", async () => {
		const options = await loadOptions('getModels', {
			operation: 'search',
			filters: { providers: ['openai', 'deepgram'] },
		});

		expect(
			apiRequests()
				.map((r) => r.path)
				.sort(),
		).toEqual(['/voices/deepgram/models', '/voices/openai/models']);
		expect(options.map((o) => [o.name, o.value])).toEqual([
			['deepgram: Aura', 'aura'],
			['deepgram: Aura 2', 'aura-2'],
			['openai: GPT-4o mini TTS', 'gpt-4o-mini-tts'],
			['openai: TTS-1', 'tts-1'],
			['openai: TTS-1 HD', 'tts-1-hd'],
		]);
	});

	it('lists the models of every provider when Search has no provider filter', async () => {
		const options = await loadOptions('getModels', { operation: 'search', filters: {} });

		const paths = apiRequests().map((r) => r.path);
		expect(paths[0]).toBe('/voices/providers');
		expect(paths.slice(1).sort()).toEqual(
			VOICE_PROVIDERS.map((p) => `/voices/${p.slug}/models`).sort(),
		);
		expect(options.map((o) => o.value)).toEqual(
			expect.arrayContaining(['eleven_v3', 'sonic-3', 'mistv2', 'Play3.0-mini']),
		);
	});
});

describe('listSearch searchVoices', () => {
	it("lists the chosen provider's voices, each with its preview link", async () => {
		const result = await listSearch({ provider: 'cartesia' });

		expect(apiRequests()).toEqual([
			{ path: '/voices/cartesia', query: { limit: '100', offset: '0' }, status: 200 },
		]);
		const catalog = filterVoices(['cartesia'], {});
		expect(result.results.map((r) => r.value)).toEqual(catalog.map((v) => v.voiceId));
		expect(result.paginationToken).toBeUndefined();
		const first = result.results[0];
		expect(first.name).toBe(
			`${catalog[0].name} (${catalog[0].filters.gender}, ${catalog[0].filters.language}, ${catalog[0].filters.accent})`,
		);
		expect(first.url).toBe(`${sandbox.current.url}/previews/cartesia/${catalog[0].voiceId}.mp3`);
	});

	it('continues from the pagination token, which is the offset', async () => {
		const result = await listSearch({ provider: 'cartesia' }, undefined, '30');

		expect(apiRequests()).toEqual([
			{ path: '/voices/cartesia', query: { limit: '100', offset: '30' }, status: 200 },
		]);
		expect(result.results.map((r) => r.value)).toEqual(
			filterVoices(['cartesia'], {})
				.slice(30)
				.map((v) => v.voiceId),
		);
		expect(result.paginationToken).toBeUndefined();
	});

	it('matches the search text on the voice name, case-insensitively', async () => {
		const catalog = filterVoices(['elevenlabs'], {});
		const wanted = catalog[5].name;
		const result = await listSearch({ provider: 'elevenlabs' }, wanted.toUpperCase());

		expect(apiRequests()).toEqual([
			{ path: '/voices/elevenlabs', query: { limit: '500', offset: '0' }, status: 200 },
		]);
		const expected = catalog.filter((v) => v.name.toLowerCase().includes(wanted.toLowerCase()));
		expect(expected.length).toBeGreaterThan(0);
		expect(result.results.map((r) => r.value)).toEqual(expected.map((v) => v.voiceId));
	});

	it('asks for a provider first', async () => {
		await expect(listSearch({ provider: '' })).rejects.toThrow('Choose a provider first');
		expect(sandbox.current.count()).toBe(0);
	});
});
