/**
 * The credential's "Test" button and its authentication, against the sandbox over real HTTP.
 */
import { ConvocoreApi } from '../../credentials/ConvocoreApi.credentials';
import { REGION_BASE_URLS, resolveBaseUrl } from '../../nodes/shared/regions';
import { testCredential } from '../harness/credentialTest';
import { sandboxCredential, useSandbox } from '../harness/convocore';
import { HttpRequest } from 'n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node';
import { node, runWorkflow, TestNodeTypes } from '../harness/engine';

const sandbox = useSandbox();

describe('Convocore API credential', () => {
	it('a valid workspace key passes the test with a read-only, free request', async () => {
		const result = await testCredential(sandboxCredential(sandbox.current));
		expect(result).toMatchObject({ status: 'OK' });
		expect(result.url).toBe(`${sandbox.current.baseUrl('eu')}/voices/providers`);
		expect(result.authorization).toBe(`Bearer ${sandbox.current.keys.euWhiteLabel}`);
		const [request] = sandbox.current.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/voices/providers',
			auth: 'workspace',
			status: 200,
		});
		expect(sandbox.current.sentSms).toHaveLength(0);
	});

	it('an agent secret passes too', async () => {
		const result = await testCredential(
			sandboxCredential(sandbox.current, sandbox.current.keys.euAgentSecret),
		);
		expect(result.status).toBe('OK');
	});

	it('a wrong key fails and says what to check', async () => {
		const result = await testCredential(
			sandboxCredential(sandbox.current, 'vg_notARealKey000000000'),
		);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/secret key was refused/);
		expect(result.message).toMatch(/Region/);
	});

	it('a key of a plan without API access fails with the plan explained, not as a bad key', async () => {
		const result = await testCredential(
			sandboxCredential(sandbox.current, sandbox.current.keys.euPro),
		);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/plan has no API access/);
		expect(result.message).toMatch(/Business plan or higher/);
	});

	it('a key of the other region is refused', async () => {
		const result = await testCredential(
			sandboxCredential(sandbox.current, sandbox.current.keys.euWhiteLabel, 'na'),
		);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Region matches/);
		const naKey = await testCredential(
			sandboxCredential(sandbox.current, sandbox.current.keys.naWhiteLabel, 'na'),
		);
		expect(naKey.status).toBe('OK');
	});

	it('a custom base URL with a trailing slash still works', async () => {
		const result = await testCredential({
			region: 'custom',
			baseUrl: `${sandbox.current.baseUrl('eu')}/`,
			secretKey: sandbox.current.keys.euWhiteLabel,
		});
		expect(result.status).toBe('OK');
		expect(result.url).toBe(`${sandbox.current.baseUrl('eu')}/voices/providers`);
	});

	it('EU and NA resolve to the real regional hosts, in the test and in the nodes alike', () => {
		expect(resolveBaseUrl({ region: 'eu' })).toBe('https://eu-gcp-api.vg-stuff.com/v3');
		expect(resolveBaseUrl({ region: 'na' })).toBe('https://na-gcp-api.vg-stuff.com/v3');
		const baseURL = new ConvocoreApi().test.request.baseURL as string;
		expect(baseURL).toContain(REGION_BASE_URLS.eu);
		expect(baseURL).toContain(REGION_BASE_URLS.na);
		expect(() => resolveBaseUrl({ region: 'custom', baseUrl: 'localhost:4010' })).toThrow(
			/full http\(s\) URL ending in \/v3/,
		);
	});

	it('declares n8n-conformant fields: password secret, full documentation URL, icons', () => {
		const type = new ConvocoreApi();
		const secret = type.properties.find((property) => property.name === 'secretKey');
		expect(secret?.typeOptions?.password).toBe(true);
		expect(type.documentationUrl).toMatch(/^https:\/\/.+#credentials$/);
		expect(type.icon).toEqual({
			light: 'file:../icons/convocore.svg',
			dark: 'file:../icons/convocore.dark.svg',
		});
		expect(type.properties.find((property) => property.name === 'region')?.default).toBe('eu');
	});
});

describe('Convocore API credential on the HTTP Request node (Predefined Credential Type)', () => {
	/** GET /voices/providers through n8n's HTTP Request node with the Convocore credential. */
	const listProviders = async (secretKey?: string) => {
		const request = node(
			'HTTP Request',
			'n8n-nodes-base.httpRequest',
			{
				url: `${sandbox.current.baseUrl('eu')}/voices/providers`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'convocoreApi',
				options: {},
			},
			{ typeVersion: 4.2, credentials: { convocoreApi: { id: '1', name: 'Convocore account' } } },
		);
		return await runWorkflow({
			nodeTypes: new TestNodeTypes().add('n8n-nodes-base.httpRequest', new HttpRequest()),
			nodes: [request],
			connections: {},
			credentials: { convocoreApi: sandboxCredential(sandbox.current, secretKey) },
		});
	};

	it('n8n sends the key as a Bearer header and the endpoint answers', async () => {
		const run = await listProviders();
		expect(run.error('HTTP Request')).toBeUndefined();
		expect(run.output('HTTP Request').length).toBeGreaterThan(0);
		expect(sandbox.current.requests()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/voices/providers',
				auth: 'workspace',
				status: 200,
			}),
		]);
	});

	it('a wrong key reaches the endpoint and is refused', async () => {
		const run = await listProviders('vg_notARealKey000000000');
		expect(run.error('HTTP Request')?.message).toMatch(/401|Authorization failed|refused/i);
		expect(sandbox.current.requests()).toEqual([
			expect.objectContaining({ path: '/voices/providers', status: 401 }),
		]);
	});
});
