/**
 * Example 17: the Convocore Conversation Trigger (a polling trigger) -> Lead > Create -> SMS > Send
 * (Dry Run). Run the way n8n runs a published polling workflow: the activation poll in n8n-core's
 * PollContext (nothing emitted), then the sandbox's feed grows (three new conversations and a new
 * session on one of them), then a scheduled poll whose items start one execution of the whole
 * workflow in WorkflowExecute, then a poll that finds nothing new.
 */
import { randomUUID } from 'crypto';
import { ExecutionLifecycleHooks, PollContext } from 'n8n-core';
import type { INodeExecutionData, WorkflowActivateMode } from 'n8n-workflow';
import { type Sandbox } from '../sandbox';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { addSessions } from '../sandbox/domain/sessionFeed';
import type { FeedSession } from '../sandbox/domain/records';
import {
	additionalDataFor,
	executeWorkflow,
	newWorkflow,
	workflowEntity,
} from '../test/harness/engine';
import { expect, json } from './checks';
import type { Engine, WorkflowJson } from './engine';
import type { ExampleOutcome, ExampleSpec } from './example';

const TRIGGER = 'New conversation';
const LEAD = 'Save the lead';
const SMS = 'Follow-up SMS (dry run)';

/** What the polls of the last run emitted, for the checks. */
const polls: { emitted: number[]; added: FeedSession[] } = { emitted: [], added: [] };

async function runPolling(
	workflowJson: WorkflowJson,
	engine: Engine,
	sandbox: Sandbox,
): Promise<ExampleOutcome> {
	const workflow = newWorkflow(workflowJson, engine.nodeTypes, {
		id: `workflow-${randomUUID()}`,
		active: true,
		staticData: {},
	});
	const node = workflow.getNode(TRIGGER);
	if (!node) throw new Error(`"${workflowJson.name}" has no node named ${TRIGGER}`);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const poll = async (
		activation: WorkflowActivateMode,
	): Promise<INodeExecutionData[] | undefined> => {
		const hooks = new ExecutionLifecycleHooks(
			'trigger',
			`poll-${randomUUID()}`,
			workflowEntity(workflow),
		);
		let emitted: INodeExecutionData[] | undefined;
		const context = new PollContext(
			workflow,
			node,
			additionalDataFor(engine.credentialsHelper, hooks),
			'trigger',
			activation,
			(data) => (emitted = data[0]),
			(error) => {
				throw error;
			},
		);
		const result = await nodeType.poll!.call(context);
		if (result !== null) context.__emit(result);
		return emitted;
	};

	polls.emitted = [];
	polls.emitted.push((await poll('activate'))?.length ?? 0);
	polls.added = addSessions(sandbox.state, {
		count: 3,
		agentId: SANDBOX_IDS.ownAccountAgent,
		origin: 'web-chat',
	});
	// A second session on a known conversation: not a new conversation, so no run for it.
	addSessions(sandbox.state, { convoId: polls.added[0].convoId });
	const items = await poll('activate');
	polls.emitted.push(items?.length ?? 0);
	polls.emitted.push((await poll('activate'))?.length ?? 0);
	if (!items) throw new Error('the poll after the new conversations emitted nothing');
	const run = await executeWorkflow(
		newWorkflow(workflowJson, engine.nodeTypes, {
			id: workflow.id,
			active: true,
			staticData: workflow.staticData,
		}),
		{
			mode: 'trigger',
			startNode: TRIGGER,
			input: [items],
			credentialsHelper: engine.credentialsHelper,
			executionId: `demo-poll-${randomUUID()}`,
		},
	);
	return { workflow: workflowJson, run };
}

export const newConversationFollowUp: ExampleSpec = {
	file: '17-new-conversation-follow-up.json',
	run: runPolling,
	summarize(outcome) {
		const sms = json(outcome, SMS);
		return [
			`polls emitted ${polls.emitted.join(', ')} item(s): activation, after 3 new conversations and a new session on one of them, then nothing new`,
			...json(outcome, LEAD).map(
				(lead, i) =>
					`lead ${String(lead.name ?? lead.id)} saved; SMS to ${String(sms[i]?.to)} checked, not sent (${String(sms[i]?.status)})`,
			),
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const emitted = json(outcome, TRIGGER);
		expect(
			problems,
			polls.emitted.join(',') === '0,3,0',
			`the polls emitted ${polls.emitted.join(', ')} items, expected 0, 3, 0`,
		);
		expect(
			problems,
			emitted.map((item) => item.convoId).join() ===
				polls.added.map((session) => session.convoId).join(),
			'the trigger did not emit the three new conversations, oldest first',
		);
		const names = new Set(polls.added.map((session) => session.userName));
		const leads = Object.values(sandbox.state.leads).filter((lead) => names.has(lead.name ?? ''));
		expect(problems, leads.length === 3, `expected 3 leads saved, found ${leads.length}`);
		const sms = json(outcome, SMS);
		expect(
			problems,
			sms.length === 3 && sms.every((entry) => entry.status === 'dry_run'),
			'expected 3 dry-run SMS checks',
		);
		const phones = new Set(polls.added.map((session) => session.userPhone));
		expect(
			problems,
			!sandbox.sentSms.some((entry) => phones.has(entry.to)),
			'a follow-up SMS was sent despite Dry Run',
		);
		return problems;
	},
};
