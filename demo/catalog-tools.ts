/**
 * Example 15, an agent tool served by a workflow: what it must achieve against the sandbox (its
 * own file, as demo/catalog.ts is long). Node names are the ones in the example's JSON.
 */
import { outputOf } from '../test/harness/engine';
import { expect, json, quote } from './checks';
import type { ExampleSpec } from './runner';

const TOOL_ANSWER = 'Answer from the workflow';

export const toolServedByWorkflow: ExampleSpec = {
	file: '15-agent-tool-served-by-a-workflow.json',
	servesWebhook: true,
	summarize(outcome, sandbox) {
		const [created] = json(outcome, 'Create the check_opening_hours tool');
		const [answer] = json(outcome, TOOL_ANSWER);
		const call = sandbox.interact.toolCalls[0];
		return [
			`tool ${created?.id} "${created?.name}" on ${created?.agentId} -> ${created?.serverUrl}`,
			`the sandbox called ${call?.method} ${call?.url}: HTTP ${call?.status}, ${outcome.webhook?.executions} webhook run(s)`,
			`agent replied ${quote(answer?.reply, 100)}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [created] = json(outcome, 'Create the check_opening_hours tool');
		const [answer] = json(outcome, TOOL_ANSWER);
		const productionUrl = outcome.webhook?.productionUrl;
		expect(problems, typeof created?.id === 'string' && created.serverUrl === productionUrl, `the tool does not point at the Production URL ${productionUrl} (${String(created?.serverUrl)})`);
		expect(problems, !('serverUrlSecret' in (created ?? {})), 'the tool output holds a server URL secret');
		const calls = sandbox.interact.toolCalls;
		expect(problems, calls.length === 1 && calls[0].url === productionUrl && calls[0].status === 200, `expected the sandbox to call ${productionUrl} once with HTTP 200, saw ${JSON.stringify(calls)}`);
		const [webhookRun] = outcome.webhookRuns ?? [];
		const served = webhookRun ? outputOf(webhookRun, 'Opening hours answer', 0, { ifNotRun: 'empty' }).map((item) => item.json.answer) : [];
		expect(problems, outcome.webhook?.executions === 1 && typeof served[0] === 'string', `expected one run of the webhook branch, got ${outcome.webhook?.executions}`);
		expect(problems, typeof answer?.reply === 'string' && answer.reply === served[0] && answer.toolCalled === true, `the agent's reply ${quote(answer?.reply)} is not the workflow's answer ${quote(served[0])}`);
		return problems;
	},
};
