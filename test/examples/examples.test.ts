/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The example workflows in examples/: each is n8n workflow JSON that n8n can import as it is
 * (known node types at their latest versions, parameters the node descriptions declare and show
 * for that resource/operation, credentials referenced by name), and each runs green through n8n's
 * engine against the sandbox with the runner `npm run demo` uses (node types from the sources here;
 * the demo loads the built package).
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
	type INodeTypeDescription,
	type IVersionedNodeType,
	type NodeParameterValueType,
} from 'n8n-workflow';
import { ConvocoreApi } from '../../credentials/ConvocoreApi.credentials';
import { EXAMPLES } from '../../demo/catalog';
import { TOOL_HEADER_CREDENTIALS } from '../../demo/catalog-tools';
import { CORE_NODE_FILES, loadCoreNodes, type WorkflowJson } from '../../demo/engine';
// Not re-exported from n8n-core's root: the Poll Times parameter its loader adds to polling nodes.
import { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';
import {
	CREDENTIAL_NAME,
	EXAMPLES_DIR,
	runExamples,
	sandboxCredentials,
	type ExampleResult,
} from '../../demo/runner';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { ConvocoreConversationTrigger } from '../../nodes/ConvocoreConversationTrigger/ConvocoreConversationTrigger.node';
import { ConvocoreTrigger } from '../../nodes/ConvocoreTrigger/ConvocoreTrigger.node';
import { startSandbox, type Sandbox } from '../../sandbox';
import {
	credentialsByName,
	TestCredentialsHelper,
	TestNodeTypes,
	type AnyNodeType,
} from '../harness/engine';

/** A polling node as n8n's loader hands it over: Poll Times first among its properties. */
function withPollTimes(type: ConvocoreConversationTrigger): ConvocoreConversationTrigger {
	type.description = {
		...type.description,
		properties: [...commonPollingParameters, ...type.description.properties],
	};
	return type;
}

const PACKAGE_TYPES: Record<string, AnyNodeType> = {
	'n8n-nodes-convocore.convocore': new Convocore(),
	'n8n-nodes-convocore.convocoreTrigger': new ConvocoreTrigger(),
	'n8n-nodes-convocore.convocoreConversationTrigger': withPollTimes(
		new ConvocoreConversationTrigger(),
	),
};
const core = loadCoreNodes();
const nodeTypes = new TestNodeTypes([...core.types, ...Object.entries(PACKAGE_TYPES)]);

const files = readdirSync(EXAMPLES_DIR)
	.filter((file) => file.endsWith('.json'))
	.sort();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function readExample(file: string): WorkflowJson {
	return JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
}

function latestVersion(type: AnyNodeType): number {
	if ('nodeVersions' in type) return (type as IVersionedNodeType).currentVersion;
	const { version } = type.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

function declaredVersions(type: AnyNodeType): number[] {
	if ('nodeVersions' in type)
		return Object.keys((type as IVersionedNodeType).nodeVersions).map(Number);
	const { version } = type.description;
	return Array.isArray(version) ? version : [version];
}

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');
const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every key of `values` must be a property of `properties` that n8n shows for these values (the
 * resource/operation and other displayOptions, @version included), with a value of its type;
 * collections and fixed collections are checked level by level.
 */
function parameterProblems(
	values: INodeParameters,
	properties: INodeProperties[],
	node: INode,
	description: INodeTypeDescription,
	path = '',
	// What decides whether a parameter shows: n8n fills in defaults first (the Webhook node's HTTP
	// Method shows while Allow Multiple HTTP Methods is at its default, false, which exports leave out).
	displayValues: INodeParameters = values,
): string[] {
	const problems: string[] = [];
	for (const [key, value] of Object.entries(values)) {
		const where = `${path}${key}`;
		const named = properties.filter((property) => property.name === key);
		if (!named.length) {
			problems.push(`${where}: not a parameter of ${description.name}`);
			continue;
		}
		const shown = named.filter((property) =>
			NodeHelpers.displayParameter(displayValues, property, node, description, node.parameters),
		);
		if (!shown.length) {
			problems.push(
				`${where}: declared, but not shown for these settings (wrong resource/operation?)`,
			);
			continue;
		}
		problems.push(...valueProblems(shown[0], value, node, description, where));
	}
	return problems;
}

function valueProblems(
	property: INodeProperties,
	value: NodeParameterValueType,
	node: INode,
	description: INodeTypeDescription,
	where: string,
): string[] {
	if (isExpression(value)) return [];
	const fixedOptions =
		property.typeOptions?.loadOptionsMethod || property.typeOptions?.loadOptions
			? undefined
			: property.options;
	switch (property.type) {
		case 'string':
		case 'json':
			if (property.typeOptions?.multipleValues)
				return Array.isArray(value) ? [] : [`${where}: must be a list`];
			return typeof value === 'string' ? [] : [`${where}: must be text`];
		case 'number':
			return typeof value === 'number' ? [] : [`${where}: must be a number`];
		case 'boolean':
			return typeof value === 'boolean' ? [] : [`${where}: must be true or false`];
		case 'options': {
			const allowed = (fixedOptions as INodePropertyOptions[] | undefined)?.map(
				(option) => option.value,
			);
			return !allowed || allowed.includes(value as string)
				? []
				: [`${where}: "${String(value)}" is not one of ${allowed.join(', ')}`];
		}
		case 'multiOptions': {
			if (!Array.isArray(value)) return [`${where}: must be a list`];
			const allowed = (fixedOptions as INodePropertyOptions[] | undefined)?.map(
				(option) => option.value,
			);
			return !allowed
				? []
				: value
						.filter((entry) => !allowed.includes(entry as string))
						.map((entry) => `${where}: "${String(entry)}" is not an option`);
		}
		case 'collection':
			if (!isObject(value)) return [`${where}: must be an object`];
			return parameterProblems(
				value as INodeParameters,
				property.options as INodeProperties[],
				node,
				description,
				`${where}.`,
			);
		case 'fixedCollection': {
			if (!isObject(value)) return [`${where}: must be an object`];
			const groups = property.options as INodePropertyCollection[];
			return Object.entries(value).flatMap(([groupName, entries]) => {
				const group = groups.find((candidate) => candidate.name === groupName);
				if (!group) return [`${where}.${groupName}: not a group of ${property.name}`];
				const list = property.typeOptions?.multipleValues ? entries : [entries];
				if (!Array.isArray(list)) return [`${where}.${groupName}: must be a list`];
				return list.flatMap((entry, index) =>
					parameterProblems(
						entry as INodeParameters,
						group.values,
						node,
						description,
						`${where}.${groupName}[${index}].`,
					),
				);
			});
		}
		case 'resourceLocator': {
			const locator: unknown = value;
			if (!isObject(locator) || locator.__rl !== true)
				return [`${where}: must be a resource locator { __rl, mode, value }`];
			const modes = (property.modes ?? []).map((mode) => mode.name);
			return modes.includes(locator.mode as string)
				? []
				: [`${where}: mode "${String(locator.mode)}" is not one of ${modes.join(', ')}`];
		}
		default:
			return [];
	}
}

/**
 * Node types n8n ships outside n8n-nodes-base (its LangChain package, which is not installed here),
 * at the latest version n8n 2.41.1 has: example 20's MCP Server Trigger and its tool. `npm run e2e`
 * imports and runs them in a real n8n; the demo serves their tool itself (demo/catalog-mcp.ts).
 */
const N8N_ONLY_TYPES: Record<string, number> = {
	'@n8n/n8n-nodes-langchain.mcpTrigger': 2.1,
	'@n8n/n8n-nodes-langchain.toolWorkflow': 2.2,
};

describe('example workflow files', () => {
	it('are the ones the demo runs, each once', () => {
		expect(files.length).toBeGreaterThanOrEqual(7);
		expect(EXAMPLES.map((spec) => spec.file).sort()).toEqual(files);
	});

	it('load only the core nodes the demo loads, from n8n-nodes-base 2.41.0', () => {
		expect(core.version).toBe('2.41.0');
		const used = new Set(files.flatMap((file) => readExample(file).nodes.map((node) => node.type)));
		for (const type of used) {
			if (type.startsWith('n8n-nodes-base.')) expect(Object.keys(CORE_NODE_FILES)).toContain(type);
		}
	});

	describe.each(files)('%s', (file) => {
		const workflow = readExample(file);

		it('is an n8n workflow: named, v1 execution order, unique node ids and names, valid connections', () => {
			expect(typeof workflow.name).toBe('string');
			expect(workflow.name.length).toBeGreaterThan(0);
			expect(workflow.settings).toEqual({ executionOrder: 'v1' });
			expect(Array.isArray(workflow.nodes)).toBe(true);
			const ids = workflow.nodes.map((node) => node.id);
			const names = workflow.nodes.map((node) => node.name);
			expect(new Set(ids).size).toBe(ids.length);
			expect(new Set(names).size).toBe(names.length);
			for (const node of workflow.nodes) {
				expect(node.id).toMatch(UUID);
				expect(node.position).toEqual([expect.any(Number), expect.any(Number)]);
			}
			for (const [source, byType] of Object.entries(workflow.connections)) {
				expect(names).toContain(source);
				const outputs = byType.main ?? [];
				const sourceNode = workflow.nodes.find((node) => node.name === source)!;
				// A tool sub-node's only output is its ai_tool link to the MCP Server Trigger.
				if (sourceNode.type in N8N_ONLY_TYPES) continue;
				const description = nodeTypes.getByNameAndVersion(
					sourceNode.type,
					sourceNode.typeVersion,
				).description;
				expect(outputs.length).toBeLessThanOrEqual(description.outputs.length);
				for (const connection of outputs.flat()) {
					expect(names).toContain(connection?.node);
					expect(connection?.type).toBe('main');
				}
			}
		});

		it.each(workflow.nodes.map((node) => [node.name, node] as const))(
			'node "%s": a known type at its latest version, with declared parameters and no issues',
			(_name, node) => {
				if (node.type in N8N_ONLY_TYPES) {
					expect(node.typeVersion).toBe(N8N_ONLY_TYPES[node.type]);
					if (node.type.endsWith('.mcpTrigger')) expect(node.webhookId).toMatch(UUID);
					return;
				}
				expect(nodeTypes.has(node.type)).toBe(true);
				const type = nodeTypes.getByName(node.type);
				expect(declaredVersions(type)).toContain(node.typeVersion);
				expect(node.typeVersion).toBe(latestVersion(type));
				const description = nodeTypes.getByNameAndVersion(node.type, node.typeVersion).description;

				const withDefaults =
					NodeHelpers.getNodeParameters(
						description.properties,
						node.parameters,
						true,
						false,
						node,
						description,
					) ?? node.parameters;
				expect(
					parameterProblems(
						node.parameters,
						description.properties,
						node,
						description,
						'',
						withDefaults,
					),
				).toEqual([]);
				expect(
					NodeHelpers.getNodeParametersIssues(description.properties, node, description),
				).toBeNull();

				// Only the package's credential: core nodes may declare optional ones (Respond to Webhook's JWT).
				const credentialTypes = (description.credentials ?? [])
					.map((credential) => credential.name)
					.filter((name) => name.startsWith('convocore'));
				// Example 15's tool header: on Tool > Create, and checked by its Webhook's Header Auth.
				const toolHeader = Object.keys(TOOL_HEADER_CREDENTIALS).find(
					(name) => TOOL_HEADER_CREDENTIALS[name].type === 'convocoreToolHeaderApi',
				);
				const webhookHeader = Object.keys(TOOL_HEADER_CREDENTIALS).find(
					(name) => TOOL_HEADER_CREDENTIALS[name].type === 'httpHeaderAuth',
				);
				if (credentialTypes.length) {
					// Referenced by name (id null): n8n resolves it to the user's credential of that name on import.
					const withHeader =
						node.parameters.headerAuthentication === true
							? { convocoreToolHeaderApi: { id: null, name: toolHeader } }
							: {};
					expect(node.credentials).toEqual({
						convocoreApi: { id: null, name: CREDENTIAL_NAME },
						...withHeader,
					});
				} else if (node.parameters.authentication === 'headerAuth') {
					expect(node.credentials).toEqual({ httpHeaderAuth: { id: null, name: webhookHeader } });
				} else {
					expect(node.credentials).toBeUndefined();
				}
				if (description.webhooks?.length) expect(node.webhookId).toMatch(UUID);
			},
		);
	});
});

describe('example workflows run green through n8n engine against the sandbox', () => {
	let sandbox: Sandbox;
	let results: ExampleResult[];

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
		const engine = {
			nodeTypes,
			credentialsHelper: new TestCredentialsHelper(credentialsByName(sandboxCredentials(sandbox)), [
				new ConvocoreApi(),
			]),
		};
		results = await runExamples(EXAMPLES, engine, sandbox);
	}, 60_000);

	afterAll(async () => {
		await sandbox?.close();
	});

	it.each(EXAMPLES.map((spec) => [spec.file]))('%s', (file) => {
		const result = results.find((entry) => entry.spec.file === file)!;
		expect(result.problems).toEqual([]);
		expect(result.nodes.length).toBeGreaterThan(1);
		expect(result.lines.length).toBeGreaterThan(0);
	});

	it('the lead example was started by the sandbox over real HTTP, and refused a forged event', () => {
		const lead = results.find((entry) => entry.spec.deliveries)!;
		const deliveries = lead.outcome?.webhook?.deliveries ?? [];
		expect(deliveries.map((delivery) => [delivery.type, delivery.status, delivery.ran])).toEqual([
			['lead_captured', 200, true],
			['webhook_test', 200, false],
			['lead_captured', 401, false],
		]);
		const toLead = sandbox.delivered.filter(
			(delivery) => delivery.url === lead.outcome?.webhook?.productionUrl,
		);
		expect(toLead.map((delivery) => delivery.status)).toEqual([200, 200, 401]);
	});
});
