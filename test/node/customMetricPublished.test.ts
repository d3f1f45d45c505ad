/**
 * Custom Metric in the sandbox's published mode (Convocore's trpc-openapi server as it publishes
 * itself): the outcome, what the sandbox stored and what the user gets, not only what was sent.
 * In this mode the data routes take any number as seconds: had the node sent milliseconds, the
 * period would lie thousands of years ahead and every aggregate below would be empty.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox({ mode: 'published' });
const DAY_MS = 86_400_000;
const agent = SANDBOX_IDS.rentalAgent;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function run(parameters: INodeParameters) {
	return await runConvocore(
		{ resource: 'customMetric', agentId: agent, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 4 },
	);
}

function lastDays(days: number) {
	const end = Date.now();
	const start = end - days * DAY_MS;
	return {
		from: new Date(start).toISOString(),
		to: new Date(end).toISOString(),
		startTs: Math.floor(start / 1000),
		endTs: Math.floor(end / 1000),
	};
}

const storedIn = (key: string, startTs: number, endTs: number) =>
	(sandbox.current.state.metricValues ?? []).filter(
		(record) =>
			record.agentId === agent && record.key === key && record.ts >= startTs && record.ts <= endTs,
	);

describe('Custom Metric in published mode', () => {
	it('Get Data: the satisfaction aggregates of the last 7 days are those of the values stored for that week', async () => {
		const week = lastDays(7);
		const [item] = (
			await run({
				operation: 'getData',
				which: 'one',
				metricKey: byId('customer_satisfaction'),
				from: week.from,
				to: week.to,
			})
		).items();

		const values = storedIn('customer_satisfaction', week.startTs, week.endTs).map(
			(record) => record.value as number,
		);
		expect(values.length).toBeGreaterThan(0);
		expect(item.json).toEqual(
			expect.objectContaining({
				totalDataPoints: values.length,
				sum: values.reduce((a, b) => a + b, 0),
				min: Math.min(...values),
				max: Math.max(...values),
			}),
		);
		// The week before holds other values: the period really is what was asked for, at both ends.
		const before = { from: new Date(Date.now() - 14 * DAY_MS).toISOString(), to: week.from };
		const [earlier] = (
			await run({
				operation: 'getData',
				which: 'one',
				metricKey: byId('customer_satisfaction'),
				...before,
			})
		).items();
		const earlierValues = storedIn(
			'customer_satisfaction',
			Math.floor(Date.parse(before.from) / 1000),
			Math.floor(Date.parse(before.to) / 1000),
		);
		expect(earlierValues.length).toBeGreaterThan(0);
		expect(earlier.json.totalDataPoints).toBe(earlierValues.length);
	});

	it('Get Data: the time series of every metric is every value stored in the period, one item each', async () => {
		const week = lastDays(3);
		const items = (
			await run({
				operation: 'getData',
				which: 'all',
				from: week.from,
				to: week.to,
				output: 'timeSeries',
			})
		).items();

		const keys = new Set(sandbox.current.state.metrics[agent].map((metric) => metric.key));
		const stored = (sandbox.current.state.metricValues ?? []).filter(
			(record) =>
				record.agentId === agent &&
				keys.has(record.key) &&
				record.ts >= week.startTs &&
				record.ts <= week.endTs,
		);
		expect(stored.length).toBeGreaterThan(0);
		const seen = items
			.map(
				(item) =>
					`${item.json.key}|${item.json.conversationId}|${item.json.value}|${item.json.timestamp}`,
			)
			.sort();
		expect(seen).toEqual(
			stored
				.map(
					(record) =>
						`${record.key}|${record.convoId}|${record.value}|${new Date(record.ts * 1000).toISOString()}`,
				)
				.sort(),
		);
	});

	it('Create stores the metric and returns its ID; Update changes what is stored; Get reads it back', async () => {
		const created = (
			await run({
				operation: 'create',
				key: 'nps',
				metricDescription: 'Net promoter score 0-10',
				type: 'number',
			})
		).items()[0].json;
		const stored = sandbox.current.state.metrics[agent].find((metric) => metric.key === 'nps');
		expect(stored).toEqual(
			expect.objectContaining({ description: 'Net promoter score 0-10', type: 'number' }),
		);
		expect(created.id).toBe(stored?.id);

		await run({
			operation: 'update',
			metricId: byId(String(created.id)),
			updateFields: { type: 'enum', enumOptions: 'detractor, passive, promoter' },
		});
		expect(sandbox.current.state.metrics[agent].find((metric) => metric.key === 'nps')).toEqual(
			expect.objectContaining({ type: 'enum', options: ['detractor', 'passive', 'promoter'] }),
		);

		const [read] = (await run({ operation: 'get', metricId: byId(String(created.id)) })).items();
		expect(read.json).toEqual(
			expect.objectContaining({
				id: created.id,
				key: 'nps',
				type: 'enum',
				options: ['detractor', 'passive', 'promoter'],
			}),
		);
	});

	it('a deleted metric leaves Get Data for all metrics, and its history stays readable by key', async () => {
		const gone = sandbox.current.state.metrics[agent].find(
			(metric) => metric.key === 'customer_satisfaction',
		)!;
		await run({ operation: 'delete', metricIds: gone.id });
		const week = lastDays(7);
		const all = (
			await run({ operation: 'getData', which: 'all', from: week.from, to: week.to })
		).items();
		expect(all.map((item) => item.json.key)).not.toContain('customer_satisfaction');
		const [history] = (
			await run({
				operation: 'getData',
				which: 'one',
				metricKey: byId('customer_satisfaction'),
				from: week.from,
				to: week.to,
			})
		).items();
		expect(history.json.totalDataPoints).toBe(
			storedIn('customer_satisfaction', week.startTs, week.endTs).length,
		);
	});

	it('To before From is refused before anything is sent', async () => {
		const week = lastDays(7);
		const result = await run({ operation: 'getData', which: 'all', from: week.to, to: week.from });
		expect(result.error('Convocore')?.message).toMatch(
			/^Invalid custom metric data period in item 0: to: must be after From/,
		);
		expect(sandbox.current.count()).toBe(0);
	});
});
