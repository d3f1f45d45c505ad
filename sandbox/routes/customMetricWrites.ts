import type { CustomMetric } from '../../nodes/shared/contracts/customMetric';
import {
	createCustomMetricRequestSchema,
	deleteCustomMetricsRequestSchema,
	updateCustomMetricRequestSchema,
} from '../../nodes/shared/contracts/customMetricWrites';
import { findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import { isPublished } from '../server/mode';
import type { SandboxAgent } from '../domain/state';
import type { Route, RouteContext } from './types';

/**
 * Creating, reading, changing and deleting custom metrics: the seed's routes (agent-at-work spec
 * section 5: POST …/metrics and …/metrics/delete) and the v3 `custom-metrics` routes of
 * docs.convocore.ai (createMetric, getMetric, updateMetric, deleteMetric).
 */

const nowUnix = () => Math.floor(Date.now() / 1000);

function addMetric(
	ctx: RouteContext,
	agent: SandboxAgent,
	body: unknown,
	isSystem: boolean,
): CustomMetric {
	const { metric } = parseOrThrow(createCustomMetricRequestSchema, body, 'custom metric');
	const metrics = (ctx.state.metrics[agent.ID] ??= []);
	if (metrics.some((existing) => existing.key === metric.key))
		throw new ApiError(
			409,
			'METRIC_EXISTS',
			`Agent ${agent.ID} already has a metric with key ${metric.key}.`,
		);
	const now = nowUnix();
	const record: CustomMetric = {
		...metric,
		id: `metric-${agent.ID}-${metric.key}`,
		isSystem,
		createdAtUNIX: now,
		updatedAtUNIX: now,
	};
	metrics.push(record);
	return record;
}

/** POST …/metrics (OpenAPI typedAgents-createAgentMetric): `{ success, message }` only, no id. */
function createMetric(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const record = addMetric(ctx, agent, ctx.body, false);
	return { status: 201, body: { success: true, message: `Metric ${record.key} created` } };
}

/** POST …/custom-metrics (createMetric page): the new metric's id and record. */
function createCustomMetric(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	// The page's sample body carries `isSystem` too: documented, so accepted and stored.
	const raw = ctx.body as { metric?: unknown } | undefined;
	let body: unknown = ctx.body;
	let isSystem = false;
	if (raw && typeof raw.metric === 'object' && raw.metric !== null && 'isSystem' in raw.metric) {
		const metric = { ...(raw.metric as Record<string, unknown>) };
		isSystem = metric.isSystem === true;
		delete metric.isSystem;
		body = { ...raw, metric };
	}
	const record = addMetric(ctx, agent, body, isSystem);
	return {
		status: 201,
		body: {
			success: true,
			message: `Metric ${record.key} created`,
			metricId: record.id,
			metric: copyOf(record),
		},
	};
}

function copyOf(metric: CustomMetric): CustomMetric {
	return { ...metric, ...(metric.options ? { options: [...metric.options] } : {}) };
}

function findMetric(ctx: RouteContext): { agent: SandboxAgent; metric: CustomMetric | undefined } {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	return {
		agent,
		metric: ctx.state.metrics[agent.ID]?.find((candidate) => candidate.id === ctx.params.metricId),
	};
}

const notFound = (agent: SandboxAgent, metricId: string) =>
	new ApiError(404, 'METRIC_NOT_FOUND', `Metric ${metricId} of agent ${agent.ID} was not found.`);

/** GET …/custom-metrics/{metricId} (getMetric page: 404 when there is none). */
function getCustomMetric(ctx: RouteContext) {
	const { agent, metric } = findMetric(ctx);
	if (!metric) throw notFound(agent, ctx.params.metricId);
	return { body: { success: true, metric: copyOf(metric) } };
}

/** PUT …/custom-metrics/{metricId} (updateMetric page): only what is given changes; system metrics cannot be updated. */
function updateCustomMetric(ctx: RouteContext) {
	const { agent, metric } = findMetric(ctx);
	const { metric: changes } = parseOrThrow(
		updateCustomMetricRequestSchema,
		ctx.body,
		'custom metric update',
	);
	if (!metric) throw notFound(agent, ctx.params.metricId);
	if (metric.isSystem) throw new ApiError(403, 'FORBIDDEN', 'System metrics cannot be updated');
	if (
		changes.key !== undefined &&
		changes.key !== metric.key &&
		ctx.state.metrics[agent.ID].some((other) => other.key === changes.key)
	) {
		throw new ApiError(
			409,
			'METRIC_EXISTS',
			`Agent ${agent.ID} already has a metric with key ${changes.key}.`,
		);
	}
	const type = changes.type ?? metric.type;
	const options = type === 'enum' ? (changes.options ?? metric.options) : undefined;
	if (type === 'enum' && !options?.length)
		throw new ApiError(
			400,
			'VALIDATION_ERROR',
			'Invalid custom metric update: metric.options: an enum metric needs at least one option',
		);
	if (type !== 'enum' && changes.options)
		throw new ApiError(
			400,
			'VALIDATION_ERROR',
			'Invalid custom metric update: metric.options: only an enum metric takes options',
		);
	Object.assign(metric, {
		...(changes.key !== undefined ? { key: changes.key } : {}),
		...(changes.description !== undefined ? { description: changes.description } : {}),
		type,
		updatedAtUNIX: Math.max(nowUnix(), metric.updatedAtUNIX),
	});
	// Leaving enum drops the options: only an enum has them (the list's contract).
	if (options) metric.options = [...options];
	else delete metric.options;
	return {
		body: { success: true, message: `Metric ${metric.key} updated`, metric: copyOf(metric) },
	};
}

/**
 * DELETE …/custom-metrics/{metricId} (deleteMetric page). Its values stay in the ledger: "historical
 * data is not deleted". The published mode answers its errors as that page shows them,
 * `{ error: { code, message } }`; the strict mode keeps the documented `{ message, code }`.
 */
function deleteCustomMetric(ctx: RouteContext) {
	const { agent, metric } = findMetric(ctx);
	const refuse = (status: number, code: string, message: string) => {
		if (isPublished()) return { status, body: { error: { code, message } } };
		throw new ApiError(status, code === 'NOT_FOUND' ? 'METRIC_NOT_FOUND' : code, message);
	};
	if (!metric)
		return refuse(
			404,
			'NOT_FOUND',
			`Metric ${ctx.params.metricId} of agent ${agent.ID} was not found.`,
		);
	if (metric.isSystem) return refuse(403, 'FORBIDDEN', 'System metrics cannot be deleted');
	ctx.state.metrics[agent.ID] = ctx.state.metrics[agent.ID].filter(
		(candidate) => candidate !== metric,
	);
	return { body: { success: true, message: `Metric ${metric.key} deleted` } };
}

/** POST …/metrics/delete (OpenAPI typedAgents-deleteAgentMetrics): all or nothing. */
function deleteMetrics(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { metricIds } = parseOrThrow(
		deleteCustomMetricsRequestSchema,
		ctx.body,
		'custom metric delete',
	);
	const metrics = ctx.state.metrics[agent.ID] ?? [];
	const missing = metricIds.filter((id) => !metrics.some((metric) => metric.id === id));
	if (missing.length)
		throw new ApiError(
			404,
			'METRIC_NOT_FOUND',
			`Metric(s) ${missing.join(', ')} of agent ${agent.ID} were not found; nothing was deleted.`,
		);
	ctx.state.metrics[agent.ID] = metrics.filter((metric) => !metricIds.includes(metric.id));
	return { body: { success: true, message: `${metricIds.length} metric(s) deleted` } };
}

export const customMetricWriteRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/metrics', handler: createMetric },
	{ method: 'POST', pattern: '/agents/:agentId/metrics/delete', handler: deleteMetrics },
	{ method: 'POST', pattern: '/agents/:agentId/custom-metrics', handler: createCustomMetric },
	{ method: 'GET', pattern: '/agents/:agentId/custom-metrics/:metricId', handler: getCustomMetric },
	{
		method: 'PUT',
		pattern: '/agents/:agentId/custom-metrics/:metricId',
		handler: updateCustomMetric,
	},
	{
		method: 'DELETE',
		pattern: '/agents/:agentId/custom-metrics/:metricId',
		handler: deleteCustomMetric,
	},
];
