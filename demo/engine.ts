/**
 * Runs example workflows (n8n workflow JSON, as exported from or imported into n8n) through n8n's
 * real engine, in-process:
 *
 *  - node types: the Convocore package as n8n loads a community package (n8n-core's
 *    LazyPackageDirectoryLoader over the package folder, which reads the built files that
 *    package.json's `n8n` block lists), or any other INodeType instances (the tests pass the TS
 *    sources), plus n8n's own core nodes (Manual Trigger, Edit Fields, If, …) loaded from
 *    n8n-nodes-base's dist files;
 *  - credentials: looked up by the name the workflow references (as n8n does on import), and
 *    applied for real: the credential type's `authenticate` is resolved through n8n's expression
 *    engine like n8n's CredentialsHelper does;
 *  - manual runs: n8n-core's WorkflowExecute in `manual` mode from the Manual Trigger, exactly
 *    what "Execute workflow" does;
 *  - webhook runs: a real HTTP listener that treats a request like n8n's webhook server
 *    (body parsing, n8n-core's WebhookContext around the trigger's webhook(), the `onReceived`
 *    answer) and then runs the workflow from the trigger's output in WorkflowExecute.
 *
 * Nothing here is specific to the demo's report; demo/run.ts and test/examples use it alike.
 */
import 'reflect-metadata';
import { randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { dirname, join } from 'path';
import {
	ExecutionLifecycleHooks,
	HookContext,
	LazyPackageDirectoryLoader,
	WebhookContext,
} from 'n8n-core';
import {
	Workflow,
	type ICredentialsHelper,
	type ICredentialType,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeTypes,
	type IRun,
	type IWebhookData,
	type IWebhookResponseData,
	type IWorkflowExecuteAdditionalData,
	type IWorkflowSettings,
} from 'n8n-workflow';
import {
	additionalDataFor,
	executeWorkflow,
	newWorkflow,
	workflowEntity,
	type AnyNodeType,
	type EngineUrls,
} from '../test/harness/engine';

/** A workflow as n8n exports it (the fields the engine needs; the rest is kept as it is). */
export interface WorkflowJson {
	name: string;
	nodes: INode[];
	connections: IConnections;
	settings?: IWorkflowSettings;
	pinData?: IDataObject;
	active?: boolean;
	[key: string]: unknown;
}

export function readWorkflow(file: string): WorkflowJson {
	return JSON.parse(readFileSync(file, 'utf8')) as WorkflowJson;
}

// ---------------------------------------------------------------------------------------------
// Node types

/**
 * n8n's core nodes the examples use, at the paths n8n-nodes-base 2.41.0 ships them (the same
 * paths its dist/known/nodes.json lists). The class is named like the file, as n8n expects.
 */
export const CORE_NODE_FILES: Record<string, string> = {
	'n8n-nodes-base.manualTrigger': 'dist/nodes/ManualTrigger/ManualTrigger.node.js',
	'n8n-nodes-base.set': 'dist/nodes/Set/Set.node.js',
	'n8n-nodes-base.if': 'dist/nodes/If/If.node.js',
	'n8n-nodes-base.splitOut': 'dist/nodes/Transform/SplitOut/SplitOut.node.js',
	'n8n-nodes-base.limit': 'dist/nodes/Transform/Limit/Limit.node.js',
	'n8n-nodes-base.noOp': 'dist/nodes/NoOp/NoOp.node.js',
	'n8n-nodes-base.stickyNote': 'dist/nodes/StickyNote/StickyNote.node.js',
};

export interface CoreNodes {
	version: string;
	types: Map<string, AnyNodeType>;
}

export function loadCoreNodes(): CoreNodes {
	const root = dirname(require.resolve('n8n-nodes-base/package.json'));
	const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
	const types = new Map<string, AnyNodeType>();
	for (const [type, file] of Object.entries(CORE_NODE_FILES)) {
		const className = file.split('/').pop()!.split('.')[0];
		const exported = require(join(root, file)) as Record<string, new () => AnyNodeType>;
		types.set(type, new exported[className]());
	}
	return { version, types };
}

export interface LoadedPackage {
	packageName: string;
	version: string;
	/** Node types by workflow type string, e.g. `n8n-nodes-convocore.convocore`. */
	types: Map<string, AnyNodeType>;
	credentialTypes: ICredentialType[];
	/** Where each node's class was loaded from, relative to the package folder. */
	sourcePaths: Record<string, string>;
}

/**
 * Loads a community package the way n8n does: LazyPackageDirectoryLoader over the package folder.
 * Without the prebuilt dist/known metadata it falls back to the full loader, which requires every
 * file the `n8n` block of package.json lists (the built dist/ files) and validates the descriptions.
 */
export async function loadBuiltPackage(packageDir: string): Promise<LoadedPackage> {
	const loader = new LazyPackageDirectoryLoader(packageDir);
	await loader.loadAll();
	const types = new Map<string, AnyNodeType>();
	const sourcePaths: Record<string, string> = {};
	for (const name of Object.keys(loader.known.nodes)) {
		const { type, sourcePath } = loader.getNode(name);
		types.set(`${loader.packageName}.${name}`, type);
		sourcePaths[`${loader.packageName}.${name}`] = sourcePath;
	}
	const credentialTypes = Object.keys(loader.known.credentials).map((name) => loader.getCredential(name).type);
	for (const name of Object.keys(loader.known.credentials)) {
		sourcePaths[name] = loader.known.credentials[name].sourcePath;
	}
	return {
		packageName: loader.packageName,
		version: String(loader.packageJson.version),
		types,
		credentialTypes,
		sourcePaths,
	};
}

// ---------------------------------------------------------------------------------------------
// Running

export interface Engine {
	nodeTypes: INodeTypes;
	credentialsHelper: ICredentialsHelper;
}

let executionCounter = 0;

const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';

/** "Execute workflow" in the editor: a manual run from the workflow's Manual Trigger. */
export async function runManualWorkflow(json: WorkflowJson, engine: Engine): Promise<IRun> {
	const trigger = json.nodes.find((node) => node.type === MANUAL_TRIGGER && !node.disabled);
	if (!trigger) throw new Error(`"${json.name}" has no Manual Trigger to start from`);
	const workflow = newWorkflow(json, engine.nodeTypes, { id: `workflow-${randomUUID()}` });
	return await executeWorkflow(workflow, {
		mode: 'manual',
		startNode: trigger.name,
		input: [[{ json: {} }]],
		credentialsHelper: engine.credentialsHelper,
		executionId: `demo-execution-${++executionCounter}`,
	});
}

// ---------------------------------------------------------------------------------------------
// Webhooks: an active workflow behind a real HTTP listener, handled like n8n's webhook server

export interface WebhookAnswer {
	status: number;
	body: string;
	/** Whether n8n would have started an execution for the request. */
	executed: boolean;
}

export interface WebhookServer {
	/** The trigger's Production URL on this listener (what n8n shows and what Convocore posts to). */
	productionUrl: string;
	/** Answers in arrival order. */
	answers: WebhookAnswer[];
	/** Every execution the listener started, in arrival order. */
	executions: Array<Promise<IRun>>;
	close(): Promise<void>;
}

/**
 * n8n's body parser, reduced: JSON for application/json (failure: 422 before any node runs),
 * the text for text/plain, `{}` otherwise; the raw bytes stay on rawBody.
 */
function parseBody(raw: Buffer, contentType: string | undefined): { ok: true; body: unknown } | { ok: false } {
	const type = contentType?.split(';')[0].trim().toLowerCase();
	if (raw.length === 0) return { ok: true, body: {} };
	if (type === 'application/json') {
		try {
			return { ok: true, body: JSON.parse(raw.toString('utf8')) as unknown };
		} catch {
			return { ok: false };
		}
	}
	if (type === 'text/plain') return { ok: true, body: raw.toString('utf8') };
	return { ok: true, body: {} };
}

/**
 * Activates `json` (its one webhook trigger) as n8n does (`checkExists`, then `create` in a
 * HookContext) and serves the trigger's Production URL on 127.0.0.1. Each request runs the
 * trigger's webhook() in a WebhookContext; for responseMode `onReceived`, a started workflow is
 * answered 200 "Workflow was started" before it runs, as in n8n.
 */
export async function startWebhookServer(json: WorkflowJson, engine: Engine): Promise<WebhookServer> {
	const triggerJson = json.nodes.find((node) => {
		if (node.disabled) return false;
		return engine.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).description.webhooks?.length;
	});
	if (!triggerJson) throw new Error(`"${json.name}" has no webhook trigger`);
	if (!triggerJson.webhookId) throw new Error(`The trigger "${triggerJson.name}" has no webhookId`);

	const staticData: IDataObject = {};
	const answers: WebhookAnswer[] = [];
	const executions: Array<Promise<IRun>> = [];
	let urls: EngineUrls = {};
	let workflow!: Workflow;
	let webhookPath = '';

	const nodeType = engine.nodeTypes.getByNameAndVersion(triggerJson.type, triggerJson.typeVersion);
	const webhookDescription = nodeType.description.webhooks![0];

	const webhookData = (additionalData: IWorkflowExecuteAdditionalData): IWebhookData => ({
		httpMethod: webhookDescription.httpMethod as IWebhookData['httpMethod'],
		node: triggerJson.name,
		path: `${triggerJson.webhookId}/${String(webhookDescription.path)}`,
		webhookDescription,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId: triggerJson.webhookId,
		isTest: false,
	});
	const hookAdditionalData = () =>
		additionalDataFor(engine.credentialsHelper, new ExecutionLifecycleHooks('webhook', 'activation', workflowEntity(workflow)), {
			executionId: 'activation',
			urls,
		});

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const answer = (status: number, body: unknown) => {
			const text = JSON.stringify(body);
			res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
			res.end(text);
			answers.push({ status, body: text, executed: false });
		};
		if (url.pathname !== webhookPath) return answer(404, { code: 404, message: 'The requested webhook is not registered.' });
		if (req.method !== webhookDescription.httpMethod) {
			return answer(404, { code: 404, message: `This webhook is not registered for ${req.method} requests.` });
		}
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const parsed = parseBody(rawBody, req.headers['content-type']);
		if (!parsed.ok) return answer(422, { code: 422, message: 'Failed to parse request body' });

		const additionalData = hookAdditionalData();
		const recorded = { status: 200, text: '' };
		const response = {
			get headersSent() {
				return res.headersSent;
			},
			writeHead(status: number, headers?: Record<string, string>) {
				recorded.status = status;
				res.writeHead(status, headers);
				return response;
			},
			setHeader(name: string, value: string) {
				res.setHeader(name, value);
				return response;
			},
			status(code: number) {
				recorded.status = code;
				res.statusCode = code;
				return response;
			},
			json(body: unknown) {
				res.setHeader('content-type', 'application/json; charset=utf-8');
				return response.end(JSON.stringify(body));
			},
			send(body: unknown) {
				return typeof body === 'string' ? response.end(body) : response.json(body);
			},
			end(chunk?: string) {
				recorded.text += chunk ?? '';
				res.end(chunk);
				return response;
			},
		};
		additionalData.httpRequest = {
			method: req.method,
			url: req.url,
			headers: req.headers,
			body: parsed.body,
			rawBody,
			query: Object.fromEntries(url.searchParams),
			params: {},
		} as unknown as IWorkflowExecuteAdditionalData['httpRequest'];
		additionalData.httpResponse = response as unknown as IWorkflowExecuteAdditionalData['httpResponse'];
		const node = workflow.getNode(triggerJson.name)!;
		const context = new WebhookContext(workflow, node, additionalData, 'webhook', webhookData(additionalData), [], null);

		let result: IWebhookResponseData;
		try {
			result = await nodeType.webhook!.call(context);
		} catch (error) {
			return answer(500, { code: 0, message: (error as Error).message });
		}
		if (result.workflowData === undefined) {
			if (result.noWebhookResponse === true) {
				answers.push({ status: recorded.status, body: recorded.text, executed: false });
			} else {
				answer(200, result.webhookResponse ?? { message: 'Webhook call received' });
			}
			return;
		}
		if (result.noWebhookResponse !== true && !res.headersSent) {
			answer(200, { message: 'Workflow was started' });
			answers[answers.length - 1].executed = true;
		} else {
			answers.push({ status: recorded.status, body: recorded.text, executed: true });
		}
		// A fresh Workflow per execution, sharing the static data, as n8n does.
		const run = newWorkflow(json, engine.nodeTypes, { id: workflow.id, active: true, staticData });
		executions.push(
			executeWorkflow(run, {
				mode: 'webhook',
				startNode: triggerJson.name,
				input: result.workflowData,
				credentialsHelper: engine.credentialsHelper,
				executionId: `demo-execution-${++executionCounter}`,
				urls,
			}),
		);
	};

	const server: Server = createServer((req, res) => {
		handle(req, res).catch((error: Error) => {
			if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ code: 500, message: error.message }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const base = `http://127.0.0.1:${port}`;
	urls = { instanceBaseUrl: `${base}/`, webhookBaseUrl: `${base}/webhook`, webhookTestBaseUrl: `${base}/webhook-test` };
	workflow = newWorkflow(json, engine.nodeTypes, { id: `workflow-${randomUUID()}`, active: true, staticData });

	// Activation, as n8n does it for a workflow with webhooks.
	const hookContext = () => {
		const additionalData = hookAdditionalData();
		return new HookContext(workflow, workflow.getNode(triggerJson.name)!, additionalData, 'webhook', 'activate', webhookData(additionalData));
	};
	const methods = nodeType.webhookMethods?.default;
	if (methods && !(await methods.checkExists.call(hookContext()))) await methods.create.call(hookContext());
	const productionUrl = hookContext().getNodeWebhookUrl('default');
	if (!productionUrl) throw new Error('n8n-core gave the trigger no webhook URL');
	webhookPath = new URL(productionUrl).pathname;

	return {
		productionUrl,
		answers,
		executions,
		close: async () => {
			await Promise.allSettled(executions);
			if (methods) await methods.delete.call(hookContext());
			await new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			});
		},
	};
}

// ---------------------------------------------------------------------------------------------
// Reading a finished run

export interface NodeRun {
	name: string;
	/** Item count per output (e.g. an If's [true, false]). */
	outputs: number[];
	error?: string;
}

/** Every node that ran, in the order it first ran. */
export function nodeRuns(run: IRun): NodeRun[] {
	return Object.entries(run.data.resultData.runData).map(([name, tasks]) => {
		const task = tasks[tasks.length - 1];
		const error = tasks.find((t) => t.error)?.error;
		return {
			name,
			outputs: (task.data?.main ?? []).map((items) => items?.length ?? 0),
			...(error ? { error: `${error.message}${error.description ? ` (${error.description})` : ''}` } : {}),
		};
	});
}

/** The run's error, or that of its first failed node. */
export function runError(run: IRun): string | undefined {
	const failed = nodeRuns(run).find((entry) => entry.error);
	if (failed) return `${failed.name}: ${failed.error}`;
	const error = run.data.resultData.error;
	return error ? error.message : undefined;
}
