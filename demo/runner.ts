/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- demo code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Runs the example workflows against a Convocore sandbox: the same code for `npm run demo`
 * (node types loaded from the built package) and for test/examples (node types from the sources).
 */
import { join } from 'path';
import type { Sandbox } from '../sandbox';
import type { NamedCredential } from '../test/harness/engine';
import { TOOL_HEADER_CREDENTIALS } from './catalog-tools';
import { startWebhookServer, WebhookWorkflow } from '../test/harness/webhook';
import {
	nodeRuns,
	readWorkflow,
	runError,
	runManualWorkflow,
	serveWorkflow,
	type Engine,
	type NodeRun,
	type WorkflowJson,
} from './engine';
import type { DeliveryResult, ExampleOutcome, ExampleSpec } from './example';

/** The name every example's Convocore nodes reference their credential by. */
export const CREDENTIAL_NAME = 'Convocore account';

export const EXAMPLES_DIR = join(__dirname, '..', 'examples');

/**
 * The credential a user would create to build against the sandbox: region Custom, the sandbox's
 * EU base URL and the EU White Label workspace's secret (reads and writes; also the secret events
 * carry, which the trigger verifies).
 */
export function sandboxCredentials(sandbox: Sandbox): Record<string, NamedCredential> {
	return {
		[CREDENTIAL_NAME]: {
			type: 'convocoreApi',
			data: {
				region: 'custom',
				baseUrl: sandbox.baseUrl('eu'),
				secretKey: sandbox.keys.euWhiteLabel,
			},
		},
		// Example 15's tool header, on Tool > Create and on the Webhook that checks it.
		...TOOL_HEADER_CREDENTIALS,
	};
}

export interface ExampleResult {
	spec: ExampleSpec;
	workflow?: WorkflowJson;
	outcome?: ExampleOutcome;
	nodes: NodeRun[];
	/** Key facts for the report. */
	lines: string[];
	/** Empty when the example did its job. */
	problems: string[];
	ms: number;
}

/**
 * The workflow active behind a real HTTP listener, handled like n8n's webhook server: activated
 * as n8n does it, each request through the trigger's webhook() and, for a started run, the whole
 * workflow from the trigger's output.
 */
async function runTriggerExample(
	spec: ExampleSpec,
	workflow: WorkflowJson,
	engine: Engine,
	sandbox: Sandbox,
): Promise<ExampleOutcome> {
	const server = await serveWorkflow(workflow, engine);
	let active = false;
	const deliveries: DeliveryResult[] = [];
	try {
		await server.harness.activate();
		active = true;
		for (const delivery of spec.deliveries ?? []) {
			const before = server.executions.length;
			// The sandbox posts `{ type, payload }` over real HTTP, as Convocore posts workspace events.
			const answer = await sandbox.deliverEvent(server.url, delivery.type, {
				...(delivery.workspaceSecret ? { workspaceSecret: delivery.workspaceSecret } : {}),
			});
			deliveries.push({
				...delivery,
				status: answer.status,
				body: answer.body,
				ran: server.executions.length > before,
			});
		}
		const runs = await Promise.all(server.executions);
		if (!runs.length) throw new Error('no delivery started the workflow');
		return {
			workflow,
			run: runs[0],
			webhook: { productionUrl: server.url, deliveries, executions: runs.length },
		};
	} finally {
		await Promise.allSettled(server.executions);
		if (active) await server.harness.deactivate();
		await server.close();
	}
}

/**
 * A manual run while the workflow's Webhook node is active behind a real HTTP listener: the
 * manual run gets the same base URL, so `$execution.resumeUrl` leads to the Production URL the
 * sandbox calls. The outcome's run is the manual one; `webhook` counts the webhook's runs.
 */
async function runServedExample(workflow: WorkflowJson, engine: Engine): Promise<ExampleOutcome> {
	let base = '';
	const server = await startWebhookServer((baseUrl) => {
		base = baseUrl;
		return new WebhookWorkflow({
			workflow,
			nodeTypes: engine.nodeTypes,
			credentialsHelper: engine.credentialsHelper,
			urls: { instanceBaseUrl: `${baseUrl}/` },
		});
	});
	try {
		const run = await runManualWorkflow(workflow, engine, { instanceBaseUrl: `${base}/` });
		const runs = await Promise.all(server.executions);
		return {
			workflow,
			run,
			webhook: { productionUrl: server.url, deliveries: [], executions: runs.length },
			webhookRuns: runs,
		};
	} finally {
		await Promise.allSettled(server.executions);
		await server.close();
	}
}

/** Runs one example and checks it; never throws (a failure is reported in `problems`). */
export async function runExample(
	spec: ExampleSpec,
	engine: Engine,
	sandbox: Sandbox,
): Promise<ExampleResult> {
	const started = Date.now();
	const result: ExampleResult = { spec, nodes: [], lines: [], problems: [], ms: 0 };
	try {
		const workflow = readWorkflow(join(EXAMPLES_DIR, spec.file));
		result.workflow = workflow;
		const outcome = spec.run
			? await spec.run(workflow, engine, sandbox)
			: spec.deliveries
				? await runTriggerExample(spec, workflow, engine, sandbox)
				: spec.servesWebhook
					? await runServedExample(workflow, engine)
					: { workflow, run: await runManualWorkflow(workflow, engine) };
		result.outcome = outcome;
		result.nodes = nodeRuns(outcome.run);
		const error = runError(outcome.run);
		if (error) {
			result.problems.push(error);
		} else {
			result.lines = spec.summarize(outcome, sandbox);
			result.problems.push(...spec.verify(outcome, sandbox));
		}
		for (const delivery of outcome.webhook?.deliveries ?? []) {
			if (delivery.status !== delivery.expectStatus || delivery.ran !== delivery.expectRun) {
				result.problems.push(
					`${delivery.label}: answered ${delivery.status}${delivery.ran ? ' and ran' : ''}, expected ${delivery.expectStatus}${delivery.expectRun ? ' and a run' : ' and no run'}`,
				);
			}
		}
	} catch (error) {
		result.problems.push((error as Error).stack ?? String(error));
	}
	result.ms = Date.now() - started;
	return result;
}

/** Runs the examples in order on one sandbox (some build on earlier ones, e.g. release after buy). */
export async function runExamples(
	specs: ExampleSpec[],
	engine: Engine,
	sandbox: Sandbox,
): Promise<ExampleResult[]> {
	const results: ExampleResult[] = [];
	for (const spec of specs) results.push(await runExample(spec, engine, sandbox));
	return results;
}
