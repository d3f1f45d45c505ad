// Shared by the tests, the demo (demo/) and the benchmarks (bench/).
/**
 * Runs workflows through n8n's real engine (n8n-core's WorkflowExecute) in-process, the way
 * n8n's own unpublished NodeTestHarness does, with credentials applied for real: the credential
 * type's `authenticate` is resolved through n8n's expression engine exactly as n8n does it.
 */
import 'reflect-metadata';
import { ExecutionLifecycleHooks, WorkflowExecute, Credentials } from 'n8n-core';
import {
	createRunExecutionData,
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IConnections,
	type IDataObject,
	type IExecuteResponsePromiseData,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
	type ITaskData,
	type IWorkflowBase,
	type IWorkflowSettings,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { ConvocoreApi } from '../../credentials/ConvocoreApi.credentials';

export const CONVOCORE_NODE_TYPE = 'n8n-nodes-convocore.convocore';
export const CONVOCORE_TRIGGER_TYPE = 'n8n-nodes-convocore.convocoreTrigger';

export type AnyNodeType = INodeType | IVersionedNodeType;

/** Node types by their workflow `type` string; versioned nodes are resolved by n8n. */
export class TestNodeTypes implements INodeTypes {
	private readonly types: Map<string, AnyNodeType>;

	constructor(types: Iterable<readonly [string, AnyNodeType]> = []) {
		this.types = new Map(types);
	}

	add(typeName: string, nodeType: AnyNodeType): this {
		this.types.set(typeName, nodeType);
		return this;
	}

	getByName(nodeType: string): AnyNodeType {
		const found = this.types.get(nodeType);
		if (!found)
			throw new Error(
				`Unknown node type "${nodeType}"; known: ${[...this.types.keys()].join(', ')}`,
			);
		return found;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes() {
		return {};
	}

	has(nodeType: string): boolean {
		return this.types.has(nodeType);
	}
}

/** Finds the stored data of the credential a node references, for a credential type. */
export type CredentialLookup = (
	reference: INodeCredentialsDetails,
	type: string,
) => ICredentialDataDecryptedObject | undefined;

export interface NamedCredential {
	/** The credential type, e.g. `convocoreApi`. */
	type: string;
	data: ICredentialDataDecryptedObject;
}

/**
 * Stored credentials looked up by the name a workflow references
 * (`{ "id": null, "name": "Convocore account" }`), as n8n resolves them on import.
 */
export function credentialsByName(credentials: Record<string, NamedCredential>): CredentialLookup {
	return (reference, type) => {
		const found = credentials[reference.name];
		return found?.type === type ? found.data : undefined;
	};
}

/**
 * n8n's ICredentialsHelper, reduced to what a node execution needs, authenticating for real.
 * Credentials are given by type (`{ convocoreApi: {...} }`, whatever name the node references)
 * or found by a lookup such as `credentialsByName(...)`.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly credentialTypes = new Map<string, ICredentialType>();
	private readonly lookup: CredentialLookup;

	constructor(
		credentials: Record<string, ICredentialDataDecryptedObject> | CredentialLookup,
		types: ICredentialType[] = [new ConvocoreApi()],
	) {
		super();
		this.lookup =
			typeof credentials === 'function' ? credentials : (_reference, type) => credentials[type];
		for (const type of types) this.credentialTypes.set(type.name, type);
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const type = this.credentialTypes.get(typeName);
		const authenticate = type?.authenticate;
		if (!authenticate) return requestOptions;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!workflow || !node) throw new Error('generic authentication needs the workflow and node');

		// As n8n's CredentialsHelper does: every property is an expression over $credentials.
		const resolve = (value: unknown) =>
			workflow.expression.getSimpleParameterValue(
				node,
				value as string,
				'internal',
				{ $credentials: credentials },
				undefined,
				value as string,
			);
		const { properties } = authenticate;
		for (const section of ['headers', 'qs', 'body'] as const) {
			const values = properties[section] as IDataObject | undefined;
			if (!values) continue;
			const target = ((requestOptions as unknown as IDataObject)[section] ?? {}) as IDataObject;
			for (const [key, value] of Object.entries(values)) target[key] = resolve(value) as string;
			(requestOptions as unknown as IDataObject)[section] = target;
		}
		return requestOptions;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	// n8n passes request helpers; the sandbox's credential needs no pre-authentication.
	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string) {
		return new Credentials(nodeCredentials, type, '');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const found = this.lookup(nodeCredentials, type);
		if (!found) throw new Error(`No credential of type ${type} for "${nodeCredentials.name}"`);
		return { ...found };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string) {
		return this.credentialTypes.get(type)?.properties ?? [];
	}
}

/** The URLs n8n hands an execution; every other URL is derived from `instanceBaseUrl`. */
export interface EngineUrls {
	/** Default http://127.0.0.1:5678/. */
	instanceBaseUrl?: string;
	/** Default `<instance>/webhook`. */
	webhookBaseUrl?: string;
	/** Default `<instance>/webhook-test`. */
	webhookTestBaseUrl?: string;
}

/** What n8n hands a workflow execution (or a hook) besides the workflow itself. */
export function additionalDataFor(
	credentialsHelper: ICredentialsHelper,
	hooks: ExecutionLifecycleHooks,
	{ executionId = 'test-execution', urls = {} }: { executionId?: string; urls?: EngineUrls } = {},
): IWorkflowExecuteAdditionalData {
	const instanceBaseUrl = urls.instanceBaseUrl ?? 'http://127.0.0.1:5678/';
	const base = instanceBaseUrl.replace(/\/$/, '');
	return {
		credentialsHelper,
		hooks,
		executionId,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: urls.webhookBaseUrl ?? `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: urls.webhookTestBaseUrl ?? `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not supported by this harness');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: async () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not supported by this harness');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** The parts of a workflow the engine needs (n8n's workflow JSON has these and more). */
export interface WorkflowDefinition {
	name: string;
	nodes: INode[];
	connections: IConnections;
	settings?: IWorkflowSettings;
}

/**
 * An n8n Workflow over a deep copy of `definition` (the engine changes node objects: it fills in
 * default parameters, may disable a resumed node), default settings `executionOrder: 'v1'`.
 */
export function newWorkflow(
	definition: WorkflowDefinition,
	nodeTypes: INodeTypes,
	{ id, active = false, staticData }: { id: string; active?: boolean; staticData?: IDataObject },
): Workflow {
	return new Workflow({
		id,
		name: definition.name,
		nodes: structuredClone(definition.nodes),
		connections: structuredClone(definition.connections),
		active,
		nodeTypes,
		staticData,
		settings: definition.settings ?? { executionOrder: 'v1' },
	});
}

/** The workflow as n8n's ExecutionLifecycleHooks get it (a stored workflow entity). */
export function workflowEntity(workflow: Workflow): IWorkflowBase {
	return {
		id: workflow.id,
		name: workflow.name ?? '',
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
		active: workflow.active,
		settings: workflow.settings,
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
		isArchived: false,
	} as unknown as IWorkflowBase;
}

export interface ExecuteOptions {
	mode: WorkflowExecuteMode;
	/** The node whose input `input` is (a trigger's output, for a trigger). */
	startNode: string;
	/** The start node's input, by input index; e.g. `[[{ json: {} }]]`. */
	input: INodeExecutionData[][];
	credentialsHelper: ICredentialsHelper;
	executionId?: string;
	urls?: EngineUrls;
	/** A Respond to Webhook node's answer (n8n's `sendResponse` hook), for a webhook run that answers from a node. */
	onSendResponse?: (response: IExecuteResponsePromiseData) => void;
}

/** Runs `workflow` in n8n-core's WorkflowExecute from `startNode` and resolves with the finished run. */
export async function executeWorkflow(workflow: Workflow, options: ExecuteOptions): Promise<IRun> {
	const startNode = workflow.getNode(options.startNode);
	if (!startNode) throw new Error(`No node named ${options.startNode}`);
	const executionId = options.executionId ?? 'test-execution';
	const hooks = new ExecutionLifecycleHooks(options.mode, executionId, workflowEntity(workflow));
	let resolveRun!: (run: IRun) => void;
	const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => resolveRun(run));
	if (options.onSendResponse) hooks.addHandler('sendResponse', options.onSendResponse);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: startNode, data: { main: options.input }, source: null }],
		},
	});
	const additionalData = additionalDataFor(options.credentialsHelper, hooks, {
		executionId,
		urls: options.urls,
	});
	await new WorkflowExecute(additionalData, options.mode, runExecutionData).processRunExecutionData(
		workflow,
	);
	return await finished;
}

