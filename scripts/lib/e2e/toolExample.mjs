// An example whose Webhook node serves an agent's tool (examples/15-…): activated, so that its
// Production URL answers (the webhook processor's, in queue mode), then run manually; the manual
// branch creates the tool at that URL and asks the agent. The proof: the sandbox called the
// workflow's production webhook URL (HTTP 200), the webhook's own execution succeeded, and the
// agent's reply in the manual execution is the answer that execution sent.
const WEBHOOK_TYPE = 'n8n-nodes-base.webhook';

// The header the example's tool sends and its Webhook checks (demo/catalog-tools.ts holds the same
// made-up pair for the in-process runs): two credentials of the names the example references.
const TOOL_HEADER = { name: 'X-Tool-Key', value: 'demo-tool-header-value-0123456789' };
const TOOL_HEADER_CREDENTIALS = [
	{
		name: 'Convocore tool header',
		type: 'convocoreToolHeaderApi',
		data: { headerName: TOOL_HEADER.name, headerSecret: TOOL_HEADER.value },
	},
	{
		name: 'Convocore tool header (webhook)',
		type: 'httpHeaderAuth',
		data: { name: TOOL_HEADER.name, value: TOOL_HEADER.value },
	},
];

/** Creates the two credentials in n8n; returns them by name (id and name), for withToolHeaderCredentials. */
export async function createToolHeaderCredentials({ mode, rest, checks }) {
	const created = {};
	await checks.check(
		mode,
		'tool header credentials created (Convocore Tool Header, and Header Auth for the Webhook)',
		async () => {
			for (const { name, type, data } of TOOL_HEADER_CREDENTIALS) {
				const credential = await rest.createCredential(name, type, data);
				assert(
					!JSON.stringify(credential).includes(TOOL_HEADER.value),
					`the header value came back in the REST answer for ${name}`,
				);
				created[name] = { id: credential.id, name: credential.name };
			}
			return Object.values(created)
				.map((credential) => `${credential.name} ${credential.id}`)
				.join(', ');
		},
	);
	return created;
}

/** The workflow with every reference to a tool header credential (by name) given that credential's id. */
export function withToolHeaderCredentials(workflow, created) {
	const nodes = workflow.nodes.map((node) => {
		if (!node.credentials) return node;
		const credentials = Object.fromEntries(
			Object.entries(node.credentials).map(([type, reference]) => [
				type,
				created[reference?.name] ?? reference,
			]),
		);
		return { ...node, credentials };
	});
	return { ...workflow, nodes };
}

export function assert(condition, message) {
	if (!condition) throw new Error(message);
}

/** An execution's data as text, whichever form n8n's REST API gave it in. */
export const serialized = (execution) =>
	typeof execution.data === 'string' ? execution.data : JSON.stringify(execution.data ?? {});

/** The Webhook node of an example, when it has one (the examples that serve a tool). */
export function servedWebhookOf(workflow) {
	return workflow.nodes.find((node) => node.type === WEBHOOK_TYPE && !node.disabled);
}

/** The sandbox's record of the agent's interactions (GET /__sandbox/interact). */
export async function sandboxInteract(sandboxUrl) {
	const response = await fetch(`${sandboxUrl}/__sandbox/interact`);
	assert(response.ok, `sandbox /__sandbox/interact answered ${response.status}`);
	return response.json();
}

async function toolCalls(sandboxUrl) {
	return (await sandboxInteract(sandboxUrl)).toolCalls ?? [];
}

export async function exerciseServedTool({
	mode,
	file,
	rest,
	stored,
	webhook,
	manualTrigger,
	webhookBaseUrl,
	sandbox,
	checks,
	seen,
	errorMessageOf,
}) {
	const productionUrl = `${webhookBaseUrl.replace(/\/+$/, '')}/webhook/${webhook.parameters.path}`;
	const activated = await checks.check(
		mode,
		`${file}: activated, its Production URL live`,
		async () => {
			const active = await rest.activate(stored.id, stored.versionId);
			assert(
				active.activeVersionId === stored.versionId,
				`activation answered ${JSON.stringify(active).slice(0, 300)}`,
			);
			const status = await rest.waitPublished(stored.id);
			return `published version ${status.liveVersionId}, ${productionUrl}`;
		},
	);
	if (!activated) return;
	try {
		const before = (await toolCalls(sandbox.url)).length;
		await checks.check(
			mode,
			`${file}: manual run creates the tool; the sandbox calls the production webhook and the tool's answer arrives`,
			async () => {
				const executionId = await rest.runManually(stored.id, manualTrigger.name);
				seen.manual.push(executionId);
				const execution = await rest.finishedExecution(executionId);
				assert(
					execution.status === 'success',
					`execution ${executionId} ended "${execution.status}": ${errorMessageOf(execution)}`,
				);
				const calls = (await toolCalls(sandbox.url)).slice(before);
				assert(calls.length === 1, `the sandbox made ${calls.length} tool call(s)`);
				assert(
					calls[0].url === productionUrl && calls[0].status === 200,
					`the sandbox called ${calls[0].url} (HTTP ${calls[0].status} ${calls[0].error ?? ''}), not ${productionUrl} with 200`,
				);
				const executions = await rest.settledExecutionsOf(stored.id, { count: 2 });
				const served = executions.find((e) => e.mode === 'webhook');
				assert(
					served && served.status === 'success',
					`the webhook execution is ${served ? `"${served.status}"` : 'missing'} (${executions.map((e) => `${e.id} ${e.mode} ${e.status}`).join(', ')})`,
				);
				seen.trigger.push(served.id);
				const answer = calls[0].answer;
				assert(typeof answer === 'string' && answer.length > 0, 'the tool call has no answer');
				assert(
					serialized(await rest.execution(served.id)).includes(answer),
					`the webhook execution ${served.id} did not produce the answer "${answer}"`,
				);
				const data = serialized(execution);
				assert(
					data.includes(answer),
					`the agent's reply in execution ${executionId} does not hold the tool's answer "${answer}"`,
				);
				assert(
					!/serverUrlSecret"\s*:\s*"/.test(data),
					'a server URL secret is in the manual execution',
				);
				assert(
					!data.includes(TOOL_HEADER.value),
					'the tool header value is in the manual execution',
				);
				assert(
					calls[0].fixedHeaders?.includes(TOOL_HEADER.name),
					`the sandbox's call did not send ${TOOL_HEADER.name}`,
				);
				return `execution ${executionId}; webhook execution ${served.id}; answer "${answer.slice(0, 60)}"`;
			},
		);
	} finally {
		await rest.deactivate(stored.id).catch(() => undefined);
	}
}
