/**
 * Examples 11 to 14, the agent in conversation and at work on leads: what each must achieve against
 * the sandbox (their own file, as demo/catalog.ts is long). Node names are the ones in the
 * examples' JSON.
 */
import type { IDataObject } from 'n8n-workflow';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { expect, json, quote } from './checks';
import type { ExampleSpec } from './example';

const ASK = 'Ask the agent';
const JUDGE = 'Judge the answer';

export const answerCheck: ExampleSpec = {
	file: '11-check-agent-answers-after-a-change.json',
	summarize(outcome) {
		const judged = json(outcome, JUDGE);
		return judged.map(
			(check) =>
				`${check.passed ? 'passed ' : 'FLAGGED'} ${quote(check.question, 40)} → ${quote(check.reply, 70)}${check.passed ? '' : ` (missing: ${(check.missing as string[]).join(', ')})`}`,
		);
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const asked = json(outcome, ASK);
		const flagged = json(outcome, 'Flagged: wrong answer');
		const passed = json(outcome, 'Passed');
		expect(
			problems,
			asked.length === 4 &&
				asked.every((answer) => typeof answer.reply === 'string' && answer.reply !== ''),
			'not every question was answered',
		);
		expect(problems, passed.length === 3, `expected 3 answers as expected, got ${passed.length}`);
		expect(
			problems,
			flagged.length === 1 && flagged[0].question === 'Do you offer teeth whitening?',
			'the unanswerable question was not flagged',
		);
		const turns = sandbox.interact.turns;
		expect(
			problems,
			turns.length === 4 &&
				turns.every(
					(turn) => turn.interact.isTest === true && turn.interact.disableRecordHistory === true,
				),
			'the questions were not sent as unrecorded test turns',
		);
		expect(
			problems,
			new Set(turns.map((turn) => turn.convoId)).size === 4,
			'the questions did not each start a new conversation',
		);
		return problems;
	},
};

const FIRST = 'First turn';
const FOLLOW_UP = 'Follow-up in the same conversation';

export const twoTurns: ExampleSpec = {
	file: '12-two-turn-conversation-with-an-agent.json',
	summarize(outcome) {
		const [first] = json(outcome, FIRST);
		const [summary] = json(outcome, 'Conversation');
		return [
			`conversation ${summary?.conversationId}: ${summary?.turnsSoFar} turns after the follow-up`,
			`first answer ${quote(summary?.firstAnswer, 90)} (${first?.inputTokens} + ${first?.outputTokens} tokens, ${first?.model})`,
			`second answer ${quote(summary?.secondAnswer, 90)}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [first] = json(outcome, FIRST);
		const [second] = json(outcome, FOLLOW_UP);
		const turns = sandbox.interact.turns.filter(
			(turn) => turn.convoId === 'jana.weber@example.com',
		);
		expect(
			problems,
			turns.length === 2,
			`expected 2 turns in the conversation, the sandbox saw ${turns.length}`,
		);
		expect(
			problems,
			first?.conversationId === second?.conversationId &&
				second?.conversationId === 'jana.weber@example.com',
			'the follow-up did not keep the conversation ID',
		);
		expect(
			problems,
			Array.isArray(second?.turns) && (second.turns as unknown[]).length === 4,
			'the follow-up does not see the first turn',
		);
		expect(
			problems,
			typeof second?.reply === 'string' && second.reply.includes('60 EUR'),
			'the follow-up was not answered from the knowledge base',
		);
		return problems;
	},
};

const IMPORT = 'Import the leads into the group';
const PROGRESS = 'Campaign progress';

export const leadsToCampaign: ExampleSpec = {
	file: '13-leads-csv-to-group-and-campaign.json',
	summarize(outcome) {
		const imported = json(outcome, IMPORT);
		const [started] = json(outcome, 'Start the campaign');
		const [progress] = json(outcome, PROGRESS);
		const counters = (progress?.progress ?? {}) as IDataObject;
		return [
			`${imported.length} leads from the CSV imported in ${new Set(imported.map((lead) => lead.batch)).size} batch(es) into group ${imported[0]?.groupName}`,
			`campaign ${started?.campaignId} "${(progress as IDataObject | undefined)?.name}": ${started?.action}`,
			`progress right after the start: ${counters.contacted} contacted, ${counters.successful} successful, ${counters.ongoing} ongoing, ${counters.missed} missed of ${counters.total}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const imported = json(outcome, IMPORT);
		const [started] = json(outcome, 'Start the campaign');
		const [progress] = json(outcome, PROGRESS);
		const counters = (progress?.progress ?? {}) as IDataObject;
		expect(
			problems,
			imported.length === 5 &&
				imported.every(
					(lead) => lead.imported === true && lead.groupName === 'webinar-leads-2026-11',
				),
			`expected the CSV's 5 leads imported into the group, got ${imported.length}`,
		);
		// The published answers give no lead IDs: an item's ID, where there is one, must be a stored lead's, never made up.
		expect(
			problems,
			imported.every(
				(lead) =>
					lead.id === undefined ||
					(typeof lead.id === 'string' && sandbox.state.leads[lead.id] !== undefined),
			),
			'an imported item carries a lead ID the sandbox never gave',
		);
		const group = Object.values(sandbox.state.leads).filter(
			(lead) => lead.groupName === 'webinar-leads-2026-11',
		);
		const emails = group
			.map((lead) => (lead as unknown as { userEmail?: string }).userEmail)
			.sort();
		expect(
			problems,
			group.length === 5 &&
				emails.join(',') ===
					'ann.becker@example.com,ben.okoro@example.com,cara.lund@example.com,dev.patel@example.com,ela.novak@example.com',
			`the lead group holds ${group.length} leads (${emails.join(', ')}), expected the CSV's 5`,
		);
		expect(
			problems,
			started?.action === 'started',
			`the campaign was not started (${started?.action})`,
		);
		expect(
			problems,
			counters.total === 5 && Number(counters.contacted) >= 1,
			`the campaign made no progress (${JSON.stringify(counters)})`,
		);
		const calls = Object.values(sandbox.state.conversations).filter(
			(convo) => convo.campaignId === started?.campaignId,
		);
		expect(problems, calls.length >= 1, 'the campaign placed no call');
		return problems;
	},
};

const HAND_OVER = 'Hand-over';

export const handOver: ExampleSpec = {
	file: '14-customer-asks-for-a-person-hand-over.json',
	summarize(outcome) {
		const [result] = json(outcome, HAND_OVER);
		return [
			`conversation ${result?.convoId} with ${result?.customer}: tagged ${(result?.tags as string[] | undefined)?.join(', ')}, assigned to ${result?.assignedTo}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [result] = json(outcome, HAND_OVER);
		const convo =
			sandbox.state.conversations[
				`${SANDBOX_IDS.ownAccountAgent}:${SANDBOX_IDS.aiChattingConvoId}`
			];
		expect(
			problems,
			result?.assignedTo === 'user-support-lead',
			'the conversation was not assigned to the support lead',
		);
		expect(
			problems,
			convo?.state === 'human-chatting' && convo.changes?.chatAssignedTo === 'user-support-lead',
			`the sandbox conversation is ${convo?.state}, assigned to ${String(convo?.changes?.chatAssignedTo)}`,
		);
		expect(
			problems,
			Array.isArray(convo?.changes?.tags) &&
				(convo.changes.tags as string[]).includes('wants-human'),
			'the conversation was not tagged wants-human',
		);
		return problems;
	},
};
