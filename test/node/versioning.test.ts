/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Node versioning of the Agent ID: workflows saved with 0.1.0 (node version 1, Agent ID as plain
 * text) keep running unchanged; version 2 reads the agent picker in its three modes. Through
 * n8n's engine against the sandbox over real HTTP.
 */
import { join } from 'path';
import type { INodeParameters } from 'n8n-workflow';
import { loadCoreNodes, readWorkflow, runError, runManualWorkflow } from '../../demo/engine';
import { sandboxCredentials } from '../../demo/runner';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import {
	credentialsByName,
	outputOf,
	TestCredentialsHelper,
	TestNodeTypes,
} from '../harness/engine';

const sandbox = useSandbox();
const SAVED_WITH_0_1_0 = join(__dirname, '..', 'fixtures', 'workflows-0.1.0');
const metricsPath = `/agents/${SANDBOX_IDS.ownAccountAgent}/custom-metrics`;

function engine() {
	const nodeTypes = new TestNodeTypes([
		...loadCoreNodes().types,
		['n8n-nodes-convocore.convocore', new Convocore()] as const,
	]);
	return {
		nodeTypes,
		credentialsHelper: new TestCredentialsHelper(
			credentialsByName(sandboxCredentials(sandbox.current)),
		),
	};
}

describe('Workflows saved with 0.1.0 (node version 1, plain-text Agent ID)', () => {
	it('the custom metric listing runs unchanged', async () => {
		const workflow = readWorkflow(join(SAVED_WITH_0_1_0, '06-list-custom-metrics.json'));
		const convocoreNodes = workflow.nodes.filter(
			(node) => node.type === 'n8n-nodes-convocore.convocore',
		);
		expect(
			convocoreNodes.map((node) => [node.typeVersion, typeof node.parameters.agentId]),
		).toEqual([[1, 'string']]);

		const run = await runManualWorkflow(workflow, engine());
		expect(runError(run)).toBeUndefined();
		expect(outputOf(run, "Get the agent's metrics")).toHaveLength(12);
		expect(sandbox.current.requests({ path: metricsPath })).toHaveLength(1);
	});

	it('the SMS campaign (Agent ID from an expression) dry-runs and sends unchanged', async () => {
		const workflow = readWorkflow(join(SAVED_WITH_0_1_0, '02-sms-campaign-dry-run-then-send.json'));
		const run = await runManualWorkflow(workflow, engine());
		expect(runError(run)).toBeUndefined();
		const sent = sandbox.current.requests({ method: 'POST', path: '/sms' });
		expect(sent.length).toBeGreaterThan(0);
		expect(
			sent.every(
				(request) => (request.body as { agentId: string }).agentId === SANDBOX_IDS.ownAccountAgent,
			),
		).toBe(true);
		expect(sandbox.current.sentSms.length).toBeGreaterThan(0);
	});

	it('shows version 1 the text field and version 2 the picker, both stored as agentId', () => {
		const { properties, version, defaultVersion } = new Convocore().description;
		expect(version).toEqual([1, 2, 3, 4, 5, 6]);
		expect(defaultVersion).toBe(6);
		const agentFields = properties.filter((property) => property.name === 'agentId');
		const forVersion = (v: number) =>
			agentFields.filter((p) =>
				JSON.stringify(p.displayOptions?.show?.['@version']).includes(v === 1 ? '[1]' : 'gte'),
			);
		expect(new Set(forVersion(1).map((p) => p.type))).toEqual(new Set(['string']));
		expect(new Set(forVersion(2).map((p) => p.type))).toEqual(new Set(['resourceLocator']));
	});
});

async function listMetrics(agentId: unknown, typeVersion: number) {
	return await runConvocore(
		{ resource: 'customMetric', operation: 'getAll', returnAll: true, agentId } as INodeParameters,
		{ credential: sandboxCredential(sandbox.current), typeVersion },
	);
}

describe('Agent picker (version 2)', () => {
	it.each([
		[
			'From List',
			{
				__rl: true,
				mode: 'list',
				value: SANDBOX_IDS.ownAccountAgent,
				cachedResultName: 'Ava from Acme Dental',
			},
		],
		['By ID', { __rl: true, mode: 'id', value: ` ${SANDBOX_IDS.ownAccountAgent} ` }],
		[
			'By URL (prototype link)',
			{
				__rl: true,
				mode: 'url',
				value: `https://app.convocore.ai/eu/prototype/${SANDBOX_IDS.ownAccountAgent}`,
			},
		],
		[
			'By URL (dashboard page)',
			{
				__rl: true,
				mode: 'url',
				value: `https://app.convocore.ai/agents/${SANDBOX_IDS.ownAccountAgent}/settings?tab=voice`,
			},
		],
	])('%s reaches the agent', async (_mode, agentId) => {
		const result = await listMetrics(agentId, 2);
		expect(result.items()).toHaveLength(12);
		expect(sandbox.current.requests({ path: metricsPath })).toHaveLength(1);
	});

	it('a URL that is not an agent URL is refused before anything is sent', async () => {
		await expect(
			listMetrics({ __rl: true, mode: 'url', value: 'https://example.com/agents/x' }, 2),
		).rejects.toThrow('Not a Convocore agent URL');
		// From an expression n8n does not check the URL: the node refuses it as an agent ID.
		const fromExpression = await listMetrics(
			{ __rl: true, mode: 'url', value: '={{ "https://example.com/agents/x" }}' },
			2,
		);
		expect(fromExpression.error('Convocore')?.message).toBe(
			'Invalid agentId in item 0: not a Convocore URL that names one (e.g. https://app.convocore.ai/eu/prototype/<agentId>)',
		);
		expect(sandbox.current.requests()).toHaveLength(0);
	});
});

describe('Agent ID from an expression that is not text (issue 9)', () => {
	it.each([
		['a number', '={{ 42 }}'],
		['null', '={{ null }}'],
		['an array', '={{ ["agent-own"] }}'],
		['an object', '={{ { id: "agent-own" } }}'],
	])(
		'%s gives a field-named validation error and sends nothing, in version 1 and 2',
		async (_what, expression) => {
			for (const [version, agentId] of [
				[1, expression],
				[2, { __rl: true, mode: 'id', value: expression }],
			] as const) {
				const sms = await runConvocore(
					{
						resource: 'sms',
						operation: 'send',
						agentId,
						to: '+14155550123',
						message: 'Hi',
					} as INodeParameters,
					{ credential: sandboxCredential(sandbox.current), typeVersion: version },
				);
				expect(sms.error('Convocore')?.message).toMatch(
					/^Invalid SMS request: agentId: (must be text \(an agent ID\)|is required)/,
				);
				expect(sms.error('Convocore')?.message).not.toMatch(/trim is not a function/);
				const metrics = await listMetrics(agentId, version);
				expect(metrics.error('Convocore')?.message).toMatch(
					/^Invalid custom metric listing: agentId: (must be text|is required)/,
				);
			}
			expect(sandbox.current.requests()).toHaveLength(0);
		},
	);
});
