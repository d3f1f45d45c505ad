/**
 * Custom Metric > Get Data through n8n's engine against the sandbox over real HTTP (strict mode):
 * From and To sent as Unix seconds and checked before sending, aggregates and time series that
 * follow the metric values the sandbox stores per conversation.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import type { MetricValueRecord } from '../../sandbox/domain/records';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();
const DAY_MS = 86_400_000;
const agent = SANDBOX_IDS.rentalAgent;
const byKey = (value: string) => ({ __rl: true, mode: 'id', value });

async function getData(
	parameters: INodeParameters,
	extra: { input?: INodeExecutionData[]; continueOnFail?: boolean } = {},
) {
	return await runConvocore(
		{ resource: 'customMetric', operation: 'getData', agentId: agent, ...parameters },
		{
			credential: sandboxCredential(sandbox.current),
			typeVersion: 4,
			input: extra.input,
			continueOnFail: extra.continueOnFail,
		},
	);
}

/** The last 7 days as ISO date-times, and the seconds the node must send for them. */
function lastWeek() {
	const end = Date.now();
	const start = end - 7 * DAY_MS;
	return {
		from: new Date(start).toISOString(),
		to: new Date(end).toISOString(),
		startTs: Math.floor(start / 1000),
		endTs: Math.floor(end / 1000),
	};
}

/** What the sandbox stores for a metric in a window: computed here, independently of the route. */
function stored(key: string, startTs: number, endTs: number, agentId = agent): MetricValueRecord[] {
	return (sandbox.current.state.metricValues ?? []).filter(
		(record) =>
			record.agentId === agentId &&
			record.key === key &&
			record.ts >= startTs &&
			record.ts <= endTs,
	);
}

const dataRequests = () => sandbox.current.requests({ method: 'GET', path: /\/data$/ });

