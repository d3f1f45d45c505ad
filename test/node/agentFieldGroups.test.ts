/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Agent > Create, Update and Clone's field groups: node version 4 groups the agent's fields by what
 * they change (model, knowledge base retrieval, identity and appearance, chat widget, handoff,
 * voice, telephony SMS, integrations, analytics, advanced); versions 1 to 3 keep the data-type groups their workflows stored. Through n8n's engine
 * against the sandbox over real HTTP, and on the description n8n's editor reads.
 */
import { join } from 'path';
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties } from 'n8n-workflow';
import { loadCoreNodes, readWorkflow, runError, runManualWorkflow } from '../../demo/engine';
import { sandboxCredentials } from '../../demo/runner';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { dataTypeGroups, topicGroups } from '../../nodes/Convocore/actions/agent/fieldGroups';
import {
	AGENT_ANALYTICS_FIELDS,
	AGENT_BOOLEAN_FIELDS,
	AGENT_NUMBER_FIELDS,
	AGENT_PROMPT_FIELDS,
	AGENT_STRUCTURE_FIELDS,
	AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS,
	AGENT_TELEPHONY_SMS_TEXT_FIELDS,
	AGENT_TEXT_FIELDS,
} from '../../nodes/shared/contracts/agentFieldNames';
import { PUBLISHED_UPDATE_FIELDS } from '../../nodes/shared/contracts/agentPublishedFields';
import { NOT_TYPED } from '../../nodes/Convocore/actions/agent/publishedGroups';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import {
	credentialsByName,
	outputOf,
	TestCredentialsHelper,
	TestNodeTypes,
} from '../harness/engine';

const sandbox = useSandbox();
const description = new Convocore().description;
const CONTRACT_FIELDS = [
	...AGENT_PROMPT_FIELDS,
	...AGENT_TEXT_FIELDS,
	...AGENT_NUMBER_FIELDS,
	...AGENT_BOOLEAN_FIELDS,
	...AGENT_ANALYTICS_FIELDS,
	...AGENT_TELEPHONY_SMS_TEXT_FIELDS,
	...AGENT_TELEPHONY_SMS_BOOLEAN_FIELDS,
	...AGENT_STRUCTURE_FIELDS,
].sort();
/** Version 4 types the published fields too, all but the deliberate exclusions. */
const TYPED_FROM_V4 = [
	...new Set([
		...CONTRACT_FIELDS,
		...PUBLISHED_UPDATE_FIELDS.filter((field) => !(field in NOT_TYPED)),
	]),
].sort();

/** The collections the editor shows for a resource and operation at a node version. */
function shownCollections(operation: string, typeVersion: number): INodeProperties[] {
	const node = { typeVersion, parameters: {} } as unknown as INode;
	const values = { resource: 'agent', operation };
	return description.properties.filter(
		(property) =>
			property.type === 'collection' &&
			property.name !== 'options' &&
			NodeHelpers.displayParameter(values, property, node, description),
	);
}

