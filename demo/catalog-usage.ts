/**
 * Example 16, the monthly usage report per organisation: what it must achieve against the sandbox
 * (its own file, as demo/catalog.ts is long). Node names are the ones in the example's JSON. The
 * report adds up `creditsConsumed`, the figure Convocore documents in an agent's usage: the node
 * outputs it under both readings of the answer (the sandbox's strict mode answers 0.2.0's
 * `{ totals }`, its published mode `{ creditsConsumed, metrics }`), so the example passes in both.
 */
import type { IBinaryData, IDataObject } from 'n8n-workflow';
import { type Sandbox } from '../sandbox';
import { creditsOf, usageIn, usageTotals } from '../sandbox/domain/usage';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { outputOf } from '../test/harness/engine';
import { expect } from './checks';
import type { ExampleOutcome, ExampleSpec } from './example';

const rowsOf = (outcome: ExampleOutcome): IDataObject[] =>
	outputOf(outcome.run, 'Report rows', 0, { ifNotRun: 'empty' }).map((item) => item.json);

function csvOf(outcome: ExampleOutcome): { file?: IBinaryData; text: string } {
	const file = outputOf(outcome.run, 'CSV file', 0, { ifNotRun: 'empty' })[0]?.binary?.data as
		| IBinaryData
		| undefined;
	return { file, text: file ? Buffer.from(file.data, 'base64').toString('utf8') : '' };
}

/**
 * What the sandbox's ledger holds, per organisation of the demo's workspace (EU White Label, whose
 * secret the example's credential holds), for its agents over the report's period: the number of
 * agents, the credits by the ledger's totals and, independently, record by record.
 */
function ledgerPerOrganisation(
	sandbox: Sandbox,
	start: number,
	end: number,
): Map<string, { agents: number; credits: number; creditsByRecord: number }> {
	const inWorkspace = Object.values(sandbox.state.agents).filter(
		(agent) => agent.orgId && agent.workspaceId === SANDBOX_IDS.euWorkspace,
	);
	const agentOrg = new Map(inWorkspace.map((agent) => [agent.ID, agent.orgId as string]));
	const totals = new Map<string, { agents: number; credits: number; creditsByRecord: number }>();
	for (const orgId of new Set(agentOrg.values())) {
		const records = usageIn(sandbox.state.usage ?? [], { start, end }).filter(
			(record) => agentOrg.get(record.agentId) === orgId,
		);
		totals.set(orgId, {
			agents: [...agentOrg.values()].filter((org) => org === orgId).length,
			credits: usageTotals(records).credits,
			creditsByRecord: records.reduce((sum, record) => sum + creditsOf(record), 0),
		});
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
			...rows.map(
				(row) =>
					`${row.organisation}: ${row.agents} agent(s), ${row.creditsConsumed} credits consumed`,
			),
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
		expect(
			problems,
			to < Date.now() && Date.now() - to < 32 * day && to - from > 27 * day && to - from < 32 * day,
			`the period ${rows[0]?.from} to ${rows[0]?.to} is not last month`,
		);
		const expected = ledgerPerOrganisation(sandbox, from, to);
		const withAgents = [...expected].filter(([, totals]) => totals.agents > 0);
		expect(
			problems,
			rows.length === withAgents.length && rows.length >= 2,
			`expected one row per organisation with agents (${withAgents.length}), got ${rows.length}`,
		);
		for (const row of rows) {
			const ledger = expected.get(String(row.organisationId));
			const got = { agents: row.agents, creditsConsumed: row.creditsConsumed };
			const wanted = { agents: ledger?.agents, creditsConsumed: ledger?.credits };
			expect(
				problems,
				JSON.stringify(got) === JSON.stringify(wanted),
				`${row.organisation}: the report says ${JSON.stringify(got)}, the sandbox recorded ${JSON.stringify(wanted)}`,
			);
			// Independent of the ledger's own totals: the credits of each record, by the price list.
			expect(
				problems,
				row.creditsConsumed === ledger?.creditsByRecord,
				`${row.organisation}: ${row.creditsConsumed} credits consumed, the records cost ${ledger?.creditsByRecord}`,
			);
		}
		expect(
			problems,
			rows.some((row) => Number(row.creditsConsumed) > 0),
			'no credits were reported for last month',
		);
		const { file, text } = csvOf(outcome);
		const lines = text.trim().split('\n');
		expect(
			problems,
			file?.mimeType === 'text/csv' && /^usage-\d{4}-\d{2}\.csv$/.test(String(file?.fileName)),
			`the CSV file is ${file?.fileName} (${file?.mimeType})`,
		);
		expect(
			problems,
			lines[0]?.includes('organisation') &&
				lines[0].includes('creditsConsumed') &&
				lines.length === rows.length + 1,
			`the CSV holds ${lines.length} lines: ${lines[0]}`,
		);
		return problems;
	},
};
