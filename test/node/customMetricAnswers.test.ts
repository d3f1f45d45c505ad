/**
 * Custom Metric answers the sandbox never gives (it answers as the docs show), read by the
 * operations' execute with the transport replaced: an ID given only as `metricId`, an update
 * answered without its record, and data points counted without their series.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { convocoreApiRequest } from '../../nodes/Convocore/transport/request';
import { create } from '../../nodes/Convocore/actions/customMetric/create.operation';
import { getData } from '../../nodes/Convocore/actions/customMetric/getData.operation';
import { update } from '../../nodes/Convocore/actions/customMetric/update.operation';

jest.mock('../../nodes/Convocore/transport/request', () => ({
	...jest.requireActual('../../nodes/Convocore/transport/request'),
	convocoreApiRequest: jest.fn(),
}));

const answer = (body: unknown) => (convocoreApiRequest as jest.Mock).mockResolvedValueOnce(body);
const ctx = {
	getNode: () => ({
		id: '1',
		name: 'Convocore',
		type: 'n8n-nodes-convocore.convocore',
		typeVersion: 4,
		position: [0, 0],
		parameters: {},
	}),
} as unknown as IExecuteFunctions;
const scope = { itemIndex: 3 };
const period = {
	startTs: 1_700_000_000,
	endTs: 1_700_600_000,
	from: '2023-11-14T22:13:20.000Z',
	to: '2023-11-21T22:46:40.000Z',
};

describe('Custom Metric answers read by the operations', () => {
	afterEach(() => (convocoreApiRequest as jest.Mock).mockReset());

	it('Create: an answer with metricId and no record still gives the ID', async () => {
		answer({ success: true, message: 'Metric nps created', metricId: 'cm_new' });
		const [item] = await create.execute.call(
			ctx,
			{ agentId: 'agent-1', body: { metric: { key: 'nps', description: 'NPS', type: 'number' } } },
			scope as never,
		);
		expect(item.json).toEqual({
			id: 'cm_new',
			key: 'nps',
			description: 'NPS',
			type: 'number',
			created: true,
			message: 'Metric nps created',
		});
	});

	it('Update: an answer without the record outputs what was sent, with the ID it was sent to', async () => {
		answer({ success: true, message: 'updated' });
		const [item] = await update.execute.call(
			ctx,
			{ agentId: 'agent-1', metricId: 'cm_1', body: { metric: { description: 'New' } } },
			scope as never,
		);
		expect(item.json).toEqual({
			id: 'cm_1',
			description: 'New',
			updated: true,
			message: 'updated',
		});
	});

	it('Get Data, Time Series: data points counted without their series are an error naming the item, not "no data"', async () => {
		answer({
			success: true,
			data: {
				key: 'csat',
				type: 'numeric',
				totalDataPoints: 4,
				average: 4,
				sum: 16,
				min: 3,
				max: 5,
			},
		});
		await expect(
			getData.execute.call(
				ctx,
				{ agentId: 'agent-1', metricKey: 'csat', output: 'timeSeries', ...period },
				scope as never,
			),
		).rejects.toMatchObject({
			message:
				'Convocore answered 4 data points of metric csat without their time series (includeTimeSeries=true was sent)',
			context: { itemIndex: 3 },
		});
	});

	it('Get Data, Time Series: no data points and no series is no items', async () => {
		answer({ success: true, data: [{ key: 'csat', type: 'numeric', totalDataPoints: 0 }] });
		expect(
			await getData.execute.call(
				ctx,
				{ agentId: 'agent-1', output: 'timeSeries', ...period },
				scope as never,
			),
		).toEqual([]);
	});

	it('Get Data, Aggregates: a number metric without data has null figures; extra fields pass, the series stays out', async () => {
		answer({
			success: true,
			data: { key: 'csat', type: 'numeric', totalDataPoints: 0, unit: 'stars', timeSeries: [] },
		});
		const [item] = await getData.execute.call(
			ctx,
			{ agentId: 'agent-1', metricKey: 'csat', output: 'aggregates', ...period },
			scope as never,
		);
		expect(item.json).toEqual({
			key: 'csat',
			type: 'numeric',
			from: period.from,
			to: period.to,
			totalDataPoints: 0,
			average: null,
			sum: null,
			min: null,
			max: null,
			unit: 'stars',
		});
	});
});
