/**
 * Example 15, an agent tool served by a workflow: what it must achieve against the sandbox (its
 * own file, as demo/catalog.ts is long). Node names are the ones in the example's JSON.
 */
import { outputOf, type NamedCredential } from '../test/harness/engine';
import { expect, json, quote } from './checks';
import type { ExampleSpec } from './example';

const TOOL_ANSWER = 'Answer from the workflow';

/**
 * The header the example's tool sends and its Webhook checks: one pair, held by two credentials of
 * the names the example references (Convocore Tool Header on Tool > Create, Header Auth on the
 * Webhook). Made-up values for the sandbox; a user picks their own.
 */
export const TOOL_HEADER = {
	name: 'X-Tool-Key',
	value: 'demo-tool-header-value-0123456789',
} as const;
export const TOOL_HEADER_CREDENTIALS: Record<string, NamedCredential> = {
	'Convocore tool header': {
		type: 'convocoreToolHeaderApi',
		data: { headerName: TOOL_HEADER.name, headerSecret: TOOL_HEADER.value },
	},
	'Convocore tool header (webhook)': {
		type: 'httpHeaderAuth',
		data: { name: TOOL_HEADER.name, value: TOOL_HEADER.value },
	},
};

export const toolServedByWorkflow: ExampleSpec = {
	file: '15-agent-tool-served-by-a-workflow.json',
	servesWebhook: true,
	summarize(outcome, sandbox) {
		const [created] = json(outcome, 'Create the check_opening_hours tool');
		const [answer] = json(outcome, TOOL_ANSWER);
		const call = sandbox.interact.toolCalls[0];
		return [
			`tool ${created?.id} "${created?.name}" on ${created?.agentId} -> ${created?.serverUrl}`,
			`the sandbox called ${call?.method} ${call?.url} with header ${call?.fixedHeaders?.join(', ') || '(none)'}: HTTP ${call?.status}, ${outcome.webhook?.executions} webhook run(s) past Header Auth`,
			`agent replied ${quote(answer?.reply, 100)}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [created] = json(outcome, 'Create the check_opening_hours tool');
		const [answer] = json(outcome, TOOL_ANSWER);
		const productionUrl = outcome.webhook?.productionUrl;
		expect(
			problems,
			typeof created?.id === 'string' && created.serverUrl === productionUrl,
			`the tool does not point at the Production URL ${productionUrl} (${String(created?.serverUrl)})`,
		);
		expect(
			problems,
			!('serverUrlSecret' in (created ?? {})),
			'the tool output holds a server URL secret',
		);
		expect(
			problems,
			!JSON.stringify(outcome.run.data.resultData.runData).includes(TOOL_HEADER.value),
			'the header value is in the run data',
		);
		const stored = Object.values(sandbox.state.tools ?? {}).find((tool) => tool.id === created?.id);
		const header = stored?.fields.find(
			(field) => field.in === 'header' && field.key === TOOL_HEADER.name,
		);
		expect(
			problems,
			header?.value === TOOL_HEADER.value,
			`the stored tool has no ${TOOL_HEADER.name} header field with the credential's value`,
		);
		expect(
			problems,
			sandbox.interact.toolCalls[0]?.fixedHeaders?.includes(TOOL_HEADER.name) === true,
			`the sandbox's call did not send ${TOOL_HEADER.name}`,
		);
		const calls = sandbox.interact.toolCalls;
		expect(
			problems,
			calls.length === 1 && calls[0].url === productionUrl && calls[0].status === 200,
			`expected the sandbox to call ${productionUrl} once with HTTP 200, saw ${JSON.stringify(calls)}`,
		);
		const [webhookRun] = outcome.webhookRuns ?? [];
		const served = webhookRun
			? outputOf(webhookRun, 'Opening hours answer', 0, { ifNotRun: 'empty' }).map(
					(item) => item.json.answer,
				)
			: [];
		expect(
			problems,
			outcome.webhook?.executions === 1 && typeof served[0] === 'string',
			`expected one run of the webhook branch, got ${outcome.webhook?.executions}`,
		);
		expect(
			problems,
			typeof answer?.reply === 'string' && answer.reply === served[0] && answer.toolCalled === true,
			`the agent's reply ${quote(answer?.reply)} is not the workflow's answer ${quote(served[0])}`,
		);
		return problems;
	},
};
