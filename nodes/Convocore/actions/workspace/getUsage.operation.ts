import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	FIRST_LOGS_PAGE,
	usageLogsOf,
	workspaceUsageAnswerSchema,
} from '../../../shared/contracts/usage';
import type { RequestScope } from '../../transport/retries';
import { readIdParameter } from '../../helpers/agentId';
import { workspacePicker } from '../../descriptions/pickers';
import { requestChecked } from '../../helpers/answers';
import {
	requiredText,
	hintWhenLimitReached,
	listingFields,
	readListing,
	validate,
} from '../../helpers/parameters';
import { returnAllAndLimit, timeoutOnlyOptions } from '../../descriptions/options';
import { type ConvocoreOperation } from '../types';
import {
	readUsageRange,
	usageBody,
	usageItem,
	type UsagePlanRange,
} from '../../helpers/usageRange';
import { usageRangeProperties } from '../../descriptions/usageRange';
const show = { resource: ['workspace'], operation: ['getUsage'] };
const showLogs = { ...show, output: ['logs'] };

export const description: INodeProperties[] = [
	workspacePicker('The workspace whose usage is read', { show }),
	...usageRangeProperties(show, "the workspace's"),
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		// 0.2.0 had only the usage: saved workflows keep it.
		default: 'usage',
		options: [
			{
				name: 'Usage',
				value: 'usage',
				description:
					"One item: the workspace's usage over the period, as Convocore answers it (nested parts kept)",
			},
			{
				name: 'Usage Logs',
				value: 'logs',
				description:
					"One item per usage log entry (Convocore's logsPage), newest first as Convocore lists them",
			},
		],
		description: 'What to return',
		displayOptions: { show },
	},
	...returnAllAndLimit(showLogs),
	timeoutOnlyOptions(show),
];

const planSchema = lazy(() =>
	z.object({
		workspaceId: requiredText('a workspace ID'),
		output: z.enum(['usage', 'logs'], { errorMap: () => ({ message: 'must be usage or logs' }) }),
		...listingFields(),
	}),
);
type Plan = z.output<typeof planSchema> & UsagePlanRange;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const output = this.getNodeParameter('output', itemIndex, 'usage');
	const listing = output === 'logs' ? readListing(this, itemIndex) : { returnAll: false, limit: 1 };
	const given = {
		workspaceId: readIdParameter(this, 'workspaceId', itemIndex),
		output,
		...listing,
	};
	return {
		...validate(this, planSchema, given, itemIndex, 'workspace'),
		...readUsageRange(this, itemIndex),
	};
}

const usagePath = (plan: Plan) => `/workspaces/${encodeURIComponent(plan.workspaceId)}/usage`;

/** One page of the usage logs: the answer's list of them, or an error when it holds none. */
async function logsPage(
	ctx: IExecuteFunctions,
	plan: Plan,
	page: number,
	scope: RequestScope,
): Promise<IDataObject[]> {
	const answer = await requestChecked(
		ctx,
		{
			method: 'POST',
			path: usagePath(plan),
			read: true,
			body: { ...usageBody(plan), logsPage: page },
			response: workspaceUsageAnswerSchema,
		},
		scope,
	);
	const logs = usageLogsOf(answer);
	if (!logs) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Convocore's usage answer for logsPage ${page} holds no usage logs (no "logs" list)`,
			{
				itemIndex: scope.itemIndex,
				description:
					'Convocore does not document where the usage logs sit in the answer; this node reads a list named "logs" or "usageLogs". Choose Output > Usage to see the whole answer, and report what it holds.',
			},
		);
	}
	return logs as IDataObject[];
}

/**
 * The usage logs, page by page from logsPage 1, until Limit, an empty page, or a page shorter
 * than the longest one seen (the page size is not documented: the server's own is followed). A
 * page identical to the one before (a cache that ignores logsPage) stops the run with an error,
 * never repeats entries.
 */
async function collectLogs(
	ctx: IExecuteFunctions,
	plan: Plan,
	scope: RequestScope,
): Promise<IDataObject[]> {
	const max = plan.returnAll ? Infinity : plan.limit;
	const entries: IDataObject[] = [];
	let pageSize = 0;
	let previous = '';
	for (let page = FIRST_LOGS_PAGE; entries.length < max; page++) {
		const logs = await logsPage(ctx, plan, page, scope);
		if (logs.length === 0) break;
		const seen = JSON.stringify(logs);
		if (seen === previous) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Convocore answered logsPage ${page} with the same ${logs.length} log entries as logsPage ${page - 1}`,
				{
					itemIndex: scope.itemIndex,
					description: `The listing was stopped instead of handing on the same entries twice (${entries.length} collected). A cache or proxy between n8n and Convocore may ignore the page number; try again later, or use Limit.`,
				},
			);
		}
		previous = seen;
		entries.push(...logs.slice(0, max - entries.length));
		if (logs.length < pageSize) break;
		pageSize = Math.max(pageSize, logs.length);
	}
	return entries;
}

/**
 * `POST /workspaces/{workspaceId}/usage` (a read sent as POST: retried like a GET). Usage: one
 * item, the answer with its nested parts (usageItem). Usage Logs: one item per log entry.
 */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	if (plan.output === 'logs') {
		const entries = await collectLogs(this, plan, scope);
		hintWhenLimitReached(
			this,
			entries.length,
			plan.returnAll ? Infinity : plan.limit,
			'usage log entries',
			scope.itemIndex ?? 0,
		);
		return entries.map((entry) => ({ json: entry }));
	}
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path: usagePath(plan),
			read: true,
			body: usageBody(plan),
			response: workspaceUsageAnswerSchema,
		},
		scope,
	);
	return [{ json: usageItem({ workspaceId: plan.workspaceId }, plan, answer as IDataObject) }];
}

export const getUsage: ConvocoreOperation<Plan> = { description, prepare, execute };
