/**
 * Example 19: the Convocore Trigger (node version 2) with Register on Agents -> SMS > Send (Dry
 * Run). Run the way n8n runs a published webhook workflow: activation points the agent's
 * webhookUrl at the Production URL of a real listener, a lead captured through the sandbox's API
 * makes the sandbox post `lead_captured` to that URL (the agent's events go to its webhookUrl:
 * our reading, docs/trigger.md), one execution runs, and deactivation puts back what the agent had.
 */
import { type Sandbox } from '../sandbox';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { expect, json } from './checks';
import { serveWorkflow, type Engine, type WorkflowJson } from './engine';
import type { ExampleOutcome, ExampleSpec } from './example';

const AGENT = SANDBOX_IDS.ownAccountAgent;
const SMS = 'Welcome SMS (dry run)';
const LEAD = { name: 'Jordan Lee', email: 'jordan.lee@example.com', phone: '+4917655566677' };

/** The agent's webhookUrl around the last run, and where the sandbox posted its events. */
const seen = { before: '', registered: '', after: '', deliveredTo: [] as string[], smsSent: 0 };

function agentWebhookUrl(sandbox: Sandbox): string {
	const url = sandbox.state.agents[AGENT]?.fields?.webhookUrl;
	return typeof url === 'string' ? url : '';
}

/** A lead captured by the agent, through the API as any client would. */
async function captureLead(sandbox: Sandbox): Promise<void> {
	const response = await fetch(`${sandbox.baseUrl('eu')}/leads`, {
		method: 'POST',
		headers: {
			authorization: `Bearer ${sandbox.keys.euWhiteLabel}`,
			'content-type': 'application/json',
		},
		body: JSON.stringify({ lead: { agentId: AGENT, ...LEAD } }),
	});
	if (!response.ok) throw new Error(`POST /leads answered ${response.status}`);
}

async function runRegistering(
	workflow: WorkflowJson,
	engine: Engine,
	sandbox: Sandbox,
): Promise<ExampleOutcome> {
	const server = await serveWorkflow(workflow, engine);
	const deliveredBefore = sandbox.delivered.length;
	const sentBefore = sandbox.sentSms.length;
	seen.before = agentWebhookUrl(sandbox);
	let active = false;
	try {
		await server.harness.activate();
		active = true;
		seen.registered = agentWebhookUrl(sandbox);
		await captureLead(sandbox);
		await sandbox.settleEvents();
		const runs = await Promise.all(server.executions);
		if (!runs.length) throw new Error('the lead_captured event started no run');
		return {
			workflow,
			run: runs[0],
			webhook: { productionUrl: server.url, deliveries: [], executions: runs.length },
		};
	} finally {
		await Promise.allSettled(server.executions);
		if (active) await server.harness.deactivate();
		seen.after = agentWebhookUrl(sandbox);
		seen.deliveredTo = sandbox.delivered.slice(deliveredBefore).map((event) => event.url);
		seen.smsSent = sandbox.sentSms.length - sentBefore;
		await server.close();
	}
}

const shown = (url: string) => url || '(none)';

export const triggerRegistersItself: ExampleSpec = {
	file: '19-trigger-registers-itself-on-agents.json',
	run: runRegistering,
	summarize(outcome) {
		const [sms] = json(outcome, SMS);
		return [
			`activation set ${AGENT}'s webhookUrl from ${shown(seen.before)} to the Production URL ${seen.registered}`,
			`a lead captured through the API: the sandbox posted lead_captured there ${seen.deliveredTo.length} time(s), ${outcome.webhook?.executions} execution(s)`,
			`SMS to ${String(sms?.to)} checked, not sent (${String(sms?.status)})`,
			`deactivation put back ${shown(seen.after)}`,
		];
	},
	verify(outcome) {
		const problems: string[] = [];
		const url = outcome.webhook?.productionUrl;
		expect(
			problems,
			seen.registered === url,
			`the agent pointed at ${seen.registered}, not ${url}`,
		);
		expect(
			problems,
			seen.deliveredTo.length === 1 && seen.deliveredTo[0] === url,
			`the sandbox posted to ${seen.deliveredTo.join(', ') || 'nothing'}, expected the Production URL once`,
		);
		expect(
			problems,
			outcome.webhook?.executions === 1,
			`expected 1 execution, got ${outcome.webhook?.executions}`,
		);
		expect(
			problems,
			seen.after === seen.before,
			`deactivation left ${shown(seen.after)}, expected ${shown(seen.before)}`,
		);
		const [sms] = json(outcome, SMS);
		expect(
			problems,
			sms?.status === 'dry_run' && sms.to === LEAD.phone,
			'no dry-run SMS to the lead',
		);
		expect(problems, seen.smsSent === 0, 'an SMS was sent despite Dry Run');
		return problems;
	},
};