describe('agent field groups', () => {
	it.each([
		['version 4 (by what they change)', topicGroups, TYPED_FROM_V4],
		['versions 1 to 3 (by data type)', dataTypeGroups, CONTRACT_FIELDS],
	])('%s hold every field they offer exactly once', (_grouping, groups, expected) => {
		expect(
			groups()
				.flatMap((group) => group.fields.map(([field]) => field))
				.sort(),
		).toEqual(expected);
	});

	it('version 4 shows Update the topic groups, versions 1 to 3 the data-type groups they stored', () => {
		for (const version of [4, 5, 6]) {
			expect(shownCollections('update', version).map((property) => property.displayName)).toEqual([
				'Model',
				'Prompt',
				'Telephony SMS',
				'Knowledge Base Retrieval',
				'Identity and Appearance',
				'Chat Widget',
				'Handoff',
				'Voice',
				'Integrations',
				'Analytics',
				'Advanced (JSON and Runtime)',
			]);
		}
		for (const version of [1, 2, 3]) {
			expect(shownCollections('update', version).map((property) => property.name)).toEqual([
				'promptFields',
				'textFields',
				'numberFields',
				'booleanFields',
				'analyticsFields',
				'telephonySmsFields',
				'structureFields',
			]);
		}
		// Create asks for the title on its own: no group offers it again.
		const createOptions = shownCollections('create', 4).flatMap(
			(property) => (property.options ?? []) as INodeProperties[],
		);
		expect(createOptions.map((option) => option.name)).not.toContain('title');
		expect(shownCollections('clone', 4).map((property) => property.name)).toContain(
			'handoffFields',
		);
	});

	it('version 4 Update sends exactly the fields set in the topic groups', async () => {
		const parameters: INodeParameters = {
			resource: 'agent',
			operation: 'update',
			agentId: { __rl: true, mode: 'id', value: SANDBOX_IDS.ownAccountAgent },
			appearanceFields: { title: 'Ava v4', lang: 'de' },
			chatWidgetFields: { messagesLimit: '25', autoOpenWidget: true },
			handoffFields: { disableHumanHandoff: true },
			voiceFields: { voiceConfig: '{ "speed": 1.1 }' },
			analyticsSettings: { hideCallAnalytics: true, enableGeoAnalytics: true },
			advancedFields: { enableNodes: false, kbTags: '["faq"]' },
		};
		const result = await runConvocore(parameters, {
			credential: sandboxCredential(sandbox.current),
			typeVersion: 4,
		});
		expect(result.error('Convocore')).toBeUndefined();
		expect(sandbox.current.requests({ method: 'PATCH' }).map((request) => request.body)).toEqual([
			{
				agent: {
					title: 'Ava v4',
					lang: 'de',
					messagesLimit: 25,
					autoOpenWidget: true,
					disableHumanHandoff: true,
					voiceConfig: { speed: 1.1 },
					hideCallAnalytics: true,
					enableGeoAnalytics: true,
					enableNodes: false,
					kbTags: ['faq'],
				},
			},
		]);
	});

	it('version 4 Create sends the title and a topic group field', async () => {
		const result = await runConvocore(
			{
				resource: 'agent',
				operation: 'create',
				title: 'Zed',
				handoffFields: { alwaysShowHandoff: true },
			},
			{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
		);
		expect(result.error('Convocore')).toBeUndefined();
		expect(
			sandbox.current.requests({ method: 'POST', path: '/agents' }).map((request) => request.body),
		).toEqual([{ agent: { title: 'Zed', alwaysShowHandoff: true } }]);
	});

	it('a workflow saved with version 3 (data-type groups, Workspace ID as text) runs unchanged', async () => {
		const workflow = readWorkflow(
			join(__dirname, '..', 'fixtures', 'workflows-v3', 'agent-update-and-crawler-jobs.json'),
		);
		const nodeTypes = new TestNodeTypes([
			...loadCoreNodes().types,
			['n8n-nodes-convocore.convocore', new Convocore()] as const,
		]);
		const credentialsHelper = new TestCredentialsHelper(
			credentialsByName(sandboxCredentials(sandbox.current)),
		);
		const run = await runManualWorkflow(workflow, { nodeTypes, credentialsHelper });
		expect(runError(run)).toBeUndefined();
		expect(sandbox.current.requests({ method: 'PATCH' }).map((request) => request.body)).toEqual([
			{
				agent: {
					title: 'Ava (saved v3)',
					lang: 'fr',
					messagesLimit: 30,
					disableHumanHandoff: true,
					enableNodes: false,
					hideFunnelAnalytics: true,
					kbTags: ['faq'],
				},
			},
		]);
		expect(outputOf(run, 'List crawler jobs').length).toBeGreaterThan(0);
		expect(
			sandbox.current.requests({
				method: 'GET',
				path: `/workspaces/${SANDBOX_IDS.euWorkspace}/crawler/jobs`,
			}),
		).toHaveLength(1);
	});
});
