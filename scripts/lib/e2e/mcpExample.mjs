// An example whose MCP Server Trigger serves n8n tools to the agent (examples/20-…): activated,
// so that the trigger's production URL (/mcp/<path>) answers, then run manually; the manual branch
// connects that URL to an agent's LLM nodes (Agent > Connect MCP Server), asks the agent "where is
// order 1234?" (Send Message) and sends one SMS in agent mode with the same server for that SMS
// only. The proof: the sandbox, reached from n8n, reached n8n's MCP URL (its MCP session records:
// the URL, the transport, the tool and its answer), the agent's reply and the SMS hold the
// sub-workflow's answer, and n8n's executions show the tool's run (the sub-workflow's answer in a
// run that is not the manual one).
//
// Queue mode: n8n's docs ask that every /mcp* request reach one process (MCP sessions live in its
// memory). The e2e's queue mode has one webhook processor, which serves every production URL
// (N8N_WEBHOOK_URL points at it, the main serves none: N8N_DISABLE_PRODUCTION_MAIN_PROCESS), so
// all /mcp* requests reach that one process; its tool calls run on the worker.
import { assert, sandboxInteract, serialized } from './toolExample.mjs';

const MCP_TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';
const ORDER_1234 = 'Order 1234 is shipped, arriving Tuesday.';

/** The MCP Server Trigger of an example, when it has one. */
export function mcpTriggerOf(workflow) {
	return workflow.nodes.find((node) => node.type === MCP_TRIGGER_TYPE && !node.disabled);
}

async function mcpCalls(sandboxUrl) {
	return (await sandboxInteract(sandboxUrl)).mcpCalls ?? [];
}

async function sentSms(sandboxUrl) {
	const response = await fetch(`${sandboxUrl}/__sandbox/sms`);
	assert(response.ok, `sandbox /__sandbox/sms answered ${response.status}`);
	return await response.json();
}

export async function exerciseMcpExample({
	mode,
	file,
	rest,
	stored,
	trigger,
	manualTrigger,
	webhookBaseUrl,
	sandbox,
	checks,
	seen,
	errorMessageOf,
}) {
	const productionUrl = `${webhookBaseUrl.replace(/\/+$/, '')}/mcp/${trigger.parameters.path}`;
	const activated = await checks.check(
		mode,
		`${file}: activated, its MCP Server Trigger's production URL live`,
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
		const callsBefore = (await mcpCalls(sandbox.url)).length;
		const smsBefore = (await sentSms(sandbox.url)).length;
		await checks.check(
			mode,
			`${file}: manual run connects the MCP URL; Send Message and the agent-mode SMS answer with the sub-workflow's answer`,
			async () => {
				const executionId = await rest.runManually(stored.id, manualTrigger.name);
				seen.manual.push(executionId);
				const execution = await rest.finishedExecution(executionId, 120_000);
				assert(
					execution.status === 'success',
					`execution ${executionId} ended "${execution.status}": ${errorMessageOf(execution)}`,
				);
				const calls = (await mcpCalls(sandbox.url)).slice(callsBefore);
				const answered = calls.filter((call) => call.answer === ORDER_1234);
				assert(
					answered.length === 2 &&
						answered.every((call) => call.url === productionUrl && call.tool === 'lookup_order'),
					`the sandbox's MCP sessions: ${JSON.stringify(calls).slice(0, 600)}; expected two answers of lookup_order at ${productionUrl}`,
				);
				assert(
					answered
						.map((call) => `${call.source} ${call.channel}`)
						.sort()
						.join(', ') === 'agent web-chat, interaction sms',
					`the sessions came from ${answered.map((call) => `${call.source} ${call.channel}`).join(', ')}`,
				);
				const data = serialized(execution);
				assert(
					data.includes(ORDER_1234),
					`the manual execution ${executionId} does not hold the tool's answer "${ORDER_1234}"`,
				);
				const sms = (await sentSms(sandbox.url)).slice(smsBefore);
				assert(
					sms.length === 1 && sms[0].body === ORDER_1234 && sms[0].mode === 'agent',
					`the SMS sent: ${JSON.stringify(sms.map((message) => message.body))}`,
				);
				const executions = await rest.settledExecutionsOf(stored.id, {
					count: 3,
					timeoutMs: 120_000,
				});
				const toolRuns = [];
				for (const candidate of executions.filter((e) => String(e.id) !== String(executionId))) {
					const record = await rest.execution(candidate.id);
					if (record.status === 'success' && serialized(record).includes(ORDER_1234))
						toolRuns.push(`${candidate.id} ${candidate.mode}`);
				}
				assert(
					toolRuns.length >= 2,
					`n8n's executions of the workflow show ${toolRuns.length} tool run(s) with the answer (${executions.map((e) => `${e.id} ${e.mode} ${e.status}`).join(', ')})`,
				);
				const transports = [...new Set(answered.map((call) => call.transport))].join(', ');
				return `execution ${executionId}; tool runs ${toolRuns.join(', ')}; over ${transports}`;
			},
		);
	} finally {
		await rest.deactivate(stored.id).catch(() => undefined);
	}
}

/**
 * Queue mode: every /mcp* request of the run reached the one webhook processor, as n8n's docs ask
 * (MCP sessions live in one process's memory), and none reached the main. The McpTrigger's own
 * debug lines ("New session initialized", "MCP POST request received") say which process served.
 */
export async function proveMcpQueueRouting({ processes, checks }) {
	const { main, webhook } = processes;
	await checks.check(
		'queue',
		'every MCP request reached the one webhook processor; the main served none',
		async () => {
			const sessions = webhook.readLog().match(/New session initialized/g) ?? [];
			assert(sessions.length > 0, `no MCP session was opened in ${webhook.logFile}`);
			assert(
				!/MCP POST request received|New session initialized/.test(main.readLog()),
				`the main process served an MCP request (${main.logFile})`,
			);
			return `${sessions.length} MCP session(s) on the webhook processor (pid ${webhook.pid})`;
		},
	);
}
