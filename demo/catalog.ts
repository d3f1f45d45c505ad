/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- demo code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * The example workflows, in the order the demo runs them, with what each must achieve against the
 * sandbox and the facts the report shows. Node names are the ones in examples/*.json.
 */
import type { IBinaryData, IDataObject } from 'n8n-workflow';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { secretStringsOf } from '../sandbox/seed/crm';
import { weeklyMetricReport } from './catalog-metrics';
import { newConversationFollowUp } from './catalog-poll';
import { triggerRegistersItself } from './catalog-register';
import { monthlyUsageReport } from './catalog-usage';
import { answerCheck, handOver, leadsToCampaign, twoTurns } from './catalog-conversations';
import { toolServedByWorkflow } from './catalog-tools';
import { agentUsesN8nToolsOverMcp } from './catalog-mcp';
import { expect, json, output, quote } from './checks';
import type { ExampleSpec } from './example';

const LEAD_SMS = 'Agent writes and sends the SMS';

const leadFollowUp: ExampleSpec = {
	file: '01-lead-captured-sms-follow-up.json',
	deliveries: [
		{ label: 'lead_captured', type: 'lead_captured', expectStatus: 200, expectRun: true },
		{
			label: 'webhook_test (not subscribed)',
			type: 'webhook_test',
			expectStatus: 200,
			expectRun: false,
		},
		{
			label: 'lead_captured with a wrong workspace secret',
			type: 'lead_captured',
			workspaceSecret: 'vg_NotTheWorkspaceKey1',
			expectStatus: 401,
			expectRun: false,
		},
	],
	summarize(outcome) {
		const [sms] = json(outcome, LEAD_SMS);
		const lead = json(outcome, 'Lead details')[0] ?? {};
		const preview = (sms?.messagesPreview as string[] | undefined)?.[0];
		return [
			`lead ${lead.name} <${lead.email}> ${lead.phone}, captured by ${lead.agentId} via ${lead.channel}`,
			`SMS ${sms?.messageSid} to ${sms?.to} from ${sms?.from} (mode ${sms?.mode}, ${sms?.senderMode})`,
			`agent wrote ${quote(preview, 110)} (the sandbox's stand-in for the agent's language model)`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [sms] = json(outcome, LEAD_SMS);
		expect(
			problems,
			outcome.webhook?.executions === 1,
			`expected exactly 1 execution, got ${outcome.webhook?.executions}`,
		);
		expect(
			problems,
			typeof sms?.messageSid === 'string' && sms.mode === 'agent',
			'no agent-written SMS was sent',
		);
		const sent = sandbox.sentSms.filter((entry) => entry.messageSid === sms?.messageSid);
		expect(
			problems,
			sent.length === 1 && sent[0].to === sms?.to,
			'the sandbox did not record the SMS',
		);
		return problems;
	},
};

const campaign: ExampleSpec = {
	file: '02-sms-campaign-dry-run-then-send.json',
	summarize(outcome) {
		const dry = json(outcome, 'Dry run');
		const skipped = json(outcome, 'Skipped: a human is replying');
		const sent = json(outcome, 'Send');
		return [
			`dry run: ${dry.length} recipients checked, nothing sent (${dry.filter((r) => r.status === 'dry_run').length} ready, ${dry.filter((r) => r.skipped).length} in human handoff)`,
			...sent.map((r) => `sent ${r.messageSid} to ${r.to} (campaign ${r.campaignId})`),
			...skipped.map((r) => `skipped ${r.to}: ${r.reason}`),
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const dry = json(outcome, 'Dry run');
		const skipped = json(outcome, 'Skipped: a human is replying');
		const sent = json(outcome, 'Send');
		expect(
			problems,
			dry.length === 3 && dry.every((r) => r.dryRun === true),
			'the dry run did not check 3 recipients',
		);
		// Node version 6: Dry Run's one shape, the request sent to Convocore before its plan.
		expect(
			problems,
			dry.every((r) => {
				const requests = r.requests as Array<{ method?: string; url?: string }> | undefined;
				return (
					requests?.length === 1 &&
					requests[0].method === 'POST' &&
					/\/sms$/.test(`${requests[0].url}`)
				);
			}),
			"the dry run did not show its request in Dry Run's one shape (requests)",
		);
		expect(
			problems,
			skipped.length === 1 && skipped[0].to === SANDBOX_IDS.humanHandoffRecipient,
			'the human-handoff conversation was not skipped',
		);
		expect(
			problems,
			sent.length === 2 && sent.every((r) => typeof r.messageSid === 'string'),
			'expected 2 SMS sent',
		);
		const recorded = sandbox.sentSms.filter((entry) => entry.campaignId === 'spring-checkup-2026');
		expect(
			problems,
			recorded.length === 2,
			`the sandbox recorded ${recorded.length} campaign SMS, expected 2`,
		);
		expect(
			problems,
			!recorded.some((entry) => entry.to === SANDBOX_IDS.humanHandoffRecipient),
			'an SMS went to the human-handoff conversation',
		);
		return problems;
	},
};

const voices: ExampleSpec = {
	file: '03-find-voices-and-download-preview.json',
	summarize(outcome) {
		const found = json(outcome, 'Search voices');
		const [item] = output(outcome, 'Download the preview');
		const preview = item?.binary?.preview as IBinaryData | undefined;
		const bytes = preview ? Buffer.from(preview.data, 'base64').length : 0;
		const filters = (v: IDataObject) => v.filters as IDataObject;
		return [
			`found ${found.length} voices: ${found.map((v) => `${v.name} (${v.provider}, ${filters(v).language}, ${filters(v).gender})`).join('; ')}`,
			`preview of ${item?.json.name}: ${preview?.fileName}, ${preview?.mimeType}, ${bytes} bytes in binary field "preview"`,
		];
	},
	verify(outcome) {
		const problems: string[] = [];
		const found = json(outcome, 'Search voices');
		expect(problems, found.length > 0, 'no voice found');
		expect(
			problems,
			found.every(
				(v) => v.provider === 'elevenlabs' && (v.filters as IDataObject).gender === 'female',
			),
			'a voice outside the filters was returned',
		);
		const preview = output(outcome, 'Download the preview')[0]?.binary?.preview;
		const bytes = preview ? Buffer.from(preview.data, 'base64') : Buffer.alloc(0);
		// An MP3 frame starts with 11 set sync bits.
		expect(
			problems,
			bytes.length > 0 &&
				bytes[0] === 0xff &&
				(bytes[1] & 0xe0) === 0xe0 &&
				preview?.mimeType === 'audio/mpeg',
			'the preview is not an MP3',
		);
		return problems;
	},
};

const buyAndAssign: ExampleSpec = {
	file: '04-buy-number-and-assign-to-agent.json',
	summarize(outcome) {
		const [bought] = json(outcome, 'Buy the number');
		const [assigned] = json(outcome, 'Assign it to the agent for SMS');
		const [check] = json(outcome, 'Check: dry-run SMS from the new number');
		return [
			`bought ${bought?.phoneNumber} (${bought?.phoneNumberSid}): ${quote(bought?.message, 160)}`,
			`assigned for SMS: ${quote(assigned?.message, 90)}`,
			`dry run: ${check?.agentId} would text ${check?.to} from ${check?.from} (${check?.senderMode}), nothing sent`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [bought] = json(outcome, 'Buy the number');
		const [check] = json(outcome, 'Check: dry-run SMS from the new number');
		const number = SANDBOX_IDS.buyableNumber;
		expect(
			problems,
			bought?.phoneNumber === number && typeof bought.phoneNumberSid === 'string',
			`${number} was not bought`,
		);
		expect(
			problems,
			sandbox.state.agents[SANDBOX_IDS.noSmsAgent]?.smsNumbers.includes(number),
			`${number} is not connected to ${SANDBOX_IDS.noSmsAgent} for SMS`,
		);
		expect(
			problems,
			check?.dryRun === true && check.from === number,
			'the dry run did not send from the new number',
		);
		return problems;
	},
};

const release: ExampleSpec = {
	file: '05-release-number.json',
	summarize(outcome) {
		const [released] = json(outcome, 'Release the number');
		const detached = (released?.detachedFromAgents as string[] | undefined) ?? [];
		return [
			`released ${released?.phoneNumber} (${released?.phoneNumberSid}): ${quote(released?.message, 90)}`,
			`detached from ${detached.length ? detached.join(', ') : 'no agent'}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [released] = json(outcome, 'Release the number');
		const number = SANDBOX_IDS.buyableNumber;
		expect(
			problems,
			released?.success === true && released.phoneNumber === number,
			`${number} was not released`,
		);
		expect(problems, !sandbox.state.numbers[number], `${number} is still in the workspace`);
		return problems;
	},
};

const metrics: ExampleSpec = {
	file: '06-list-custom-metrics.json',
	summarize(outcome) {
		const rows = json(outcome, 'Key, type and description');
		const builtIn = rows.filter((r) => r.builtIn === true);
		const custom = rows.filter((r) => r.builtIn !== true);
		return [
			`${rows.length} metrics of ${SANDBOX_IDS.ownAccountAgent}: ${builtIn.length} built-in, ${custom.length} custom`,
			`custom: ${custom.map((r) => `${r.key} (${r.type}${r.allowedValues ? `: ${r.allowedValues}` : ''})`).join(', ')}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const rows = json(outcome, 'Key, type and description');
		const expected = sandbox.state.metrics[SANDBOX_IDS.ownAccountAgent]?.length ?? 0;
		expect(
			problems,
			rows.length === expected && expected > 0,
			`listed ${rows.length} metrics, the agent has ${expected}`,
		);
		expect(
			problems,
			new Set(rows.map((r) => r.key)).size === rows.length,
			'a metric was listed twice',
		);
		return problems;
	},
};

const crawler: ExampleSpec = {
	file: '07-delete-stale-crawler-job.json',
	summarize(outcome) {
		const [deleted] = json(outcome, 'Delete the crawler job');
		return [`deleted ${deleted?.jobId} in ${deleted?.workspaceId}: ${quote(deleted?.message, 90)}`];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [deleted] = json(outcome, 'Delete the crawler job');
		const jobId = SANDBOX_IDS.crawlerJobBlog;
		expect(
			problems,
			deleted?.success === true && deleted.jobId === jobId,
			`${jobId} was not deleted`,
		);
		expect(problems, !sandbox.state.crawlerJobs[jobId], `${jobId} still exists`);
		expect(
			problems,
			!sandbox.state.scrapedPages.some((page) => page.jobId === jobId),
			`pages of ${jobId} are left`,
		);
		return problems;
	},
};

const CALL_SUMMARY = 'Summary for the CRM';

const callLead: ExampleSpec = {
	file: '08-call-lead-and-read-summary.json',
	summarize(outcome) {
		const [lead] = json(outcome, 'Save the lead');
		const [call] = json(outcome, 'Call the lead');
		const [summary] = json(outcome, CALL_SUMMARY);
		return [
			`lead ${lead?.id}: ${lead?.name} ${lead?.phone}`,
			`call: ${quote(call?.message, 90)}, listen at ${call?.listenUrl}`,
			`conversation ${summary?.conversationId} (${summary?.durationSeconds} s): ${quote(summary?.summary, 110)}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [lead] = json(outcome, 'Save the lead');
		const [summary] = json(outcome, CALL_SUMMARY);
		expect(
			problems,
			typeof lead?.id === 'string' && !!sandbox.state.leads[lead.id as string],
			'the lead was not saved',
		);
		expect(
			problems,
			sandbox.placedCalls.length === 1 && sandbox.placedCalls[0].to === '+4917655544433',
			`expected one call to +4917655544433, got ${sandbox.placedCalls.length}`,
		);
		expect(
			problems,
			typeof summary?.summary === 'string' && summary.summary.includes('Sam Patel'),
			'no summary was read back',
		);
		expect(problems, summary?.leadId === lead?.id, 'the summary is not linked to the lead');
		return problems;
	},
};

const CLIENT = 'Client details';
const CLONE = 'Clone the template agent';
const FAQ = 'Add the FAQ to its knowledge base';
const ONBOARDED = 'Onboarding summary';

const onboardClient: ExampleSpec = {
	file: '10-onboard-client-from-template-agent.json',
	summarize(outcome) {
		const [client] = json(outcome, CLIENT);
		const [agent] = json(outcome, CLONE);
		const [document] = json(outcome, FAQ);
		return [
			`cloned ${client?.templateAgentId} as ${agent?.ID} "${agent?.title}": model ${agent?.vg_defaultModel} at temperature ${agent?.vg_temperature}, theme ${agent?.theme}, SMS number ${agent?.twilioSmsPhoneNumber}`,
			`introduction (${agent?.enableAIIntroductionMessage ? 'on' : 'off'}): ${quote(agent?.aiIntroductionMessage, 90)}`,
			`FAQ document ${document?.ID} "${document?.name}" on ${document?.agentId}: ${String(document?.content ?? '').length} characters, tags ${(document?.tags as string[] | undefined)?.join(', ')}`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [client] = json(outcome, CLIENT);
		const [agent] = json(outcome, CLONE);
		const copies = Object.values(sandbox.state.agents).filter(
			(candidate) => candidate.title === client?.agentName,
		);
		expect(
			problems,
			copies.length === 1,
			`expected exactly one agent "${client?.agentName}", the sandbox has ${copies.length}`,
		);
		const copy = copies[0];
		const template = sandbox.state.agents[String(client?.templateAgentId)];
		expect(
			problems,
			!!template && copy?.ID === agent?.ID && copy.ID !== template.ID,
			'the clone output does not name a new agent',
		);
		// The model and temperature come from the Clone node's Model group (typed fields).
		const wanted = {
			vg_defaultModel: 'gpt-4.1-mini-2025-04-14',
			vg_temperature: 0.3,
			theme: client?.theme,
			aiIntroductionMessage: client?.introMessage,
			enableAIIntroductionMessage: true,
			twilioSmsPhoneNumber: client?.smsNumber,
		};
		for (const [field, value] of Object.entries(wanted)) {
			expect(
				problems,
				copy?.fields?.[field] === value,
				`the new agent's ${field} is ${JSON.stringify(copy?.fields?.[field])}, expected ${JSON.stringify(value)}`,
			);
		}
		const documents = Object.values(sandbox.state.knowledgeDocs).filter(
			(document) => document.agentId === copy?.ID,
		);
		expect(
			problems,
			documents.length === 1 &&
				documents[0].sourceType === 'doc' &&
				documents[0].content === client?.faq,
			`expected the FAQ text as the new agent's one document, found ${documents.length}`,
		);
		const [summary] = json(outcome, ONBOARDED);
		expect(
			problems,
			!!copy && summary?.agentId === copy.ID && summary.faqDocumentId === documents[0]?.ID,
			'the summary does not name the new agent and its FAQ document',
		);
		// The copy carries the template's secret fields; no node's output may show them.
		const secrets = secretStringsOf(template?.secretFields);
		const shown = JSON.stringify([CLONE, FAQ, ONBOARDED].map((node) => json(outcome, node)));
		expect(
			problems,
			secrets.length > 0 && !secrets.some((secret) => shown.includes(secret)),
			"a secret of the template agent is in the workflow's output",
		);
		return problems;
	},
};

/** In run order: release (05) gives up the number bought in 04. */
const knowledgeCrawl: ExampleSpec = {
	file: '09-keep-agent-knowledge-current.json',
	summarize(outcome) {
		const [job] = json(outcome, 'Crawl the help center');
		const pages = json(outcome, 'What was added');
		return [
			`crawler job ${job?.id} ${job?.status} after waiting: ${quote(job?.message)} into ${(job?.toAgentIds as string[] | undefined)?.join(', ')}`,
			...pages.map(
				(page) =>
					`added ${page.url}: ${quote(page.title)} (${page.mdCharCount} characters of markdown)`,
			),
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [job] = json(outcome, 'Crawl the help center');
		const pages = json(outcome, 'What was added');
		expect(
			problems,
			job?.status === 'completed' && job.done === true,
			`the job did not complete (status ${job?.status})`,
		);
		expect(problems, pages.length === 4, `expected the 4 help pages, got ${pages.length}`);
		expect(
			problems,
			pages.every((page) => String(page.url).startsWith('https://acme-dental.example/help')),
			'a page outside the help center was crawled',
		);
		const documents = Object.values(sandbox.state.knowledgeDocs).filter(
			(document) => document.crawlerJobId === job?.id,
		);
		expect(
			problems,
			documents.length === pages.length &&
				documents.every((document) => document.agentId === SANDBOX_IDS.ownAccountAgent),
			"the pages are not all in the agent's knowledge base",
		);
		return problems;
	},
};

export const EXAMPLES: ExampleSpec[] = [
	leadFollowUp,
	campaign,
	voices,
	buyAndAssign,
	release,
	metrics,
	crawler,
	callLead,
	knowledgeCrawl,
	onboardClient,
	answerCheck,
	twoTurns,
	leadsToCampaign,
	handOver,
	toolServedByWorkflow,
	monthlyUsageReport,
	newConversationFollowUp,
	weeklyMetricReport,
	triggerRegistersItself,
	agentUsesN8nToolsOverMcp,
];
