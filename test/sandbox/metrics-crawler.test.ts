/* eslint-disable @typescript-eslint/no-explicit-any -- the sandbox's JSON answers are read loosely, as a client reads them */
import { customMetricSchema, METRIC_PAGE } from '../../nodes/shared/contracts/customMetric';
import { SANDBOX_IDS, SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { api, useSandbox } from './helpers';

const sandbox = useSandbox();
const key = SANDBOX_KEYS.euWhiteLabel;
const metricsPath = (agentId: string) => `/agents/${agentId}/custom-metrics`;
const jobPath = (workspaceId: string, jobId: string) =>
	`/workspaces/${workspaceId}/crawler/jobs/${jobId}`;

describe('GET /agents/{agentId}/custom-metrics', () => {
	it("lists the agent's metrics sorted by id with the total", async () => {
		const answer = await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.ownAccountAgent), { key });
		expect(answer.status).toBe(200);
		expect(answer.body.success).toBe(true);
		expect(answer.body.total).toBe(12);
		const metrics = answer.body.metrics;
		expect(metrics).toHaveLength(12);
		for (const metric of metrics) expect(customMetricSchema.strict().parse(metric)).toEqual(metric);
		const ids = metrics.map((m: any) => m.id);
		expect(ids).toEqual([...ids].sort());
		expect(
			metrics
				.filter((m: any) => m.isSystem)
				.map((m: any) => m.key)
				.sort(),
		).toEqual(['handoff_requested', 'resolved', 'sentiment_score']);
		const enumMetric = metrics.find((m: any) => m.type === 'enum');
		expect(enumMetric).toMatchObject({
			key: 'appointment_type',
			options: ['cleaning', 'checkup', 'whitening', 'emergency'],
		});
		expect(metrics.filter((m: any) => m.options)).toHaveLength(1);
		expect(METRIC_PAGE.defaultLimit).toBeGreaterThan(12);
	});

	it('pages with limit and startAfterId; total always counts all metrics', async () => {
		const seen: string[] = [];
		const sizes: number[] = [];
		let startAfterId: string | undefined;
		for (let page = 0; page < 4; page++) {
			const answer = await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.ownAccountAgent), {
				key,
				query: { limit: 5, ...(startAfterId ? { startAfterId } : {}) },
			});
			expect(answer.status).toBe(200);
			expect(answer.body.total).toBe(12);
			sizes.push(answer.body.metrics.length);
			seen.push(...answer.body.metrics.map((m: any) => m.id));
			startAfterId = seen[seen.length - 1];
		}
		expect(sizes).toEqual([5, 5, 2, 0]);
		const all = (
			await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.ownAccountAgent), { key })
		).body.metrics.map((m: any) => m.id);
		expect(seen).toEqual(all);
	});

	it('rejects an unknown startAfterId and bad limits', async () => {
		const unknown = await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.ownAccountAgent), {
			key,
			query: { startAfterId: 'cm_nope' },
		});
		expect(unknown.status).toBe(400);
		expect(unknown.body.code).toBe('INVALID_START_AFTER_ID');
		// An id of another agent's metric is unknown for this agent too.
		const foreignId = sandbox().state.metrics[SANDBOX_IDS.rentalAgent][0].id;
		expect(
			(
				await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.ownAccountAgent), {
					key,
					query: { startAfterId: foreignId },
				})
			).status,
		).toBe(400);
		const badQueries: Array<Record<string, string | number>> = [
			{ limit: 0 },
			{ limit: METRIC_PAGE.maxLimit + 1 },
			{ limit: 'many' },
			{ page: 2 },
		];
		for (const query of badQueries) {
			const answer = await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.ownAccountAgent), {
				key,
				query,
			});
			expect([query, answer.status, answer.body.code]).toEqual([query, 400, 'VALIDATION_ERROR']);
		}
	});

	it('404s unknown agents and agents of other workspaces; an agent without metrics lists none', async () => {
		const unknown = await api(sandbox(), 'GET', metricsPath('agent-nope'), { key });
		expect(unknown.status).toBe(404);
		expect(unknown.body.code).toBe('AGENT_NOT_FOUND');
		expect(
			(await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.euBusinessAgent), { key })).status,
		).toBe(404);
		const none = await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.noSmsAgent), { key });
		expect(none.body).toEqual({ success: true, metrics: [], total: 0 });
		const rental = await api(sandbox(), 'GET', metricsPath(SANDBOX_IDS.rentalAgent), { key });
		expect(rental.body.total).toBe(4);
	});
});

