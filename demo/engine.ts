/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- demo code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * What the demo needs besides test/harness (whose engine and webhook harnesses it runs on, as the
 * tests and the benchmarks do):
 *
 *  - node types: the Convocore package as n8n loads a community package (n8n-core's
 *    LazyPackageDirectoryLoader over the package folder, which reads the built files that
 *    package.json's `n8n` block lists), plus n8n's own core nodes (Manual Trigger, Edit Fields,
 *    If, …) loaded from n8n-nodes-base's dist files;
 *  - example workflows: n8n workflow JSON as exported from or imported into n8n;
 *  - manual runs: n8n-core's WorkflowExecute in `manual` mode from the Manual Trigger, exactly
 *    what "Execute workflow" does;
 *  - reading a finished run for the report.
 *
 * Credentials (looked up by the name the workflow references) are test/harness/engine.ts's
 * TestCredentialsHelper with credentialsByName(); webhook runs are test/harness/webhook.ts's
 * WebhookWorkflow behind startWebhookServer (see demo/runner.ts).
 */
import 'reflect-metadata';
import { randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import { dirname, join } from 'path';
import { LazyPackageDirectoryLoader } from 'n8n-core';
import type {
	ICredentialsHelper,
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeTypes,
	IRun,
	IWorkflowSettings,
} from 'n8n-workflow';
import {
	executeWorkflow,
	newWorkflow,
	type AnyNodeType,
	type EngineUrls,
} from '../test/harness/engine';
import { startWebhookServer, WebhookWorkflow, type WebhookServer } from '../test/harness/webhook';

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
	'n8n-nodes-base.convertToFile': 'dist/nodes/Files/ConvertToFile/ConvertToFile.node.js',
	'n8n-nodes-base.extractFromFile': 'dist/nodes/Files/ExtractFromFile/ExtractFromFile.node.js',
	'n8n-nodes-base.summarize': 'dist/nodes/Transform/Summarize/Summarize.node.js',
	'n8n-nodes-base.webhook': 'dist/nodes/Webhook/Webhook.node.js',
	'n8n-nodes-base.respondToWebhook': 'dist/nodes/RespondToWebhook/RespondToWebhook.node.js',
	'n8n-nodes-base.executeWorkflowTrigger':
		'dist/nodes/ExecuteWorkflow/ExecuteWorkflowTrigger/ExecuteWorkflowTrigger.node.js',
};

export interface CoreNodes {
	version: string;
	types: Map<string, AnyNodeType>;
}

export function loadCoreNodes(): CoreNodes {
	const root = dirname(require.resolve('n8n-nodes-base/package.json'));
	const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
		version: string;
	};
	const types = new Map<string, AnyNodeType>();
	for (const [type, file] of Object.entries(CORE_NODE_FILES)) {
		const className = file.split('/').pop()!.split('.')[0];
		try {
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- a path known only at run time: n8n-nodes-base's node files, loaded as n8n loads them
			const exported = require(join(root, file)) as Record<string, new () => AnyNodeType>;
			types.set(type, new exported[className]());
		} catch (error) {
			// n8n-nodes-base is 2.x; under n8n 1.x's engine (npm run test:n8n1) a node needing what only
			// n8n-workflow 2.x exports (the Webhook node's fromParameter) cannot load. It is left out, so
			// the tests that use the other core nodes still run there; a workflow using it fails with
			// n8n's own "unrecognized node type", naming it. On 2.x every node loads, or this throws.
			if (process.env.N8N_ENGINE_MAJOR !== '1') throw error;
		}
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
	const credentialTypes = Object.keys(loader.known.credentials).map(
		(name) => loader.getCredential(name).type,
	);
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
export async function runManualWorkflow(
	json: WorkflowJson,
	engine: Engine,
	urls?: EngineUrls,
): Promise<IRun> {
	const trigger = json.nodes.find((node) => node.type === MANUAL_TRIGGER && !node.disabled);
	if (!trigger) throw new Error(`"${json.name}" has no Manual Trigger to start from`);
	const workflow = newWorkflow(json, engine.nodeTypes, { id: `workflow-${randomUUID()}` });
	return await executeWorkflow(workflow, {
		mode: 'manual',
		startNode: trigger.name,
		input: [[{ json: {} }]],
		credentialsHelper: engine.credentialsHelper,
		executionId: `demo-execution-${++executionCounter}`,
		urls,
	});
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
			...(error
				? { error: `${error.message}${error.description ? ` (${error.description})` : ''}` }
				: {}),
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

/**
 * The workflow active behind a real HTTP listener, handled like n8n's webhook server; the URLs
 * n8n hands the workflow point at the listener. Activation is the caller's.
 */
export async function serveWorkflow(
	workflow: WorkflowJson,
	engine: Engine,
): Promise<WebhookServer> {
	return await startWebhookServer(
		(baseUrl) =>
			new WebhookWorkflow({
				workflow,
				nodeTypes: engine.nodeTypes,
				credentialsHelper: engine.credentialsHelper,
				urls: { instanceBaseUrl: `${baseUrl}/` },
			}),
	);
}
