/**
 * Agent > Export Template, Import Template and Clone through n8n's engine against the sandbox
 * over real HTTP: the template as JSON and as a .json file, the import from JSON and from an
 * input binary, Clone's three requests and its error when it stops half-way. The sandbox's
 * templates carry the source's secret fields: none may come out.
 */
import type { IBinaryData, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { secretStringsOf } from '../../sandbox/seed/crm';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const byId = (agentId: string) => ({ __rl: true, mode: 'id', value: agentId });

async function agentOp(parameters: INodeParameters, input?: INodeExecutionData[]) {
	return await runConvocore(
		{ resource: 'agent', ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 2, input },
	);
}

const apiRequests = () => sandbox.current.requests().map(({ method, path }) => `${method} ${path}`);
const hintsOf = (result: Awaited<ReturnType<typeof agentOp>>) =>
	result.run.data.resultData.runData.Convocore[0].hints ?? [];
const listedTitles = async () =>
	(await agentOp({ operation: 'getAll', returnAll: true })).items().map((item) => item.json.title);

function expectNoSecret(output: unknown): void {
	const text = JSON.stringify(output);
	const secrets = Object.values(sandbox.current.state.agents).flatMap((agent) =>
		secretStringsOf(agent.secretFields),
	);
	expect(secrets.length).toBeGreaterThan(15);
	for (const secret of secrets) expect(text).not.toContain(secret);
}

const exportAva = (options: INodeParameters = {}) =>
	agentOp({ operation: 'exportTemplate', agentId: byId(SANDBOX_IDS.ownAccountAgent), options });

describe('Agent > Export Template', () => {
	it('outputs { agentTemplate } with every secret redacted', async () => {
		const [item] = (await exportAva()).items();
		expect(apiRequests()).toEqual([`GET /agents/${SANDBOX_IDS.ownAccountAgent}/export-template`]);
		const template = item.json.agentTemplate as {
			agentData: Record<string, unknown>;
			nodes: Array<{ llmConfig: { apiKey: unknown } }>;
		};
		expect(template).toEqual(
			expect.objectContaining({
				name: 'Ava from Acme Dental',
				workspaceId: SANDBOX_IDS.euWorkspace,
			}),
		);
		expect(template.agentData.SECRET_API_KEY).toBe('[redacted]');
		expect(template.nodes[0].llmConfig.apiKey).toBe('[redacted]');
		expect(item.binary).toBeUndefined();
		expectNoSecret(item);
	});

	it('Put Output File in Field adds the same JSON as a .json file', async () => {
		const [item] = (await exportAva({ binaryPropertyName: 'template' })).items();
		const file = item.binary?.template as IBinaryData;
		expect(file).toEqual(
			expect.objectContaining({
				mimeType: 'application/json',
				fileName: 'Ava_from_Acme_Dental-template.json',
			}),
		);
		const text = Buffer.from(file.data, 'base64').toString('utf8');
		expect(JSON.parse(text)).toEqual(item.json);
		expectNoSecret(text);
	});
});

describe('Agent > Import Template', () => {
	it('imports the output of Export Template given as JSON, leaving the [redacted] placeholders out, and says so', async () => {
		const [exported] = (await exportAva()).items();
		sandbox.current.reset();
		const result = await agentOp({
			operation: 'importTemplate',
			source: 'json',
			template: JSON.stringify(exported.json),
			agentName: 'Ava Copy',
		});
		const [item] = result.items();
		expect(apiRequests()).toEqual(['POST /agents/import-template']);
		const body = sandbox.current.requests()[0].body as {
			agentTemplate: { agentData: Record<string, unknown> };
			agentName: string;
		};
		expect(body.agentName).toBe('Ava Copy');
		expect(JSON.stringify(body)).not.toContain('[redacted]');
		expect(body.agentTemplate.agentData).not.toHaveProperty('SECRET_API_KEY');
		expect(body.agentTemplate.agentData.title).toBe('Ava from Acme Dental');
		expect(item.json).toEqual(
			expect.objectContaining({ title: 'Ava Copy', ownerID: SANDBOX_IDS.euWorkspace }),
		);
		expect(hintsOf(result)).toEqual([
			expect.objectContaining({
				type: 'warning',
				message: expect.stringMatching(
					/^Item 0: nodes\[0\]\.llmConfig\.apiKey, nodes\[0\]\.routerLlmConfig\.apiKey, tools\[0\]\.serverUrlSecret, agentData\.SECRET_API_KEY and 19 more fields held \[redacted\] \(a secret left out on export\) and were not sent/,
				),
			}),
		]);
		expect(await listedTitles()).toContain('Ava Copy');
	});

	it('takes the template from the input item by expression (Export Template, then Import Template)', async () => {
		const [exported] = (await exportAva()).items();
		sandbox.current.reset();
		const [item] = (
			await agentOp({ operation: 'importTemplate', source: 'json', template: '={{ $json }}' }, [
				{ json: exported.json },
			])
		).items();
		expect(item.json).toEqual(
			expect.objectContaining({ title: 'Ava from Acme Dental', ID: 'agent-new-1' }),
		);
		expect(apiRequests()).toEqual(['POST /agents/import-template']);
		expectNoSecret(item);
	});

	it('imports a .json file from an input binary field, into the workspace named in Options', async () => {
		const template = {
			agentTemplate: {
				name: 'From a file',
				workspaceId: 'ws-somewhere-else',
				agentData: { lang: 'nl' },
			},
		};
		const input: INodeExecutionData[] = [
			{
				json: {},
				binary: {
					upload: {
						data: Buffer.from(JSON.stringify(template)).toString('base64'),
						mimeType: 'application/json',
						fileName: 'file.json',
					},
				},
			},
		];
		const [item] = (
			await agentOp(
				{
					operation: 'importTemplate',
					source: 'binary',
					binaryPropertyName: 'upload',
					options: { workspaceId: SANDBOX_IDS.euWorkspace },
				},
				input,
			)
		).items();
		expect(sandbox.current.requests()[0].body).toEqual({
			agentTemplate: { ...template.agentTemplate, workspaceId: SANDBOX_IDS.euWorkspace },
		});
		expect(item.json).toEqual(expect.objectContaining({ title: 'From a file', lang: 'nl' }));
	});

	it.each([
		[
			'bad JSON in the file',
			Buffer.from('{ "agentTemplate": '),
			/^Invalid JSON in item 0: binary field "data" \(t\.json\): must be valid JSON/,
		],
		[
			'a template without workspaceId',
			Buffer.from('{ "agentTemplate": { "name": "X" } }'),
			/^Invalid template import: agentTemplate\.workspaceId: is required$/,
		],
	])('refuses %s before sending', async (_case, bytes, message) => {
		const input: INodeExecutionData[] = [
			{
				json: {},
				binary: {
					data: {
						data: bytes.toString('base64'),
						mimeType: 'application/json',
						fileName: 't.json',
					},
				},
			},
		];
		const error = (
			await agentOp(
				{ operation: 'importTemplate', source: 'binary', binaryPropertyName: 'data' },
				input,
			)
		).error('Convocore');
		expect(error?.message).toMatch(message);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('a template refused by validation shows no warning about its [redacted] fields, only its error (Continue on Fail)', async () => {
		const refused = {
			agentTemplate: { name: 'No workspace', agentData: { SECRET_API_KEY: '[redacted]' } },
		};
		const result = await runConvocore(
			{
				resource: 'agent',
				operation: 'importTemplate',
				source: 'json',
				template: '={{ JSON.stringify($json.template) }}',
			},
			{
				credential: sandboxCredential(sandbox.current),
				typeVersion: 2,
				input: [{ json: { template: refused } }],
				continueOnFail: true,
			},
		);
		expect(result.items().map((item) => item.json.error)).toEqual([
			'Invalid template import: agentTemplate.workspaceId: is required',
		]);
		expect(hintsOf(result)).toEqual([]);
		expect(sandbox.current.requests()).toHaveLength(0);
	});

	it('refuses a missing binary field before sending', async () => {
		const error = (
			await agentOp({
				operation: 'importTemplate',
				source: 'binary',
				binaryPropertyName: 'nothere',
			})
		).error('Convocore');
		expect(error?.message).toMatch(/nothere/);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Agent > Clone', () => {
	const cloneParameters: INodeParameters = {
		operation: 'clone',
		agentId: byId(SANDBOX_IDS.ownAccountAgent),
		agentName: 'Ava for Smile Clinic',
		textFields: { theme: 'custom-blue-dark', aiIntroductionMessage: 'Welcome to Smile Clinic!' },
	};

	it('exports, imports under the new name from the source, then sets the overrides on the copy', async () => {
		const [item] = (await agentOp(cloneParameters)).items();
		const [exportRequest, importRequest, patchRequest] = sandbox.current.requests();
		expect(apiRequests()).toEqual([
			`GET /agents/${SANDBOX_IDS.ownAccountAgent}/export-template`,
			'POST /agents/import-template',
			'PATCH /agents/agent-new-1',
		]);
		expect(exportRequest.status).toBe(200);
		expect(importRequest.body).toEqual({
			agentTemplate: expect.objectContaining({
				name: 'Ava from Acme Dental',
				workspaceId: SANDBOX_IDS.euWorkspace,
			}),
			agentName: 'Ava for Smile Clinic',
			fromAgentId: SANDBOX_IDS.ownAccountAgent,
		});
		expect(patchRequest.body).toEqual({
			agent: { theme: 'custom-blue-dark', aiIntroductionMessage: 'Welcome to Smile Clinic!' },
		});
		expect(item.json).toEqual(
			expect.objectContaining({
				ID: 'agent-new-1',
				title: 'Ava for Smile Clinic',
				theme: 'custom-blue-dark',
			}),
		);
		expectNoSecret(item);
		expect(await listedTitles()).toEqual([
			'Ava for Smile Clinic',
			'Ava from Acme Dental',
			'Nora (web chat only)',
			'Remy the Reminder Bot',
		]);
	});

	it('without overrides, makes two requests', async () => {
		const [item] = (await agentOp({ ...cloneParameters, textFields: {} })).items();
		expect(apiRequests()).toHaveLength(2);
		expect(item.json.title).toBe('Ava for Smile Clinic');
		expectNoSecret(item);
	});

	it('when setting the fields fails after the copy was made, the error names the copy and nothing is sent again', async () => {
		sandbox.current.injectFault({
			method: 'PATCH',
			path: '/agents/agent-new-1',
			kind: 'status',
			status: 400,
		});
		const error = (await agentOp(cloneParameters)).error('Convocore');
		expect(error?.message).toMatch(
			/^Agent agent-new-1 \("Ava for Smile Clinic"\) was cloned from agent-own, but setting its fields failed: /,
		);
		expect(error?.description).toMatch(/The new agent agent-new-1 exists\. Do not run this again/);
		expect(apiRequests()).toEqual([
			`GET /agents/${SANDBOX_IDS.ownAccountAgent}/export-template`,
			'POST /agents/import-template',
			'PATCH /agents/agent-new-1',
		]);
		expect(await listedTitles()).toContain('Ava for Smile Clinic');
		expectNoSecret({ message: error?.message, description: error?.description });
		// n8n keeps the error's context with the execution: the copy's ID is there for a workflow to read.
		expect(error?.context?.createdAgentId).toBe('agent-new-1');
	});

	it.each([502, 500, 408])(
		'when the import fails with %i after Convocore may have processed it, the error says a copy may exist, and it is not sent again',
		async (status) => {
			sandbox.current.injectFault({
				method: 'POST',
				path: '/agents/import-template',
				kind: 'status',
				status,
				afterProcessing: true,
			});
			const error = (await agentOp(cloneParameters)).error('Convocore');
			expect(error?.description).toMatch(
				/a copy named "Ava for Smile Clinic" may exist: check Agent > Get Many before running this again/,
			);
			expect(apiRequests()).toEqual([
				`GET /agents/${SANDBOX_IDS.ownAccountAgent}/export-template`,
				'POST /agents/import-template',
			]);
			expect(await listedTitles()).toContain('Ava for Smile Clinic');
		},
	);

	it('refuses a bad override before sending anything', async () => {
		const error = (
			await agentOp({ ...cloneParameters, numberFields: { messagesLimit: '={{ "lots" }}' } })
		).error('Convocore');
		expect(error?.message).toBe('Invalid agent clone: overrides.messagesLimit: must be a number');
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});
