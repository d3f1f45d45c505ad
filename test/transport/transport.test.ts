/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The shared transport inside n8n's engine against the sandbox: error mapping, which retries do
 * and do not happen, and pagination that stops as soon as it has enough.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { node, runWorkflow } from '../harness/engine';
import { nodeTypes, sandboxCredential, useSandbox } from '../harness/convocore';
import { ConvocoreProbe, PROBE_NODE_TYPE } from '../harness/probe';

nodeTypes.add(PROBE_NODE_TYPE, new ConvocoreProbe());
const sandbox = useSandbox();

async function probe(parameters: INodeParameters, credential?: ICredentialDataDecryptedObject) {
	const result = await runWorkflow({
		nodeTypes,
		nodes: [
			node('Probe', PROBE_NODE_TYPE, parameters, {
				credentials: { convocoreApi: { id: '1', name: 'Convocore' } },
			}),
		],
		connections: {},
		credentials: { convocoreApi: credential ?? sandboxCredential(sandbox.current) },
	});
	return {
		items: () => result.output('Probe'),
		error: () =>
			result.error('Probe') as
				| (Error & { description?: string; httpCode?: string; context: IDataObject })
				| undefined,
	};
}

const providers = { path: '/voices/providers' };
const metricsPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/custom-metrics`;

describe('transport', () => {
	describe('responses', () => {
		it('unwraps a { success, data } envelope', async () => {
			const [item] = (await probe(providers)).items();
			const result = item.json.result as IDataObject;
			expect(Array.isArray(result.providers)).toBe(true);
			expect(result).not.toHaveProperty('success');
		});

		it('passes a flat body through', async () => {
			const [item] = (await probe({ path: metricsPath, qs: { limit: 2 } })).items();
			expect(item.json.result).toMatchObject({ success: true, total: 12 });
		});
	});

	describe('errors a no-code user can act on', () => {
		it('400: the API message, each issue and the code', async () => {
			const error = (
				await probe({
					method: 'POST',
					path: '/sms',
					body: { agentId: SANDBOX_IDS.ownAccountAgent, to: '12', extra: 1 },
				})
			).error();
			expect(error?.message).toMatch(/^Convocore rejected the request: /);
			expect(error?.description).toMatch(/Problems: .*to/);
			expect(error?.description).toMatch(/Convocore error code: \S+/);
			expect(error?.httpCode).toBe('400');
			expect(error?.context.itemIndex).toBe(0);
		});

		it('401: hints at the secret and the region, and never shows the secret', async () => {
			const key = 'vg_wrongKey1234567890ab';
			const error = (await probe(providers, sandboxCredential(sandbox.current, key))).error();
			expect(error?.message).toMatch(/did not accept the secret key/);
			expect(error?.description).toMatch(/Region/);
			expect(JSON.stringify(error)).not.toContain(key);
			expect(`${error?.message}${error?.description}${error?.stack}`).not.toContain(key);
		});

		it('403 plan gate on a read: names the Business plan and carries the billing link', async () => {
			const error = (
				await probe(providers, sandboxCredential(sandbox.current, sandbox.current.keys.euPro))
			).error();
			expect(error?.message).toMatch(
				/plan does not allow this request \(GET \/voices\/providers\)/,
			);
			expect(error?.description).toMatch(/Reading \(GET\) needs the Business plan or higher/);
			expect(error?.description).toMatch(/Upgrade here: https:\/\//);
			expect(error?.httpCode).toBe('403');
		});

		it('403 plan gate on a write: names the White Label plan', async () => {
			const error = (
				await probe(
					{
						method: 'DELETE',
						path: `/workspaces/${SANDBOX_IDS.euBusinessWorkspace}/crawler/jobs/${SANDBOX_IDS.crawlerJobBusiness}`,
					},
					sandboxCredential(sandbox.current, sandbox.current.keys.euBusiness),
				)
			).error();
			expect(error?.description).toMatch(/White Label plan or higher/);
		});

		it('legacy pay-as-you-go workspaces are not gated', async () => {
			const items = (
				await probe(providers, sandboxCredential(sandbox.current, sandbox.current.keys.euLegacy))
			).items();
			expect(items).toHaveLength(1);
		});

		it('404 on a known path hints at the region', async () => {
			const error = (await probe({ path: '/agents/agent-does-not-exist/custom-metrics' })).error();
			expect(error?.message).toMatch(/^Not found: /);
			expect(error?.description).toMatch(/Region/);
		});

		it('a connection failure names the host and never the secret', async () => {
			const credential = {
				region: 'custom',
				baseUrl: 'http://127.0.0.1:9/v3',
				secretKey: sandbox.current.keys.euWhiteLabel,
			};
			const error = (await probe(providers, credential)).error();
			expect(error?.message).toMatch(
				/Could not reach Convocore at 127\.0\.0\.1:9: the connection was refused/,
			);
			expect(JSON.stringify(error)).not.toContain(sandbox.current.keys.euWhiteLabel);
		});

		it('a malformed JSON answer is a clear error', async () => {
			sandbox.current.injectFault({
				path: '/voices/providers',
				kind: 'malformed-json',
				times: Infinity,
			});
			const error = (await probe(providers)).error();
			expect(error?.message).toMatch(/not valid JSON/);
		});

		it('a custom base URL that is not a URL is named as such', async () => {
			const error = (
				await probe(providers, { region: 'custom', baseUrl: 'sandbox', secretKey: 'x' })
			).error();
			expect(error?.message).toMatch(/Base URL must be a full http\(s\) URL/);
		});
	});

	describe('retries', () => {
		it('a GET is retried after a 5xx and succeeds', async () => {
			sandbox.current.injectFault({
				path: '/voices/providers',
				kind: 'status',
				status: 503,
				times: 2,
			});
			const items = (await probe(providers)).items();
			expect(items).toHaveLength(1);
			expect(
				sandbox.current.requests({ path: '/voices/providers' }).map((request) => request.status),
			).toEqual([503, 503, 200]);
		});

		it('a GET is retried after a dropped connection', async () => {
			sandbox.current.injectFault({ path: '/voices/providers', kind: 'drop', times: 1 });
			expect((await probe(providers)).items()).toHaveLength(1);
			expect(sandbox.current.count({ path: '/voices/providers' })).toBe(2);
		});

		it('a GET gives up after a bounded number of attempts', async () => {
			sandbox.current.injectFault({
				path: '/voices/providers',
				kind: 'status',
				status: 500,
				times: Infinity,
			});
			const error = (await probe(providers)).error();
			expect(error?.message).toMatch(/internal problem \(HTTP 500\)/);
			expect(sandbox.current.count({ path: '/voices/providers' })).toBe(5);
		});

		it('a 429 is retried after Retry-After for a POST too, since it was not processed', async () => {
			sandbox.current.injectFault({
				path: '/sms',
				kind: 'rate-limit',
				retryAfterSeconds: 1,
				times: 1,
			});
			const started = Date.now();
			const [item] = (
				await probe({
					method: 'POST',
					path: '/sms',
					body: {
						agentId: SANDBOX_IDS.ownAccountAgent,
						to: SANDBOX_IDS.aiChattingRecipient,
						message: 'hi',
					},
				})
			).items();
			expect(Date.now() - started).toBeGreaterThanOrEqual(950);
			expect((item.json.result as IDataObject).success).toBe(true);
			expect(sandbox.current.requests({ path: '/sms' }).map((request) => request.status)).toEqual([
				429, 200,
			]);
			expect(sandbox.current.sentSms).toHaveLength(1);
		});

		it('a POST is not retried after a 5xx', async () => {
			sandbox.current.injectFault({ path: '/sms', kind: 'status', status: 503, times: 1 });
			const error = (
				await probe({
					method: 'POST',
					path: '/sms',
					body: {
						agentId: SANDBOX_IDS.ownAccountAgent,
						to: SANDBOX_IDS.aiChattingRecipient,
						message: 'hi',
					},
				})
			).error();
			expect(error?.description).toMatch(/not sent again/);
			expect(sandbox.current.count({ path: '/sms' })).toBe(1);
		});

		it('a DELETE is not retried after a dropped connection', async () => {
			sandbox.current.injectFault({
				path: '/workspaces',
				kind: 'drop',
				afterProcessing: true,
				times: 1,
			});
			const error = (
				await probe({
					method: 'DELETE',
					path: `/workspaces/${SANDBOX_IDS.euWorkspace}/crawler/jobs/${SANDBOX_IDS.crawlerJobDocs}`,
				})
			).error();
			expect(error?.description).toMatch(/may or may not have reached Convocore/);
			expect(sandbox.current.count({ path: /^\/workspaces/ })).toBe(1);
		});
	});

	describe('pagination', () => {
		it('offset pages: collects across pages and stops as soon as the limit is reached', async () => {
			const items = (
				await probe({ kind: 'offsetPages', path: '/voices', max: 250, pageSize: 100 })
			).items();
			expect(items).toHaveLength(250);
			const pages = sandbox.current.requests({ path: '/voices' });
			expect(pages.map((request) => [request.query.offset, request.query.limit])).toEqual([
				['0', '100'],
				['100', '100'],
				['200', '50'],
			]);
			expect(new Set(items.map((item) => `${item.json.provider}/${item.json.voiceId}`)).size).toBe(
				250,
			);
		});

		it('offset pages: stops on the last page when everything is in', async () => {
			const items = (
				await probe({ kind: 'offsetPages', path: '/voices/openai', max: 1_000_000, pageSize: 500 })
			).items();
			const requests = sandbox.current.requests({ path: '/voices/openai' });
			expect(requests).toHaveLength(1);
			expect(items.length).toBeGreaterThan(0);
		});

		it('cursor pages: follows startAfterId and stops at the limit', async () => {
			const items = (
				await probe({ kind: 'cursorPages', path: metricsPath, max: 7, pageSize: 5 })
			).items();
			expect(items).toHaveLength(7);
			const requests = sandbox.current.requests({ path: metricsPath });
			expect(requests.map((request) => request.query.limit)).toEqual(['5', '2']);
			expect(requests[0].query.startAfterId).toBeUndefined();
			expect(requests[1].query.startAfterId).toBe(items[4].json.id);
		});

		it('cursor pages: Return All reads every metric exactly once', async () => {
			const items = (
				await probe({ kind: 'cursorPages', path: metricsPath, max: 1_000_000, pageSize: 5 })
			).items();
			expect(items).toHaveLength(12);
			expect(new Set(items.map((item) => item.json.id)).size).toBe(12);
			expect(sandbox.current.count({ path: metricsPath })).toBe(3);
		});
	});
});
