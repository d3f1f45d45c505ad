import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { bulkLeadsAnswerSchema, type BulkLead } from '../../../shared/contracts/leadImport';
import { getBaseUrl } from '../../transport/request';
import { RateLimitGate, type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOutput, isOneShapeDryRun, type DryRunRequest } from '../../helpers/dryRun';
import { groupsPath } from '../../helpers/paths';
import { isRefusal } from '../../helpers/refusal';
import { itemRanges } from '../router';
import { importIntoGroup, stagedFailureOf, type RefusedGroups } from './importIntoGroup';
import { type BatchEntry } from '../types';

/** What Lead > Import's prepare made of one item. */
export interface ImportPlan {
	agentId: string;
	lead: BulkLead;
	batchSize: number;
	groupName?: string;
	dryRun: boolean;
}

type Batch = Array<BatchEntry<ImportPlan>>;

/**
 * Items go out in input order, in batches of Batch Size that share an agent, a group and Dry
 * Run (the first item of each run of such items sets the size). Batches are sent one after the
 * other: a request is never repeated after an unclear failure, and a batch that fails says what
 * was stored before it and what may have been stored by it.
 */
export function splitIntoBatches(entries: Batch): Batch[] {
	const batches: Batch[] = [];
	let current: Batch = [];
	const keyOf = ({ plan }: BatchEntry<ImportPlan>) =>
		`${plan.agentId}\u0000${plan.groupName ?? ''}\u0000${plan.dryRun}`;
	for (const entry of entries) {
		const head = current[0];
		if (head && (keyOf(head) !== keyOf(entry) || current.length >= head.plan.batchSize)) {
			batches.push(current);
			current = [];
		}
		current.push(entry);
	}
	if (current.length) batches.push(current);
	return batches;
}

/**
 * The one request that stores a batch.
 *
 * - No group: `POST /agents/{agentId}/leads/bulk { leads }`, the published import route.
 * - A group: `POST /agents/{agentId}/groups { groupName, leads }` with the new leads, which stores
 *   them in the group in one step (Convocore's public MCP client creates leads in a group this
 *   way). The published bulk answer is `{ success, count }` with no lead IDs, so importing first
 *   and grouping after would mean finding the new leads again by e-mail or phone: more requests,
 *   a guess wherever an older lead shares them, and a window in which a batch is stored but not
 *   grouped. One request leaves no such window: a batch is stored in its group, or not at all, or
 *   (an unclear failure) possibly, which the error says.
 */
function requestOf(plan: ImportPlan, leads: BulkLead[]): { path: string; body: IDataObject } {
	const agent = encodeURIComponent(plan.agentId);
	if (plan.groupName)
		return {
			path: groupsPath(plan.agentId),
			body: { groupName: plan.groupName, leads } as unknown as IDataObject,
		};
	return { path: `/agents/${agent}/leads/bulk`, body: { leads } as unknown as IDataObject };
}

function scopeOf(batch: Batch, gate: RateLimitGate): RequestScope {
	// One request for the whole batch: the longest Timeout among its items bounds it.
	return {
		itemIndex: batch[0].itemIndex,
		gate,
		timeoutMs: Math.max(...batch.map((entry) => entry.timeoutMs)),
	};
}

async function dryRunBatch(
	ctx: IExecuteFunctions,
	batch: Batch,
	number: number,
): Promise<INodeExecutionData[][]> {
	const base = await getBaseUrl.call(ctx, batch[0].itemIndex);
	const items = itemRanges(batch.map((entry) => entry.itemIndex));
	const { path, body } = requestOf(
		batch[0].plan,
		batch.map((entry) => entry.plan.lead),
	);
	const requests: DryRunRequest[] = [{ method: 'POST', url: `${base}${path}`, body }];
	const oneShape = isOneShapeDryRun(ctx);
	// The batch's requests go with its first item only, so the output does not repeat them per lead.
	return batch.map((entry, index) => {
		const added = { batch: number, batchItems: items, lead: entry.plan.lead } as IDataObject;
		if (oneShape) return [{ json: dryRunOutput(index === 0 ? requests : [], added) }];
		const shown = index === 0 ? { requests: requests as unknown as IDataObject[] } : {};
		return [{ json: { dryRun: true, ...added, ...shown } }];
	});
}

/** Lead IDs where an answer gives them, one per lead sent and in order (`data.leadIds` or `leadIds`); never made up. */
function idsOf(answer: IDataObject, count: number): string[] | undefined {
	const data = answer.data as IDataObject | undefined;
	const ids = (data && typeof data === 'object' ? data.leadIds : undefined) ?? answer.leadIds;
	return Array.isArray(ids) &&
		ids.length === count &&
		ids.every((id) => typeof id === 'string' && id !== '')
		? (ids as string[])
		: undefined;
}

