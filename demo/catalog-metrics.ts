/**
 * Example 18, the weekly metric report (customer satisfaction to CSV): what it must achieve against
 * the sandbox (its own file, as demo/catalog.ts is long). Node names are the ones in the example's JSON.
 */
import type { IBinaryData, IDataObject } from 'n8n-workflow';
import { type Sandbox } from '../sandbox';
import { SANDBOX_IDS } from '../sandbox/seed/seed';
import { expect, json, output } from './checks';
import type { ExampleOutcome, ExampleSpec } from './example';

const WEEK = 'Satisfaction this week';
const DAY_MS = 86_400_000;

const rowsOf = (outcome: ExampleOutcome): IDataObject[] => json(outcome, 'Report rows');

function csvOf(outcome: ExampleOutcome): { file?: IBinaryData; text: string } {
	const file = output(outcome, 'CSV file')[0]?.binary?.data as IBinaryData | undefined;
	return { file, text: file ? Buffer.from(file.data, 'base64').toString('utf8') : '' };
}

/** The satisfaction values the sandbox stores for the agent over [from, to], whole seconds as the route reads them. */
function storedValues(sandbox: Sandbox, from: string, to: string): number[] {
	const startTs = Math.floor(Date.parse(from) / 1000);
	const endTs = Math.floor(Date.parse(to) / 1000);
	return (sandbox.state.metricValues ?? [])
		.filter(
			(record) =>
				record.agentId === SANDBOX_IDS.rentalAgent &&
				record.key === 'customer_satisfaction' &&
				record.ts >= startTs &&
				record.ts <= endTs,
		)
		.map((record) => record.value as number);
}

export const weeklyMetricReport: ExampleSpec = {
	file: '18-weekly-metric-report.json',
	summarize(outcome) {
		const [week] = json(outcome, WEEK);
		const rows = rowsOf(outcome);
		const { file, text } = csvOf(outcome);
		return [
			`${week?.key} from ${week?.from} to ${week?.to}: ${week?.totalDataPoints} ratings, average ${Number(week?.average).toFixed(2)}, min ${week?.min}, max ${week?.max}`,
			...rows.map(
				(row) =>
					`${row.day}: ${row.ratings} ratings, average ${row.average} (min ${row.min}, max ${row.max})`,
			),
			`${file?.fileName}: ${file?.mimeType}, ${text.trim().split('\n').length} lines (header and one row per day)`,
		];
	},
	verify(outcome, sandbox) {
		const problems: string[] = [];
		const [week] = json(outcome, WEEK);
		const rows = rowsOf(outcome);
		const from = String(week?.from);
		const to = String(week?.to);
		// The last 7 whole days: from a midnight 7 days back to the millisecond before today's.
		const span = Date.parse(to) - Date.parse(from);
		expect(
			problems,
			span === 7 * DAY_MS - 1 &&
				Date.parse(to) < Date.now() &&
				Date.now() - Date.parse(to) < DAY_MS + 1,
			`the period ${from} to ${to} is not the last 7 whole days`,
		);
		// The week's aggregates are those of what the sandbox stores for that period.
		const values = storedValues(sandbox, from, to);
		const sum = values.reduce((total, value) => total + value, 0);
		const wanted = {
			totalDataPoints: values.length,
			sum,
			average: values.length ? sum / values.length : null,
			min: values.length ? Math.min(...values) : null,
			max: values.length ? Math.max(...values) : null,
		};
		const got = {
			totalDataPoints: week?.totalDataPoints,
			sum: week?.sum,
			average: week?.average,
			min: week?.min,
			max: week?.max,
		};
		expect(
			problems,
			JSON.stringify(got) === JSON.stringify(wanted),
			`the week's aggregates are ${JSON.stringify(got)}, the sandbox stores ${JSON.stringify(wanted)}`,
		);
		expect(problems, values.length >= 7, `only ${values.length} ratings were stored for the week`);
		// The daily series: one row per day of the week, in order, adding up to the week.
		const days = rows.map((row) => String(row.day));
		expect(
			problems,
			rows.length === 7 && days.every((day, index) => index === 0 || day > days[index - 1]),
			`expected 7 days in order, got ${days.join(', ')}`,
		);
		const ratings = rows.reduce((total, row) => total + Number(row.ratings), 0);
		expect(
			problems,
			ratings === values.length,
			`the days hold ${ratings} ratings, the week ${values.length}`,
		);
		const weighted = rows.reduce(
			(total, row) => total + Number(row.average) * Number(row.ratings),
			0,
		);
		expect(
			problems,
			Math.abs(weighted - sum) <= 0.01 * rows.length * 2,
			`the daily averages add up to ${weighted}, the week's ratings to ${sum}`,
		);
		expect(
			problems,
			rows.every(
				(row) =>
					Number(row.min) >= Number(week?.min) &&
					Number(row.max) <= Number(week?.max) &&
					row.weekRatings === values.length,
			),
			'a day lies outside the week, or a row lacks the week totals',
		);
		const { file, text } = csvOf(outcome);
		const lines = text.trim().split('\n');
		expect(
			problems,
			file?.mimeType === 'text/csv' &&
				/^satisfaction-\d{4}-\d{2}-\d{2}\.csv$/.test(String(file?.fileName)),
			`the CSV file is ${file?.fileName} (${file?.mimeType})`,
		);
		expect(
			problems,
			lines[0]?.startsWith('day,ratings,average,min,max,weekRatings,weekAverage') === true &&
				lines.length === rows.length + 1,
			`the CSV holds ${lines.length} lines: ${lines[0]}`,
		);
		return problems;
	},
};
