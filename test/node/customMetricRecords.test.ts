/**
 * Custom Metric > Create, Get and Update, and the metric pickers, through n8n's engine against
 * the sandbox over real HTTP (strict mode), on the v3 `custom-metrics` routes.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { listSearch } from '../../nodes/Convocore/methods';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';
import { loadOptionsContext } from '../harness/loadOptions';

const sandbox = useSandbox();
const agent = SANDBOX_IDS.rentalAgent;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const metricsOf = () => sandbox.current.state.metrics[agent];
const metric = (key: string) => metricsOf().find((candidate) => candidate.key === key)!;

async function run(parameters: INodeParameters, extra: { input?: INodeExecutionData[] } = {}) {
	return await runConvocore(
		{ resource: 'customMetric', agentId: agent, ...parameters },
		{ credential: sandboxCredential(sandbox.current), typeVersion: 4, input: extra.input },
	);
}

describe('Custom Metric > Create', () => {
	it('sends { metric } to POST …/custom-metrics and outputs the new metric with its ID, created and message as before', async () => {
		const result = await run({
			operation: 'create',
			key: 'issue_resolved',
			metricDescription: 'Whether the issue was resolved',
			type: 'boolean',
		});

		const stored = metric('issue_resolved');
		expect(
			sandbox.current.requests({ method: 'POST' }).map((request) => [request.path, request.body]),
		).toEqual([
			[
				`/agents/${agent}/custom-metrics`,
				{
					metric: {
						key: 'issue_resolved',
						description: 'Whether the issue was resolved',
						type: 'boolean',
					},
				},
			],
		]);
		expect(result.items()[0].json).toEqual({
			id: stored.id,
			key: 'issue_resolved',
			description: 'Whether the issue was resolved',
			type: 'boolean',
			isSystem: false,
			createdAtUNIX: stored.createdAtUNIX,
			updatedAtUNIX: stored.updatedAtUNIX,
			created: true,
			message: 'Metric issue_resolved created',
		});
	});
});

describe('Custom Metric > Get', () => {
	it('reads one metric by ID from GET …/custom-metrics/{metricId}', async () => {
		const wanted = metric('customer_satisfaction');
		const items = (await run({ operation: 'get', metricId: byId(wanted.id) })).items();
		expect(sandbox.current.requests().map((request) => [request.method, request.path])).toEqual([
			['GET', `/agents/${agent}/custom-metrics/${wanted.id}`],
		]);
		expect(items.map((item) => item.json)).toEqual([wanted]);
	});

	it('an unknown metric is Convocore’s 404, named; a blank one is refused before sending', async () => {
		expect(
			(await run({ operation: 'get', metricId: byId('cm_nope') })).error('Convocore')?.message,
		).toMatch(/Metric cm_nope of agent agent-rental was not found/);
		sandbox.current.reset();
		expect(
			(await run({ operation: 'get', metricId: byId('  ') })).error('Convocore')?.message,
		).toBe('Invalid custom metric: metricId: is required');
		expect(sandbox.current.count()).toBe(0);
	});
});

describe('Custom Metric > Update', () => {
	it('sends only the fields given to PUT …/custom-metrics/{metricId} and outputs the metric as it now is', async () => {
		const before = metric('reschedule_reason');
		const result = await run({
			operation: 'update',
			metricId: byId(before.id),
			updateFields: { type: 'enum', enumOptions: 'work, illness, travel' },
		});

		expect(
			sandbox.current.requests().map((request) => [request.method, request.path, request.body]),
		).toEqual([
			[
				'PUT',
				`/agents/${agent}/custom-metrics/${before.id}`,
				{ metric: { type: 'enum', options: ['work', 'illness', 'travel'] } },
			],
		]);
		const after = metric('reschedule_reason');
		expect(after).toEqual(
			expect.objectContaining({
				type: 'enum',
				options: ['work', 'illness', 'travel'],
				description: before.description,
			}),
		);
		expect(result.items()[0].json).toEqual({
			...after,
			updated: true,
			message: 'Metric reschedule_reason updated',
		});
	});

	it('changes the description alone', async () => {
		const id = metric('customer_satisfaction').id;
		await run({
			operation: 'update',
			metricId: byId(id),
			updateFields: { description: 'Rating from 1 to 5 the customer gave' },
		});
		expect(sandbox.current.requests()[0].body).toEqual({
			metric: { description: 'Rating from 1 to 5 the customer gave' },
		});
		expect(metric('customer_satisfaction')).toEqual(
			expect.objectContaining({
				description: 'Rating from 1 to 5 the customer gave',
				type: 'number',
			}),
		);
	});

	it('a system metric cannot be changed: Convocore’s refusal is the error', async () => {
		const system = metric('sentiment_score');
		const error = (
			await run({
				operation: 'update',
				metricId: byId(system.id),
				updateFields: { description: 'Mine now' },
			})
		).error('Convocore');
		expect(error?.message).toMatch(/System metrics cannot be updated/);
		expect(metric('sentiment_score').description).toBe(system.description);
	});

	const cases: Array<[string, INodeParameters, string]> = [
		[
			'nothing to change',
			{ updateFields: {} },
			'Invalid custom metric update: body.metric: needs at least one field to change (description, type or options)',
		],
		[
			'an enum without options',
			{ updateFields: { type: 'enum' } },
			'Invalid custom metric update: body.metric.options: an enum metric needs at least one option',
		],
		[
			'options on a number',
			{ updateFields: { type: 'number', enumOptions: 'a, b' } },
			'Invalid custom metric update: body.metric.options: only an enum metric takes options',
		],
		[
			'an empty description',
			{ updateFields: { description: '  ' } },
			'Invalid custom metric update: body.metric.description: must not be empty',
		],
	];
	it.each(cases)('refuses %s before anything is sent', async (_name, parameters, message) => {
		const result = await run({
			operation: 'update',
			metricId: byId(metric('customer_satisfaction').id),
			...parameters,
		});
		expect(result.error('Convocore')?.message).toBe(message);
		expect(sandbox.current.count()).toBe(0);
	});
});

describe('metric pickers', () => {
	it('list the chosen agent’s metrics by key and type: by ID for Get and Update, by key for Get Data; a filter narrows them', async () => {
		const context = (operation: string, path: string) =>
			loadOptionsContext(
				sandbox.current,
				{ resource: 'customMetric', operation, agentId: agent },
				{ path, typeVersion: 4 },
			);
		const byIdList = await listSearch.searchCustomMetrics.call(
			context('get', 'parameters.metricId'),
		);
		expect(byIdList.results.map((entry) => [entry.name, entry.value])).toEqual(
			metricsOf().map((entry) => [`${entry.key} (${entry.type})`, entry.id]),
		);
		const byKeyList = await listSearch.searchCustomMetricKeys.call(
			context('getData', 'parameters.metricKey'),
			'SATISF',
		);
		expect(byKeyList.results).toEqual([
			{
				name: 'customer_satisfaction (number)',
				value: 'customer_satisfaction',
				description: metric('customer_satisfaction').description,
			},
		]);
	});
});