async function sendBatch(
	ctx: IExecuteFunctions,
	batch: Batch,
	number: number,
	gate: RateLimitGate,
	refusedGroups: RefusedGroups,
): Promise<INodeExecutionData[][]> {
	const { agentId, groupName } = batch[0].plan;
	const leads = batch.map((entry) => entry.plan.lead);
	const scope = scopeOf(batch, gate);
	const grouped = groupName
		? await importIntoGroup(ctx, { agentId, groupName }, leads, scope, refusedGroups)
		: undefined;
	// Without a group, the published import route; its answer counts what was stored.
	const answer = grouped
		? (grouped.answer ?? {})
		: ((await requestChecked(
				ctx,
				{
					...requestOf(batch[0].plan, leads),
					method: 'POST',
					raw: true,
					response: bulkLeadsAnswerSchema,
				},
				scope,
			)) as IDataObject);
	const ids = idsOf(answer, batch.length);
	// The published bulk answer counts what was stored: fewer than sent is said on every item of the batch.
	const count = answer.count;
	const warning =
		typeof count === 'number' && count !== batch.length
			? `Convocore reports ${count} of the ${batch.length} leads of batch ${number} stored; which ones it did not store, it does not say.`
			: grouped?.warning;
	// Which way a grouped batch went (importIntoGroup.ts): added to the output, nothing else changes.
	const path = grouped
		? {
				importPath: grouped.path,
				...(grouped.stagingGroup ? { stagingGroup: grouped.stagingGroup } : {}),
			}
		: {};
	return batch.map((entry, index) => [
		{
			json: {
				imported: true,
				...(ids ? { id: ids[index] } : {}),
				batch: number,
				...(groupName ? { groupName } : {}),
				...path,
				lead: entry.plan.lead,
				...(warning ? { warning } : {}),
			} as IDataObject,
		},
	]);
}

function errorOutput(message: string, description: string | undefined): INodeExecutionData[] {
	return [{ json: { error: message, ...(description ? { errorDescription: description } : {}) } }];
}

interface StoredBatch {
	number: number;
	items: number[];
	groupName?: string;
}

/** "batch 1 (items 0-99) in lead group x; batch 2 (items 100-149) in no group" */
function storedText(stored: StoredBatch[]): string {
	return stored
		.map(
			({ number, items, groupName }) =>
				`batch ${number} (items ${itemRanges(items)}) ${groupName ? `in lead group ${groupName}` : 'in no group'}`,
		)
		.join('; ');
}

/** What a failed batch's items became: refused, possibly stored, or stored in a staging group (importIntoGroup.ts). */
function batchFate(batch: Batch, number: number, error: unknown): string {
	const { groupName } = batch[0].plan;
	const held = itemRanges(batch.map((entry) => entry.itemIndex));
	const staged = stagedFailureOf(error);
	if (staged) {
		const why = `lead group ${staged.stagingGroup}, a group of their own made because Convocore refuses to add new leads to the existing lead group ${staged.groupName}`;
		if (staged.step === 'store' && isRefusal(error))
			return `Convocore refused batch ${number}: items ${held} were not stored.`;
		if (staged.step === 'store')
			return `Items ${held} may have been stored in ${why}: the answer did not say. Check with Lead > Export (Group Name ${staged.stagingGroup}); move those there with Lead Group > Add Leads to ${staged.groupName} rather than importing them again.`;
		return `Items ${held} were stored in ${why}, and may not have been moved to ${staged.groupName}: check with Lead > Export (Group Name ${staged.stagingGroup}), and move those still there with Lead Group > Add Leads. Do not import them again.`;
	}
	const where = groupName ? ` in lead group ${groupName}` : '';
	// The group route's `leads` is typed only as an array in the OpenAPI: if Convocore refuses new leads there, the way round is said.
	const otherWay = groupName
		? ' If it refuses new leads on the group route, import them without Add to Lead Group, then add them with Lead Group > Add Leads (their IDs from Lead > Get Many).'
		: '';
	if (isRefusal(error))
		return `Convocore refused batch ${number}: items ${held} were not stored.${otherWay}`;
	return `Items ${held} may have been stored${where}: the answer did not say. Check with Lead > Export${groupName ? ` (Group Name ${groupName})` : ''} before sending them again.`;
}

function failureDescription(
	batch: Batch,
	number: number,
	stored: StoredBatch[],
	error: unknown,
): string {
	const before = stored.length
		? `Stored before it: ${storedText(stored)}. Re-running the workflow as it is imports those items again: run it on the other items only.`
		: 'No batch was stored before it.';
	return `${batchFate(batch, number, error)}\n${before}`;
}

export async function executeImport(
	ctx: IExecuteFunctions,
	entries: Batch,
	continueOnFail: boolean,
): Promise<Map<number, INodeExecutionData[]>> {
	const results = new Map<number, INodeExecutionData[]>();
	const gate = new RateLimitGate();
	const refusedGroups: RefusedGroups = new Set();
	const stored: StoredBatch[] = [];
	const batches = splitIntoBatches(entries);
	for (const [index, batch] of batches.entries()) {
		const number = index + 1;
		const held = batch.map((entry) => entry.itemIndex);
		try {
			const outputs = batch[0].plan.dryRun
				? await dryRunBatch(ctx, batch, number)
				: await sendBatch(ctx, batch, number, gate, refusedGroups);
			outputs.forEach((output, position) => results.set(held[position], output));
			if (!batch[0].plan.dryRun)
				stored.push({ number, items: held, groupName: batch[0].plan.groupName });
		} catch (error) {
			const cause = error as Error & { description?: string | null };
			const message = `Batch ${number} of ${batches.length} (items ${itemRanges(held)}) failed: ${cause.message}`;
			const description = [cause.description, failureDescription(batch, number, stored, error)]
				.filter(Boolean)
				.join('\n');
			// Stored in a staging group, not moved: later batches' errors count it as stored there.
			const staged = stagedFailureOf(error);
			if (staged && staged.step !== 'store')
				stored.push({ number, items: held, groupName: staged.stagingGroup });
			if (continueOnFail) {
				for (const itemIndex of held) results.set(itemIndex, errorOutput(message, description));
				continue;
			}
			throw new NodeOperationError(ctx.getNode(), message, { itemIndex: held[0], description });
		}
	}
	return results;
}
