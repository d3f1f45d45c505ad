/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The voice endpoints' response envelope is unpublished (field notes), so the node unwraps
 * defensively. The sandbox answers one way (`{ success, data }`); this file runs the node against
 * a small stand-in API over real HTTP that answers the other ways public clients have seen:
 * flat bodies, bare arrays, `{ success, data: [...] }` and `{ data }` without `success`, and a catalog large enough (1,200
 * voices) to page the voice picker. It also checks that the preview download does not carry the
 * secret key, and that a relative preview URL is read against the API host.
 */
import { createServer, type IncomingMessage, type Server } from 'http';
import type { AddressInfo } from 'net';
import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type IBinaryData,
	type ICredentialDataDecryptedObject,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { nodeTypes, runConvocore } from '../harness/convocore';
import {
	CONVOCORE_NODE_TYPE,
	TestCredentialsHelper,
	additionalDataFor,
	node,
} from '../harness/engine';
import {
	VOICE_SEARCH_MAX_PAGES,
	VOICE_SEARCH_MIN_RESULTS,
} from '../../nodes/Convocore/methods/voice';

type Shape = 'envelope' | 'flat' | 'array' | 'envelope-array' | 'data-only';

const SECRET = 'vg_StandInSecret0000001';
const CATALOG_SIZE = 1200;
const MP3 = Buffer.from([0xff, 0xf3, 0x44, 0xc4, ...Array.from({ length: 60 }, (_, i) => i)]);

function makeCatalog(provider: string, size: number) {
	return Array.from({ length: size }, (_, i) => ({
		voiceId: `v${String(i).padStart(4, '0')}`,
		name: `Voice ${i}`,
		provider,
		previewUrl: `/previews/v${String(i).padStart(4, '0')}.mp3`,
		filters: {
			accent: 'American',
			gender: i % 2 ? 'female' : 'male',
			useCase: 'conversational',
			language: 'en-US',
		},
	}));
}
const catalog = makeCatalog('standin', CATALOG_SIZE);
/** Longer than the picker scans in one call. */
const hugeCatalog = makeCatalog('huge', 4000);

interface Seen {
	path: string;
	query: Record<string, string>;
	authorization?: string;
}

class StandIn {
	shape: Shape = 'envelope';
	seen: Seen[] = [];
	/** How many preview downloads answer 503 before one succeeds. */
	previewFailures = 0;
	private server!: Server;
	url = '';

