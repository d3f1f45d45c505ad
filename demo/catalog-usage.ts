/**
 * Example 16, the monthly usage report per organisation: what it must achieve against the sandbox
 * (its own file, as demo/catalog.ts is long). Node names are the ones in the example's JSON.
 */
import type { IBinaryData, IDataObject } from 'n8n-workflow';
import { SANDBOX_IDS, USAGE_CREDITS, usageIn, usageTotals, type Sandbox } from '../sandbox';
import { outputOf } from '../test/harness/engine';
import { expect } from './checks';
import type { ExampleOutcome, ExampleSpec } from './runner';

const TOTALS = ['conversations', 'agentTurns', 'smsSent', 'calls', 'callMinutes', 'credits'] as const;

const rowsOf = (outcome: ExampleOutcome): IDataObject[] => outputOf(outcome.run, 'Report rows', 0, { ifNotRun: 'empty' }).map((item) => item.json);

function csvOf(outcome: ExampleOutcome): { file?: IBinaryData; text: string } {
	const file = outputOf(outcome.run, 'CSV file', 0, { ifNotRun: 'empty' })[0]?.binary?.data as IBinaryData | undefined;
	return { file, text: file ? Buffer.from(file.data, 'base64').toString('utf8') : '' };
}

/**
 * What the sandbox's ledger holds, per organisation of the demo's workspace (EU White Label, whose
 * secret the example's credential holds), for its agents over the report's period.
 */
function ledgerPerOrganisation(sandbox: Sandbox, start: number, end: number): Map<string, Record<string, number>> {
	const inWorkspace = Object.values(sandbox.state.agents).filter((agent) => agent.orgId && agent.workspaceId === SANDBOX_IDS.euWorkspace);
	const agentOrg = new Map(inWorkspace.map((agent) => [agent.ID, agent.orgId as string]));
	const totals = new Map<string, Record<string, number>>();
	for (const orgId of new Set(agentOrg.values())) {
		const records = usageIn(sandbox.state.usage ?? [], { start, end }).filter((record) => agentOrg.get(record.agentId) === orgId);
		totals.set(orgId, { agents: [...agentOrg.values()].filter((org) => org === orgId).length, ...usageTotals(records) });
	}
	return totals;
}

export const monthlyUsageReport: ExampleSpec = {
	file: '16-monthly-usage-report-per-organisation.json',
	summarize(outcome) {
		const rows = rowsOf(outcome);
		const { file, text } = csvOf(outcome);
		return [
			`period ${rows[0]?.from} to ${rows[0]?.to}`,
			...rows.map((row) => `${row.organisation}: ${row.agents} agent(s), ${row.conversations} conversations, ${row.agentTurns} agent turns, ${row.smsSent} SMS, ${row.calls} calls (${row.callMinutes} min), ${row.credits} credits`),
			`${file?.fileName}: ${file?.mimeType}, ${text.trim().split('\n').length} lines (header and one row per organisation)`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const rows = rowsOf(outcome);
		const from = Date.parse(String(rows[0]?.from));
		const to = Date.parse(String(rows[0]?.to));
		// Last month in the workflow's time zone: a whole month that ended less than a month ago.
		const day = 86_400_000;
		expect(problems, to < Date.now() && Date.now() - to < 32 * day && to - from > 27 * day && to - from < 32 * day, `the period ${rows[0]?.from} to ${rows[0]?.to} is not last month`);
		const expected = ledgerPerOrganisation(sandbox, from, to);
		const withAgents = [...expected].filter(([, totals]) => totals.agents > 0);
		expect(problems, rows.length === withAgents.length && rows.length >= 2, `expected one row per organisation with agents (${withAgents.length}), got ${rows.length}`);
		for (const row of rows) {
			const ledger = expected.get(String(row.organisationId));
			const wanted = { agents: ledger?.agents, ...Object.fromEntries(TOTALS.map((field) => [field, ledger?.[field]])) };
			const got = { agents: row.agents, ...Object.fromEntries(TOTALS.map((field) => [field, row[field]])) };
			expect(problems, JSON.stringify(got) === JSON.stringify(wanted), `${row.organisation}: the report says ${JSON.stringify(got)}, the sandbox recorded ${JSON.stringify(wanted)}`);
		}
		expect(problems, rows.some((row) => Number(row.credits) > 0), 'no credits were reported for last month');
		// Independent of the ledger's own arithmetic: every seeded call lasts over a minute, and credits follow the price list.
		for (const row of rows) {
			const { agentTurns, smsSent, callMinutes, calls, credits } = row as Record<string, number>;
			expect(problems, callMinutes >= 2 * calls, `${row.organisation}: ${calls} calls of over a minute each billed ${callMinutes} minutes`);
			expect(problems, credits === agentTurns * USAGE_CREDITS.agentTurn + smsSent * USAGE_CREDITS.sms + callMinutes * USAGE_CREDITS.callMinute, `${row.organisation}: ${credits} credits do not follow the price list`);
		}
		const { file, text } = csvOf(outcome);
		const lines = text.trim().split('\n');
		expect(problems, file?.mimeType === 'text/csv' && /^usage-\d{4}-\d{2}\.csv$/.test(String(file?.fileName)), `the CSV file is ${file?.fileName} (${file?.mimeType})`);
		expect(problems, lines[0]?.includes('organisation') && lines[0].includes('credits') && lines.length === rows.length + 1, `the CSV holds ${lines.length} lines: ${lines[0]}`);
		return problems;
	},
};
