/**
 * Custom Metric > Get Many through n8n's engine against the sandbox over real HTTP.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { METRIC_PAGE, type CustomMetric } from '../../nodes/shared/contracts/customMetric';
import { SANDBOX_IDS } from '../../sandbox/seed/seed';
import { runConvocore, sandboxCredential, useSandbox } from '../harness/convocore';

const sandbox = useSandbox();

async function list(
	parameters: INodeParameters,
	extra: { input?: INodeExecutionData[]; continueOnFail?: boolean; key?: string } = {},
) {
	return await runConvocore(
		{
			resource: 'customMetric',
			operation: 'getAll',
			agentId: SANDBOX_IDS.ownAccountAgent,
			...parameters,
		},
		{
			credential: sandboxCredential(sandbox.current, extra.key),
			input: extra.input,
			continueOnFail: extra.continueOnFail,
		},
	);
}

const metricsPath = (agentId: string) => `/agents/${agentId}/custom-metrics`;

function metricRequests(agentId: string = SANDBOX_IDS.ownAccountAgent) {
	return sandbox.current.requests({ method: 'GET', path: metricsPath(agentId) });
}

/** Adds `count` metrics to an agent, so that listing them takes several pages. */
function addMetrics(agentId: string, count: number): CustomMetric[] {
	const added = Array.from({ length: count }, (_, index) => ({
		id: `cm_extra_${String(index).padStart(4, '0')}`,
		key: `extra_metric_${index}`,
		description: `Extra metric ${index}`,
		type: 'number' as const,
		isSystem: false,
		createdAtUNIX: 1_768_467_600 + index,
		updatedAtUNIX: 1_768_467_600 + index,
	}));
	sandbox.current.state.metrics[agentId] = [
		...(sandbox.current.state.metrics[agentId] ?? []),
		...added,
	];
	return [...sandbox.current.state.metrics[agentId]].sort((a, b) =>
		a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
	);
}

