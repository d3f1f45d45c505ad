/**
 * Example 20, an agent that uses n8n tools over MCP: what it must achieve against the sandbox (its
 * own file, as demo/catalog.ts is long). Node names are the ones in the example's JSON.
 *
 * The demo runs nodes in-process, without an n8n server, so n8n's MCP Server Trigger cannot serve
 * the tool here: the demo serves the same tool (`lookup_order`, the same answers) with an MCP
 * server made with the SDK (test/harness/mcpServer.ts) at the trigger's path, and runs the manual
 * branch with that server as the instance's base URL, so the branch's "MCP URL" leads to it. The
 * real trigger is proven by `npm run e2e` (scripts/lib/e2e/mcpExample.mjs).
 */
import type { IConnections } from 'n8n-workflow';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { isLlmNode } from '../sandbox/domain/mcpTools';
import { ORDER_1234, startOrderServer } from '../test/harness/mcpServer';
import { expect, json, quote } from './checks';
import { runManualWorkflow, type WorkflowJson } from './engine';
import type { ExampleSpec } from './example';

const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
const SERVER_NAME = 'n8n-orders';

/** The nodes the Manual Trigger reaches: the part of the workflow the demo can run in-process. */
export function manualBranch(workflow: WorkflowJson): WorkflowJson {
	const start = workflow.nodes.find((node) => node.type === MANUAL_TRIGGER);
	const reached = new Set<string>(start ? [start.name] : []);
	for (let grown = true; grown; ) {
		grown = false;
		for (const name of [...reached])
			for (const connection of (workflow.connections[name]?.main ?? []).flat())
				if (connection && !reached.has(connection.node)) {
					reached.add(connection.node);
					grown = true;
				}
	}
	const connections: IConnections = Object.fromEntries(
		Object.entries(workflow.connections).filter(([name]) => reached.has(name)),
	);
	return {
		...workflow,
		nodes: workflow.nodes.filter((node) => reached.has(node.name)),
		connections,
	};
}

function triggerPath(workflow: WorkflowJson): string {
	const trigger = workflow.nodes.find((node) => node.type === MCP_TRIGGER);
	if (!trigger) throw new Error('the example has no MCP Server Trigger');
	return String(trigger.parameters.path);
}

export const agentUsesN8nToolsOverMcp: ExampleSpec = {
	file: '20-agent-uses-n8n-tools-over-mcp.json',
	async run(workflow, engine) {
		const server = await startOrderServer('streamable-http', {
			path: `/mcp/${triggerPath(workflow)}`,
		});
		try {
			const { origin } = new URL(server.url);
			const run = await runManualWorkflow(manualBranch(workflow), engine, {
				instanceBaseUrl: `${origin}/`,
			});
			return { workflow, run };
		} finally {
			await server.close();
		}
	},
	summarize(outcome, sandbox) {
		const [url] = json(outcome, "This workflow's MCP URL");
		const [agent] = json(outcome, 'Create the order desk agent');
		const [answer] = json(outcome, 'Answer from the tool');
		const [sms] = json(outcome, 'SMS the agent sent');
		const calls = sandbox.state.mcpCalls ?? [];
		return [
			`${SERVER_NAME} -> ${url?.mcpUrl} on the LLM nodes of the new agent ${agent?.id}`,
			`MCP sessions: ${calls.map((call) => `${call.source} ${call.transport ?? call.error} ${call.tool ?? ''}`).join(', ')}`,
			`agent replied ${quote(answer?.reply, 100)}; SMS to ${sms?.to}: ${quote(sms?.sms, 80)}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [url] = json(outcome, "This workflow's MCP URL");
		const [agent] = json(outcome, 'Create the order desk agent');
		const [answer] = json(outcome, 'Answer from the tool');
		const [sms] = json(outcome, 'SMS the agent sent');
		const nodesOf = (agentId: string) => {
			const agent = sandbox.state.agents[agentId];
			const nodes = agent?.fields?.nodes ?? agent?.secretFields.nodes;
			return (Array.isArray(nodes) ? nodes : []) as Array<Record<string, unknown>>;
		};
		const llmNodes = nodesOf(String(agent?.id)).filter(isLlmNode);
		expect(
			problems,
			llmNodes.length > 0 &&
				llmNodes.every((node) =>
					(node.mcpServers as Array<Record<string, unknown>> | undefined)?.some(
						(entry) => entry.name === SERVER_NAME && entry.url === url?.mcpUrl,
					),
				),
			`not every LLM node of the new agent ${String(agent?.id)} has ${SERVER_NAME} at ${String(url?.mcpUrl)}`,
		);
		expect(
			problems,
			answer?.reply === ORDER_1234 && answer?.toolCalled === true,
			`the agent's reply is ${quote(answer?.reply)}, not the tool's answer ${quote(ORDER_1234)}`,
		);
		expect(
			problems,
			sms?.sms === ORDER_1234 && sandbox.sentSms.at(-1)?.body === ORDER_1234,
			`the SMS is ${quote(sms?.sms)}, not the tool's answer`,
		);
		expect(
			problems,
			!JSON.stringify(nodesOf(SANDBOX_IDS.rentalAgent)).includes(SERVER_NAME),
			"the SMS's servers were saved on the agent",
		);
		const sources = (sandbox.state.mcpCalls ?? []).filter((call) => call.answer === ORDER_1234);
		expect(
			problems,
			sources.some((call) => call.source === 'agent') &&
				sources.some((call) => call.source === 'interaction'),
			'the agent did not use the tool once from its nodes and once for the SMS',
		);
		return problems;
	},
};