describe('DELETE /workspaces/{workspaceId}/crawler/jobs/{jobId}', () => {
	it('deletes the job and its scraped pages, then answers 404', async () => {
		const pagesOf = (jobId: string) =>
			sandbox().state.scrapedPages.filter((p) => p.jobId === jobId);
		expect(pagesOf(SANDBOX_IDS.crawlerJobDocs)).toHaveLength(3);
		const answer = await api(
			sandbox(),
			'DELETE',
			jobPath(SANDBOX_IDS.euWorkspace, SANDBOX_IDS.crawlerJobDocs),
			{ key },
		);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			success: true,
			message: `Crawler job ${SANDBOX_IDS.crawlerJobDocs} deleted with its 3 scraped pages.`,
		});
		expect(sandbox().state.crawlerJobs[SANDBOX_IDS.crawlerJobDocs]).toBeUndefined();
		expect(pagesOf(SANDBOX_IDS.crawlerJobDocs)).toHaveLength(0);
		expect(pagesOf(SANDBOX_IDS.crawlerJobBlog)).toHaveLength(2);

		const again = await api(
			sandbox(),
			'DELETE',
			jobPath(SANDBOX_IDS.euWorkspace, SANDBOX_IDS.crawlerJobDocs),
			{ key },
		);
		expect(again.status).toBe(404);
		expect(again.body.code).toBe('CRAWLER_JOB_NOT_FOUND');
	});

	it("refuses another workspace's id with 403 and another workspace's job with 404", async () => {
		const foreignWorkspace = await api(
			sandbox(),
			'DELETE',
			jobPath(SANDBOX_IDS.euBusinessWorkspace, SANDBOX_IDS.crawlerJobBusiness),
			{ key },
		);
		expect(foreignWorkspace.status).toBe(403);
		expect(foreignWorkspace.body.code).toBe('WORKSPACE_MISMATCH');
		const foreignJob = await api(
			sandbox(),
			'DELETE',
			jobPath(SANDBOX_IDS.euWorkspace, SANDBOX_IDS.crawlerJobBusiness),
			{ key },
		);
		expect(foreignJob.status).toBe(404);
		expect(sandbox().state.crawlerJobs[SANDBOX_IDS.crawlerJobBusiness]).toBeDefined();
	});

	it('deletes NA jobs through the NA base with the NA secret', async () => {
		const answer = await api(
			sandbox(),
			'DELETE',
			jobPath(SANDBOX_IDS.naWorkspace, SANDBOX_IDS.crawlerJobNa),
			{ key: SANDBOX_KEYS.naWhiteLabel, region: 'na' },
		);
		expect(answer.status).toBe(200);
		expect(answer.body.message).toContain('2 scraped pages');
	});
});