describe('Custom Metric > Get Many', () => {
	it('returns one item per metric, as the API has them', async () => {
		const result = await list({ agentId: SANDBOX_IDS.rentalAgent, returnAll: true });
		const items = result.items();
		const seeded = sandbox.current.state.metrics[SANDBOX_IDS.rentalAgent];

		expect(items.map((item) => item.json)).toEqual(seeded);
		expect(items.map((item) => item.pairedItem)).toEqual(seeded.map(() => ({ item: 0 })));
		expect(metricRequests(SANDBOX_IDS.rentalAgent).map((request) => request.query)).toEqual([
			{ limit: String(METRIC_PAGE.maxLimit) },
		]);
		expect(items[0].json).toEqual(
			expect.objectContaining({
				id: expect.any(String),
				key: expect.any(String),
				type: expect.stringMatching(/^(number|boolean|enum|string)$/),
				isSystem: expect.any(Boolean),
			}),
		);
	});

	it('Return All follows startAfterId across several pages', async () => {
		const all = addMetrics(SANDBOX_IDS.ownAccountAgent, 230); // 12 seeded + 230 = 242
		const result = await list({ returnAll: true });

		expect(result.items().map((item) => item.json.id)).toEqual(all.map((metric) => metric.id));
		expect(metricRequests().map((request) => request.query)).toEqual([
			{ limit: '100' },
			{ limit: '100', startAfterId: all[99].id },
			{ limit: '100', startAfterId: all[199].id },
		]);
	});

	it('Return All asks once more when the last page is exactly full (the meaning of total is unspecified)', async () => {
		const all = addMetrics(SANDBOX_IDS.ownAccountAgent, 188); // 200 in all
		const result = await list({ returnAll: true });

		expect(result.items()).toHaveLength(200);
		expect(metricRequests().map((request) => request.query)).toEqual([
			{ limit: '100' },
			{ limit: '100', startAfterId: all[99].id },
			{ limit: '100', startAfterId: all[199].id },
		]);
	});

	it('Limit asks only for what it needs and stops early', async () => {
		const all = addMetrics(SANDBOX_IDS.ownAccountAgent, 230);

		const small = await list({ returnAll: false, limit: 5 });
		expect(small.items().map((item) => item.json.id)).toEqual(
			all.slice(0, 5).map((metric) => metric.id),
		);
		expect(metricRequests().map((request) => request.query)).toEqual([{ limit: '5' }]);

		sandbox.current.reset();
		const allAgain = addMetrics(SANDBOX_IDS.ownAccountAgent, 230);
		const large = await list({ returnAll: false, limit: 150 });
		expect(large.items().map((item) => item.json.id)).toEqual(
			allAgain.slice(0, 150).map((metric) => metric.id),
		);
		expect(metricRequests().map((request) => request.query)).toEqual([
			{ limit: '100' },
			{ limit: '50', startAfterId: allAgain[99].id },
		]);
	});

	it('a limit above the number of metrics gets them all in one request', async () => {
		const result = await list({ returnAll: false, limit: 50 });
		expect(result.items()).toHaveLength(12);
		expect(metricRequests()).toHaveLength(1);
	});

	// With one input item, n8n's editor shows its own "Limit of 5 items reached" hint when the
	// output has exactly Limit items: ours would say it twice. With several items the output is
	// larger than Limit, n8n's hint stays silent, and ours names the items that stopped.
	it('a listing stopped by Limit leaves the hint to n8n for one item, and names the items that stopped for several', async () => {
		const hintsOf = (result: Awaited<ReturnType<typeof list>>) =>
			result.run.data.resultData.runData.Convocore[0].hints ?? [];
		const capped = await list({ returnAll: false, limit: 5 });
		expect(capped.items()).toHaveLength(5);
		expect(hintsOf(capped)).toEqual([]);
		const twoItems = await list(
			{ returnAll: false, limit: 5 },
			{ input: [{ json: {} }, { json: {} }] },
		);
		expect(twoItems.items()).toHaveLength(10);
		expect(hintsOf(twoItems)).toEqual(
			[0, 1].map((item) => ({
				message: `Item ${item}: stopped at Limit: 5 custom metrics returned and Convocore may have more. Turn on Return All or raise Limit to get them.`,
				type: 'info',
				location: 'outputPane',
			})),
		);
		expect(
			hintsOf(await list({ returnAll: false, limit: 50 }, { input: [{ json: {} }, { json: {} }] })),
		).toEqual([]);
		expect(
			hintsOf(await list({ returnAll: true }, { input: [{ json: {} }, { json: {} }] })),
		).toEqual([]);
	});

	it('lists per input item, each output paired to the item that asked', async () => {
		const result = await list(
			{ agentId: '={{ $json.agent }}', returnAll: true },
			{
				input: [
					{ json: { agent: SANDBOX_IDS.rentalAgent } },
					{ json: { agent: SANDBOX_IDS.noSmsAgent } },
					{ json: { agent: SANDBOX_IDS.ownAccountAgent } },
				],
			},
		);
		const items = result.items();
		expect(items).toHaveLength(4 + 0 + 12);
		expect(items.map((item) => item.pairedItem)).toEqual([
			...Array.from({ length: 4 }, () => ({ item: 0 })),
			...Array.from({ length: 12 }, () => ({ item: 2 })),
		]);
	});

	it('URL-encodes the agent ID in the path', async () => {
		const result = await list({ agentId: 'agent-own/../x y' });
		const error = result.error('Convocore');
		expect(sandbox.current.requests().map((request) => request.path)).toEqual([
			'/agents/agent-own%2F..%2Fx%20y/custom-metrics',
		]);
		expect(error?.message).toMatch(/^Not found: Agent agent-own\/\.\.\/x y was not found/);
	});

	it('reads are allowed on the Business plan; the Pro plan is refused with a clear message', async () => {
		const business = await list(
			{ agentId: SANDBOX_IDS.euBusinessAgent, returnAll: true },
			{ key: sandbox.current.keys.euBusiness },
		);
		expect(business.error('Convocore')).toBeUndefined();

		const pro = await list(
			{ agentId: SANDBOX_IDS.euProAgent, returnAll: true },
			{ key: sandbox.current.keys.euPro },
		);
		const error = pro.error('Convocore');
		expect(error?.message).toMatch(
			/plan does not allow this request \(GET \/agents\/agent-pro\/custom-metrics\)/,
		);
		expect(error?.description).toMatch(/Reading \(GET\) needs the Business plan or higher/);
	});

	it('retries a GET after a 5xx: reading twice changes nothing', async () => {
		sandbox.current.injectFault({
			method: 'GET',
			path: metricsPath(SANDBOX_IDS.ownAccountAgent),
			kind: 'status',
			status: 503,
		});
		const result = await list({ returnAll: true });
		expect(result.items()).toHaveLength(12);
		expect(metricRequests().map((request) => request.status)).toEqual([503, 200]);
	});

	describe('validation, before anything is sent', () => {
		const cases: Array<[string, INodeParameters, RegExp]> = [
			['an agent ID that resolves to nothing', { agentId: '={{ $json.missing }}' }, /: agentId: /],
			['a blank agent ID', { agentId: '   ' }, /: agentId: is required/],
			['a limit of 0', { returnAll: false, limit: 0 }, /: limit: must be at least 1/],
			['a fractional limit', { returnAll: false, limit: 2.5 }, /: limit: must be a whole number/],
		];

		it.each(cases)('rejects %s', async (_name, parameters, message) => {
			const result = await list(parameters);
			const error = result.error('Convocore');
			expect(error?.message).toMatch(message);
			expect((error as { context?: IDataObject } | undefined)?.context?.itemIndex).toBe(0);
			expect(sandbox.current.count()).toBe(0);
		});
	});
});