describe('Custom Metric > Get Data', () => {
	it('one metric: sends the period in Unix seconds and outputs the average, sum, min and max of what conversations gave', async () => {
		const week = lastWeek();
		const items = (
			await getData({
				which: 'one',
				metricKey: byKey('customer_satisfaction'),
				from: week.from,
				to: week.to,
			})
		).items();

		expect(dataRequests().map((request) => [request.path, request.query])).toEqual([
			[
				`/agents/${agent}/custom-metrics/customer_satisfaction/data`,
				{ startTs: String(week.startTs), endTs: String(week.endTs) },
			],
		]);
		const values = stored('customer_satisfaction', week.startTs, week.endTs).map(
			(record) => record.value as number,
		);
		expect(values.length).toBeGreaterThanOrEqual(12);
		const sum = values.reduce((total, value) => total + value, 0);
		expect(items.map((item) => item.json)).toEqual([
			{
				key: 'customer_satisfaction',
				type: 'numeric',
				from: week.from,
				to: week.to,
				totalDataPoints: values.length,
				average: sum / values.length,
				sum,
				min: Math.min(...values),
				max: Math.max(...values),
			},
		]);
	});

	it('time series: one item per data point with an ISO timestamp, the value and the conversation, oldest first', async () => {
		const week = lastWeek();
		const items = (
			await getData({
				which: 'one',
				metricKey: byKey('customer_satisfaction'),
				from: week.from,
				to: week.to,
				output: 'timeSeries',
			})
		).items();

		expect(dataRequests()[0].query).toEqual({
			startTs: String(week.startTs),
			endTs: String(week.endTs),
			includeTimeSeries: 'true',
		});
		const points = stored('customer_satisfaction', week.startTs, week.endTs).sort(
			(a, b) => a.ts - b.ts || a.convoId.localeCompare(b.convoId),
		);
		expect(items.map((item) => item.json)).toEqual(
			points.map((point) => ({
				key: 'customer_satisfaction',
				timestamp: new Date(point.ts * 1000).toISOString(),
				value: point.value,
				conversationId: point.convoId,
			})),
		);
		expect(
			items.every(
				(item) => Date.parse(String(item.json.timestamp)) >= Date.parse(week.from) - 1000,
			),
		).toBe(true);
	});

	it('all metrics: one aggregates item per metric of the agent; a boolean or text metric gives counts of its values', async () => {
		const week = lastWeek();
		const items = (await getData({ which: 'all', from: week.from, to: week.to })).items();

		expect(dataRequests().map((request) => request.path)).toEqual([
			`/agents/${agent}/custom-metrics/data`,
		]);
		const keys = sandbox.current.state.metrics[agent].map((metric) => metric.key);
		expect(items.map((item) => item.json.key).sort()).toEqual([...keys].sort());
		const confirmed = items.find((item) => item.json.key === 'reminder_confirmed')!.json;
		const tally: Record<string, number> = {};
		for (const record of stored('reminder_confirmed', week.startTs, week.endTs))
			tally[String(record.value)] = (tally[String(record.value)] ?? 0) + 1;
		expect(confirmed).toEqual({
			key: 'reminder_confirmed',
			type: 'categorical',
			from: week.from,
			to: week.to,
			totalDataPoints: stored('reminder_confirmed', week.startTs, week.endTs).length,
			counts: tally,
		});
	});

	it('counts the top 10 values of a text metric and sums the rest as "other"', async () => {
		const at = Math.floor(Date.now() / 1000) - 3600;
		// 12 distinct reasons: "reason 1" given once, "reason 2" twice, … "reason 12" twelve times.
		for (let reason = 1; reason <= 12; reason++) {
			for (let n = 0; n < reason; n++)
				sandbox.current.state.metricValues!.push({
					agentId: agent,
					convoId: `convo-test-${reason}-${n}`,
					key: 'reschedule_reason',
					value: `reason ${reason}`,
					ts: at,
				});
		}
		const items = (
			await getData({
				which: 'one',
				metricKey: byKey('reschedule_reason'),
				from: new Date((at - 60) * 1000).toISOString(),
				to: new Date((at + 60) * 1000).toISOString(),
			})
		).items();

		const counts = Object.fromEntries(
			Array.from({ length: 10 }, (_, index) => [`reason ${12 - index}`, 12 - index]),
		);
		expect(items[0].json).toEqual(
			expect.objectContaining({
				type: 'categorical',
				totalDataPoints: 78,
				counts: { ...counts, other: 1 + 2 },
			}),
		);
	});

	it('reads by input item: each item its own metric and period, outputs paired to the item', async () => {
		const week = lastWeek();
		const result = await getData(
			{
				which: 'one',
				metricKey: byKey('={{ $json.key }}'),
				from: '={{ $json.from }}',
				to: week.to,
			},
			{
				input: [
					{ json: { key: 'customer_satisfaction', from: week.from } },
					{ json: { key: 'sentiment_score', from: new Date(Date.now() - DAY_MS).toISOString() } },
				],
			},
		);
		expect(result.items().map((item) => [item.json.key, item.pairedItem])).toEqual([
			['customer_satisfaction', { item: 0 }],
			['sentiment_score', { item: 1 }],
		]);
		expect(dataRequests().map((request) => request.query.startTs)).toEqual([
			String(week.startTs),
			String(Math.floor(Date.parse(String(result.items()[1].json.from)) / 1000)),
		]);
	});

	it('an unknown metric key is Convocore’s 404, named', async () => {
		const week = lastWeek();
		const error = (
			await getData({
				which: 'one',
				metricKey: byKey('no_such_metric'),
				from: week.from,
				to: week.to,
			})
		).error('Convocore');
		expect(error?.message).toMatch(/no custom metric with key no_such_metric/);
	});

	describe('validation, before anything is sent', () => {
		const week = lastWeek();
		const cases: Array<[string, INodeParameters, string]> = [
			[
				'no From',
				{ from: '={{ $json.empty }}', to: week.to },
				'Invalid custom metric data period in item 1: from: is required (the start of the period)',
			],
			[
				'no To',
				{ from: week.from, to: '={{ $json.emptyTo }}' },
				'Invalid custom metric data period in item 1: to: is required (the end of the period)',
			],
			[
				'To before From',
				{ from: week.to, to: '={{ $json.early }}' },
				`Invalid custom metric data period in item 1: to: must be after From (From is ${week.to}, To is ${week.from})`,
			],
			[
				'a From that is no date',
				{ from: '={{ $json.junk }}', to: week.to },
				'Invalid custom metric data period in item 1: from: must be a date-time (e.g. 2026-11-01T00:00:00 or {{ $now.minus({ days: 7 }) }}), got "last tuesday"',
			],
			[
				'One Metric without a key',
				{ which: 'one', metricKey: byKey('={{ $json.empty }}'), from: week.from, to: week.to },
				'Invalid custom metric data request: metricKey: is required',
			],
		];
		it.each(cases)(
			'refuses %s, naming the field and the item',
			async (_name, parameters, message) => {
				// Item 0 is valid, item 1 is not: nothing at all is sent.
				const valid = {
					empty: week.from,
					emptyTo: week.to,
					early: new Date(Date.parse(week.to) + DAY_MS).toISOString(),
					junk: week.from,
				};
				const result = await getData(parameters, {
					input: [
						{ json: valid },
						{ json: { empty: '', emptyTo: '', early: week.from, junk: 'last tuesday' } },
					],
				});
				const error = result.error('Convocore');
				expect(error?.message).toBe(message);
				expect(
					(error as { context?: { itemIndex?: number } } | undefined)?.context?.itemIndex,
				).toBe(1);
				expect(sandbox.current.count()).toBe(0);
			},
		);
	});
});
