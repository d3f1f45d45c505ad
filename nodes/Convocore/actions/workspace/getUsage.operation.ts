import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import {
	LOG_ID_KEYS,
	MAX_LOGS_PAGES,
	usageLogsOf,
	workspaceUsageAnswerSchema,
} from '../../../shared/contracts/usage';
import type { RequestScope } from '../../transport/retries';
import { readIdParameter } from '../../helpers/agentId';
import { workspacePicker } from '../../descriptions/pickers';
import { requestChecked } from '../../helpers/answers';
import { isRefusal } from '../../helpers/refusal';
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

/** What identifies a log entry across pages: its ID where it has one (not documented), else the whole entry. */
function entryKey(entry: IDataObject): string {
	const id = LOG_ID_KEYS.map((key) => entry[key]).find(
		(value) => typeof value === 'string' || typeof value === 'number',
	);
	return id === undefined ? `entry:${JSON.stringify(entry)}` : `id:${String(id)}`;
}

/**
 * The usage logs, page by page. No public source says whether the first `logsPage` is 0 or 1
 * (the docs page's example asks for 1, which may be the second page), so reading starts at 0:
 * - logsPage 0 refused (a 4xx, helpers/refusal.ts) or empty may be a 1-based server: reading
 *   goes on at 1;
 * - logsPage 1 that repeats logsPage 0 entry for entry is a 1-based server answering 0 as 1;
 * - entries are de-duplicated by their ID (entryKey), so a page that overlaps the one before
 *   (new entries arriving while reading, newest first) hands on only what is new.
 * Reading goes on while a page brings entries not seen yet, and stops at Limit, an empty page, a
 * page that brings nothing new, or one shorter than the longest seen (the server's page size).
 * A page identical to the one before (other than logsPage 1 after 0) is a cache that ignores
 * logsPage: an error, never a silent stop. MAX_LOGS_PAGES bounds a run whatever the server does.
 */
async function collectLogs(
	ctx: IExecuteFunctions,
	plan: Plan,
	scope: RequestScope,
): Promise<IDataObject[]> {
	const max = plan.returnAll ? Infinity : plan.limit;
	const entries: IDataObject[] = [];
	const seen = new Set<string>();
	let pageSize = 0;
	let previous: string | undefined;
	for (let page = 0; entries.length < max; page++) {
		if (page >= MAX_LOGS_PAGES) throw tooManyPages(ctx, scope, entries.length);
		let logs: IDataObject[] | undefined;
		let failure: unknown;
		try {
			logs = await logsPage(ctx, plan, page, scope);
		} catch (error) {
			failure = error;
		}
		if (logs === undefined) {
			// logsPage 0 refused: a 1-based server; page 1 is its first.
			if (page === 0 && isRefusal(failure)) continue;
			throw failure;
		}
		// An empty logsPage 0 may be a 1-based server's "no page 0": page 1 settles it.
		if (logs.length === 0 && page === 0) continue;
		if (logs.length === 0) break;
		const keys = logs.map(entryKey);
		const whole = keys.join('\u0000');
		if (whole === previous && page >= 2)
			throw repeatedPage(ctx, scope, page, logs.length, entries.length);
		previous = whole;
		const fresh = logs.filter((_, index) => !seen.has(keys[index]));
		keys.forEach((key) => seen.add(key));
		// logsPage 1 repeating logsPage 0 is a 1-based server answering 0 as 1: its page 2 is next.
		if (fresh.length === 0 && page !== 1) break;
		entries.push(...fresh.slice(0, max - entries.length));
		if (logs.length < pageSize) break;
		pageSize = Math.max(pageSize, logs.length);
	}
	return entries;
}

function repeatedPage(
	ctx: IExecuteFunctions,
	scope: RequestScope,
	page: number,
	count: number,
	collected: number,
): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`Convocore answered logsPage ${page} with the same ${count} log entries as logsPage ${page - 1}`,
		{
			itemIndex: scope.itemIndex,
			description: `The listing was stopped instead of handing on the same entries twice (${collected} collected). A cache or proxy between n8n and Convocore may ignore the page number; try again later, or use Limit.`,
		},
	);
}

function tooManyPages(
	ctx: IExecuteFunctions,
	scope: RequestScope,
	collected: number,
): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`The usage logs did not end within ${MAX_LOGS_PAGES} pages (logsPage 0 to ${MAX_LOGS_PAGES - 1})`,
		{
			itemIndex: scope.itemIndex,
			description: `Every page brought entries not seen before, so the listing was stopped at the node's bound rather than paging on (${collected} collected). Choose a shorter period (From, To), or use Limit.`,
		},
	);
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