	async start() {
		this.server = createServer((req, res) => this.handle(req, res));
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async stop() {
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	credential(): ICredentialDataDecryptedObject {
		return { region: 'custom', baseUrl: `${this.url}/v3`, secretKey: SECRET };
	}

	/** Wraps a listing the way the current shape says. */
	private wrap(list: unknown[], key: string, meta: Record<string, unknown> = {}) {
		switch (this.shape) {
			case 'envelope':
				return { success: true, data: { [key]: list, ...meta } };
			case 'flat':
				return { [key]: list, ...meta };
			case 'array':
				return list;
			case 'envelope-array':
				return { success: true, data: list };
			case 'data-only':
				return { data: { [key]: list, ...meta } };
		}
	}

	private handle(req: IncomingMessage, res: import('http').ServerResponse) {
		const url = new URL(req.url ?? '/', this.url);
		this.seen.push({
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			authorization: req.headers.authorization,
		});
		const send = (status: number, body: unknown, type = 'application/json') => {
			const data = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
			res.writeHead(status, { 'content-type': type, 'content-length': data.length });
			res.end(data);
		};
		if (url.pathname.startsWith('/previews/')) {
			if (url.pathname === '/previews/gone.mp3')
				return send(404, { message: 'gone', code: 'NOT_FOUND' });
			if (this.previewFailures > 0) {
				this.previewFailures -= 1;
				return send(503, { message: 'busy', code: 'UNAVAILABLE' });
			}
			return send(200, MP3, 'audio/mpeg');
		}
		if (req.headers.authorization !== `Bearer ${SECRET}`)
			return send(401, { message: 'bad key', code: 'UNAUTHORIZED' });

		const path = url.pathname.replace(/^\/v3/, '');
		if (path === '/voices/providers') {
			return send(
				200,
				this.wrap(
					[
						{
							slug: 'standin',
							name: 'Stand-in TTS',
							workspaceSecretKey: 'STANDIN_API_KEY',
							requiresWorkspaceApiKey: true,
						},
					],
					'providers',
				),
			);
		}
		if (path === '/voices/standin/models') {
			return send(200, this.wrap([{ modelId: 'm1', name: 'Model One' }, 'm2'], 'models'));
		}
		if (path === '/voices/standin' || path === '/voices' || path === '/voices/huge') {
			const all = path === '/voices/huge' ? hugeCatalog : catalog;
			const limit = Number(url.searchParams.get('limit') ?? 100);
			const offset = Number(url.searchParams.get('offset') ?? 0);
			const voices = all.slice(offset, offset + limit);
			return send(
				200,
				this.wrap(voices, 'voices', {
					total: all.length,
					limit,
					offset,
					hasMore: offset + voices.length < all.length,
				}),
			);
		}
		if (path === '/voices/standin/no-preview') {
			return send(200, {
				success: true,
				data: { ...catalog[0], voiceId: 'no-preview', previewUrl: '/previews/gone.mp3' },
			});
		}
		const one = /^\/voices\/standin\/([^/]+)$/.exec(path);
		const voice = one && catalog.find((v) => v.voiceId === decodeURIComponent(one[1]));
		if (voice) {
			// A single voice: in an envelope, under a `voice` key (flat), or bare (array).
			if (this.shape === 'envelope' || this.shape === 'envelope-array')
				return send(200, { success: true, data: voice });
			if (this.shape === 'data-only') return send(200, { data: voice });
			return send(200, this.shape === 'flat' ? { voice } : voice);
		}
		return send(404, { message: `No ${path}`, code: 'NOT_FOUND' });
	}
}

const api = new StandIn();
beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => {
	api.seen = [];
	api.shape = 'envelope';
	api.previewFailures = 0;
});

async function voice(parameters: INodeParameters) {
	return await runConvocore({ resource: 'voice', ...parameters }, { credential: api.credential() });
}

function loadOptionsContext(parameters: INodeParameters): LoadOptionsContext {
	const convocore = node(
		'Convocore',
		CONVOCORE_NODE_TYPE,
		{ resource: 'voice', ...parameters },
		{
			credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
		},
	);
	const workflow = new Workflow({
		id: 'w',
		nodes: [convocore],
		connections: {},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	const hooks = new ExecutionLifecycleHooks('internal', 'w', {
		id: 'w',
		nodes: [convocore],
		connections: {},
	} as never);
	const additionalData = {
		...additionalDataFor(new TestCredentialsHelper({ convocoreApi: api.credential() }), hooks),
		currentNodeParameters: convocore.parameters,
	};
	return new LoadOptionsContext(workflow, convocore, additionalData, 'parameters.voiceId');
}

const methods = nodeTypes.getByNameAndVersion(CONVOCORE_NODE_TYPE).methods!;

async function searchVoices(filter?: string, paginationToken?: string, provider = 'standin') {
	return (await methods.listSearch!.searchVoices.call(
		loadOptionsContext({ operation: 'get', provider }),
		filter,
		paginationToken,
	)) as INodeListSearchResult;
}

const SHAPES: Shape[] = ['envelope', 'flat', 'array', 'envelope-array', 'data-only'];

describe.each(SHAPES)('voice answers shaped as %s', (shape) => {
	beforeEach(() => {
		api.shape = shape;
	});

	it('Browse pages through the catalog and returns every voice', async () => {
		const items = (
			await voice({
				operation: 'browse',
				provider: 'standin',
				returnAll: true,
				options: { pageSize: 500 },
			})
		).items();

		expect(items.map((item) => item.json.voiceId)).toEqual(catalog.map((v) => v.voiceId));
		// 500 + 500 + 200; a bare array carries no total or hasMore, so the short page ends it.
		expect(api.seen.map((s) => s.query.offset)).toEqual(['0', '500', '1000']);
	});

	it('List Providers and List Models return one item per entry', async () => {
		const providers = (await voice({ operation: 'listProviders' })).items();
		expect(providers.map((item) => item.json)).toEqual([
			{
				provider: 'standin',
				slug: 'standin',
				name: 'Stand-in TTS',
				workspaceSecretKey: 'STANDIN_API_KEY',
				requiresWorkspaceApiKey: true,
			},
		]);

		const models = (await voice({ operation: 'listModels', provider: 'standin' })).items();
		expect(models.map((item) => item.json)).toEqual([
			{ provider: 'standin', modelId: 'm1', name: 'Model One' },
			{ provider: 'standin', modelId: 'm2', name: 'm2' },
		]);
	});

	it('loadOptions read the providers and models', async () => {
		const providers = (await methods.loadOptions!.getProviders.call(
			loadOptionsContext({ operation: 'browse' }),
		)) as INodePropertyOptions[];
		expect(providers).toEqual([
			{
				name: 'Stand-in TTS',
				value: 'standin',
				description: 'API key secret: STANDIN_API_KEY; the workspace must supply this key',
			},
		]);
	});
});

describe('Get against the stand-in', () => {
	it.each<[Shape, string]>([
		['envelope', '{ success, data: voice }'],
		['flat', '{ voice }'],
		['array', 'the bare voice'],
		['data-only', '{ data: voice }'],
	])(
		'unwraps the voice (%s: %s) and downloads a relative preview URL without the secret key',
		async (shape) => {
			api.shape = shape;
			const [item] = (
				await voice({
					operation: 'get',
					provider: 'standin',
					voiceId: { __rl: true, mode: 'id', value: 'v0007' },
				})
			).items();

			expect(item.json).toEqual(catalog[7]);
			const binary = item.binary?.data as IBinaryData;
			expect(binary.fileName).toBe('standin-v0007.mp3');
			expect(Buffer.from(binary.data, 'base64').equals(MP3)).toBe(true);
			expect(api.seen.map(({ path, authorization }) => ({ path, authorization }))).toEqual([
				{ path: '/v3/voices/standin/v0007', authorization: `Bearer ${SECRET}` },
				{ path: '/previews/v0007.mp3', authorization: undefined },
			]);
		},
	);
});

describe('preview download failures', () => {
	it('retries a preview download that failed with a 5xx', async () => {
		api.previewFailures = 1;
		const [item] = (
			await voice({
				operation: 'get',
				provider: 'standin',
				voiceId: { __rl: true, mode: 'id', value: 'v0003' },
			})
		).items();

		expect(Buffer.from((item.binary?.data as IBinaryData).data, 'base64').equals(MP3)).toBe(true);
		expect(api.seen.map((s) => s.path)).toEqual([
			'/v3/voices/standin/v0003',
			'/previews/v0003.mp3',
			'/previews/v0003.mp3',
		]);
	});

	it('names the preview that could not be downloaded', async () => {
		const run = await voice({
			operation: 'get',
			provider: 'standin',
			voiceId: { __rl: true, mode: 'id', value: 'no-preview' },
		});

		expect(run.error('Convocore')?.message).toBe(
			`Could not download ${api.url}/previews/gone.mp3 (HTTP 404)`,
		);
	});
});

describe('voice picker (listSearch) over a long catalog', () => {
	it('pages by offset: a token while more voices remain, none at the end', async () => {
		const first = await searchVoices();
		expect(first.results.map((r) => r.value)).toEqual(catalog.slice(0, 100).map((v) => v.voiceId));
		expect(first.paginationToken).toBe('100');

		const last = await searchVoices(undefined, '1150');
		expect(last.results.map((r) => r.value)).toEqual(catalog.slice(1150).map((v) => v.voiceId));
		expect(last.paginationToken).toBeUndefined();
		expect(api.seen.map((s) => s.query)).toEqual([
			{ limit: '100', offset: '0' },
			{ limit: '100', offset: '1150' },
		]);
	});

	it('with a search text, reads pages until enough voices match and hands back where it stopped', async () => {
		const result = await searchVoices('voice 1');

		// "Voice 1", "Voice 10".."Voice 19", "Voice 100".."Voice 199": more than enough in the first page.
		expect(api.seen.map((s) => s.query)).toEqual([{ limit: '500', offset: '0' }]);
		expect(result.results.length).toBeGreaterThanOrEqual(VOICE_SEARCH_MIN_RESULTS);
		expect(result.results.every((r) => r.name.toLowerCase().includes('voice 1'))).toBe(true);
		expect(result.paginationToken).toBe('500');
	});

	it('with a rare search text, scans further pages and stops at the end of the catalog', async () => {
		const result = await searchVoices('Voice 1199');

		expect(api.seen.map((s) => s.query.offset)).toEqual(['0', '500', '1000']);
		expect(result.results.map((r) => r.value)).toEqual(['v1199']);
		expect(result.paginationToken).toBeUndefined();
	});

	it('reads at most a bounded number of pages per call, then hands back where it stopped', async () => {
		expect(VOICE_SEARCH_MAX_PAGES * 500).toBeLessThan(hugeCatalog.length);
		const result = await searchVoices('nothing matches this', undefined, 'huge');

		const offsets = Array.from({ length: VOICE_SEARCH_MAX_PAGES }, (_, page) => String(page * 500));
		expect(api.seen.map((s) => s.query.offset)).toEqual(offsets);
		expect(result.results).toEqual([]);
		expect(result.paginationToken).toBe(String(VOICE_SEARCH_MAX_PAGES * 500));

		// The next call goes on from there and finds the end of the catalog.
		api.seen = [];
		const next = await searchVoices('Voice 3999', result.paginationToken, 'huge');
		expect(api.seen.map((s) => s.query.offset)).toEqual(['2500', '3000', '3500']);
		expect(next.results.map((r) => r.value)).toEqual(['v3999']);
		expect(next.paginationToken).toBeUndefined();
	});
});