/**
 * Output items of a node's last run, main output 0 (or `output`). A node whose run failed throws
 * its error; one that did not run throws too, unless `ifNotRun: 'empty'` (e.g. a branch not taken).
 */
export function outputOf(
	run: IRun,
	nodeName: string,
	output = 0,
	{ ifNotRun = 'throw' }: { ifNotRun?: 'throw' | 'empty' } = {},
): INodeExecutionData[] {
	const tasks = run.data.resultData.runData[nodeName];
	const task = tasks?.[tasks.length - 1];
	if (!task) {
		if (ifNotRun === 'empty') return [];
		throw new Error(`Node ${nodeName} did not run`);
	}
	if (task.error) throw task.error;
	return task.data?.main?.[output] ?? [];
}

export interface RunOptions {
	nodeTypes: INodeTypes;
	nodes: INode[];
	connections: IConnections;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Items handed to the start node; default one empty item. */
	input?: INodeExecutionData[];
	/** Which node starts; default the first node. */
	startNode?: string;
	mode?: WorkflowExecuteMode;
}

export interface RunResult {
	run: IRun;
	/** Output items of a node (its last run), main output 0 (or `output`); see outputOf. */
	output(nodeName: string, output?: number): INodeExecutionData[];
	/** The error a node ended with, if any. */
	error(nodeName: string): ITaskData['error'];
}

/** Runs a whole workflow to its end and returns every node's run data. */
export async function runWorkflow(options: RunOptions): Promise<RunResult> {
	const workflow = newWorkflow(
		{ name: 'Test workflow', nodes: options.nodes, connections: options.connections },
		options.nodeTypes,
		{ id: 'test-workflow' },
	);
	const run = await executeWorkflow(workflow, {
		mode: options.mode ?? 'manual',
		startNode: options.startNode ?? options.nodes[0].name,
		input: [options.input ?? [{ json: {} }]],
		credentialsHelper: new TestCredentialsHelper(options.credentials ?? {}),
	});
	return {
		run,
		output: (nodeName, output = 0) => outputOf(run, nodeName, output),
		error: (nodeName) => run.data.resultData.runData[nodeName]?.[0]?.error,
	};
}

/** A node entry for a workflow, with defaults filled in. */
export function node(
	name: string,
	type: string,
	parameters: INode['parameters'],
	extra: Partial<INode> = {},
): INode {
	return {
		id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
		name,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		...extra,
	};
}

/** Connects nodes one after the other on main output 0. */
export function chain(...names: string[]): IConnections {
	const connections: IConnections = {};
	for (let i = 0; i < names.length - 1; i++) {
		connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	}
	return connections;
}