describe('custom-metric data routes (Unix seconds) and the v3 record routes', () => {
	const nowTs = () => Math.floor(Date.now() / 1000);
	const dataPath = (agentId: string, metricKey?: string) =>
		`${metricsPath(agentId)}${metricKey ? `/${metricKey}` : ''}/data`;

	it('compute from the stored values: the seeded finished call gave appointment_booked: true at its end', async () => {
		const call =
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:${SANDBOX_IDS.callConvoId}`];
		const at = Math.floor(call.updatedAt / 1000);
		const answer = await api(
			sandbox(),
			'GET',
			dataPath(SANDBOX_IDS.ownAccountAgent, 'appointment_booked'),
			{ key, query: { startTs: at - 60, endTs: at + 60, includeTimeSeries: 'true' } },
		);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			success: true,
			data: {
				key: 'appointment_booked',
				type: 'categorical',
				totalDataPoints: 1,
				counts: { true: 1 },
				timeSeries: [{ ts: at, value: true, convo_id: SANDBOX_IDS.callConvoId }],
			},
		});
	});

	it('a call that ends records its metrics, and the data routes count them', async () => {
		const { settleCalls } = await import('../../sandbox/domain/call');
		const seeded =
			sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:${SANDBOX_IDS.callConvoId}`];
		const endsAt = Date.now() - 5_000;
		const live = {
			...structuredClone(seeded),
			ID: 'convo-live-call',
			state: 'ai-chatting' as const,
			metrics: undefined,
			history: [],
			call: { ...seeded.call!, endsAt, durationSeconds: undefined },
			createdAt: endsAt - 60_000,
		};
		sandbox().state.conversations[`${SANDBOX_IDS.ownAccountAgent}:convo-live-call`] = live;
		settleCalls(sandbox().state);
		const answer = await api(
			sandbox(),
			'GET',
			dataPath(SANDBOX_IDS.ownAccountAgent, 'follow_up_needed'),
			{ key, query: { startTs: nowTs() - 60, endTs: nowTs(), includeTimeSeries: 'true' } },
		);
		expect(answer.body.data).toEqual({
			key: 'follow_up_needed',
			type: 'categorical',
			totalDataPoints: 1,
			counts: { true: 1 },
			timeSeries: [{ ts: Math.floor(endsAt / 1000), value: true, convo_id: 'convo-live-call' }],
		});
	});

	it('strict mode refuses milliseconds, a missing bound and unknown keys, loudly', async () => {
		const ms = await api(sandbox(), 'GET', dataPath(SANDBOX_IDS.rentalAgent), {
			key,
			query: { startTs: Date.now() - 1000, endTs: Date.now() },
		});
		expect(ms.status).toBe(400);
		expect(ms.body.message).toMatch(
			/startTs: \d+ looks like milliseconds; this route takes Unix seconds/,
		);
		const missing = await api(sandbox(), 'GET', dataPath(SANDBOX_IDS.rentalAgent), {
			key,
			query: { startTs: 0 },
		});
		expect([missing.status, missing.body.code]).toEqual([400, 'VALIDATION_ERROR']);
		const extra = await api(sandbox(), 'GET', dataPath(SANDBOX_IDS.rentalAgent), {
			key,
			query: { startTs: 0, endTs: nowTs(), granularity: 'day' },
		});
		expect(extra.status).toBe(400);
	});

	it('DELETE …/custom-metrics/{metricId} removes the metric and keeps its values; unknown is 404 { message, code } in strict mode', async () => {
		const metric = sandbox().state.metrics[SANDBOX_IDS.rentalAgent].find(
			(entry) => entry.key === 'customer_satisfaction',
		)!;
		const valuesBefore = (sandbox().state.metricValues ?? []).filter(
			(record) => record.key === 'customer_satisfaction',
		).length;
		const gone = await api(
			sandbox(),
			'DELETE',
			`${metricsPath(SANDBOX_IDS.rentalAgent)}/${metric.id}`,
			{ key },
		);
		expect([gone.status, gone.body.success]).toEqual([200, true]);
		expect(
			sandbox().state.metrics[SANDBOX_IDS.rentalAgent].some((entry) => entry.id === metric.id),
		).toBe(false);
		expect(
			(sandbox().state.metricValues ?? []).filter(
				(record) => record.key === 'customer_satisfaction',
			),
		).toHaveLength(valuesBefore);
		const again = await api(
			sandbox(),
			'DELETE',
			`${metricsPath(SANDBOX_IDS.rentalAgent)}/${metric.id}`,
			{ key },
		);
		expect([again.status, again.body.code]).toEqual([404, 'METRIC_NOT_FOUND']);
	});

	describe('in published mode', () => {
		const published = useSandbox({ mode: 'published' });

		it('takes milliseconds as seconds far ahead (no data), drops unknown keys, refuses a missing bound as BAD_REQUEST', async () => {
			const ms = await api(
				published(),
				'GET',
				dataPath(SANDBOX_IDS.rentalAgent, 'customer_satisfaction'),
				{
					key,
					query: { startTs: Date.now() - 7 * 86_400_000, endTs: Date.now(), granularity: 'day' },
				},
			);
			expect(ms.status).toBe(200);
			expect(ms.body.data).toEqual({
				key: 'customer_satisfaction',
				type: 'numeric',
				totalDataPoints: 0,
			});
			const missing = await api(published(), 'GET', dataPath(SANDBOX_IDS.rentalAgent), {
				key,
				query: { endTs: nowTs() },
			});
			expect([missing.status, missing.body.message, missing.body.code]).toEqual([
				400,
				'Input validation failed',
				'BAD_REQUEST',
			]);
		});

		it('DELETE answers its errors as the deleteMetric page shows them: { error: { code, message } }', async () => {
			const unknown = await api(
				published(),
				'DELETE',
				`${metricsPath(SANDBOX_IDS.rentalAgent)}/cm_nope`,
				{ key },
			);
			expect([unknown.status, unknown.body]).toEqual([
				404,
				{
					error: {
						code: 'NOT_FOUND',
						message: `Metric cm_nope of agent ${SANDBOX_IDS.rentalAgent} was not found.`,
					},
				},
			]);
			const system = published().state.metrics[SANDBOX_IDS.rentalAgent].find(
				(entry) => entry.isSystem,
			)!;
			const refused = await api(
				published(),
				'DELETE',
				`${metricsPath(SANDBOX_IDS.rentalAgent)}/${system.id}`,
				{ key },
			);
			expect([refused.status, refused.body]).toEqual([
				403,
				{ error: { code: 'FORBIDDEN', message: 'System metrics cannot be deleted' } },
			]);
			expect(
				published().state.metrics[SANDBOX_IDS.rentalAgent].some((entry) => entry.id === system.id),
			).toBe(true);
		});

		it('POST …/custom-metrics stores the documented isSystem and answers metricId and metric', async () => {
			const created = await api(published(), 'POST', metricsPath(SANDBOX_IDS.rentalAgent), {
				key,
				body: {
					metric: {
						key: 'csat_raw',
						description: 'Raw score',
						type: 'number',
						isSystem: false,
						color: 'red',
					},
				},
			});
			expect(created.status).toBe(201);
			const stored = published().state.metrics[SANDBOX_IDS.rentalAgent].find(
				(entry) => entry.key === 'csat_raw',
			);
			expect(created.body).toEqual({
				success: true,
				message: 'Metric csat_raw created',
				metricId: stored?.id,
				metric: stored,
			});
			expect(stored).not.toHaveProperty('color');
		});
	});
});
