import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { bulkLeadsAnswerSchema, type BulkLead } from '../../../shared/contracts/bulkLeads';
import { leadGroupAnswerSchema } from '../../../shared/contracts/leadGroups';
import { RateLimitGate, getBaseUrl, type RequestScope } from '../../../shared/transport';
import { requestChecked } from '../answers';
import { groupsPath } from '../leadGroup/common';
import { itemRanges, type BatchEntry } from '../operation';

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
 * other: a bulk POST is never repeated after an unclear failure, and a batch that fails says
 * which items it held and which batches went through before it.
 */
export function splitIntoBatches(entries: Batch): Batch[] {
	const batches: Batch[] = [];
	let current: Batch = [];
	const keyOf = ({ plan }: BatchEntry<ImportPlan>) => `${plan.agentId}\u0000${plan.groupName ?? ''}\u0000${plan.dryRun}`;
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

function leadsPath(agentId: string): string {
	return `/agents/${encodeURIComponent(agentId)}/leads/bulk`;
}

function scopeOf(batch: Batch, gate: RateLimitGate): RequestScope {
	// One request for the whole batch: the longest Timeout among its items bounds it.
	return { itemIndex: batch[0].itemIndex, gate, timeoutMs: Math.max(...batch.map((entry) => entry.timeoutMs)) };
}

async function dryRunBatch(ctx: IExecuteFunctions, batch: Batch, number: number): Promise<INodeExecutionData[][]> {
	const { agentId, groupName } = batch[0].plan;
	const base = await getBaseUrl.call(ctx, batch[0].itemIndex);
	const items = itemRanges(batch.map((entry) => entry.itemIndex));
	const requests: IDataObject[] = [{ method: 'POST', url: `${base}${leadsPath(agentId)}`, body: { leads: batch.map((entry) => entry.plan.lead) } }];
	if (groupName) {
		requests.push({ method: 'PUT', url: `${base}${groupsPath(agentId)}/${encodeURIComponent(groupName)}`, body: { leadIds: '<the IDs Convocore gives the imported leads, comma-separated>' } });
	}
	// The batch's requests go with its first item only, so the output does not repeat them per lead.
	return batch.map((entry, index) => [{ json: { dryRun: true, batch: number, batchItems: items, lead: entry.plan.lead, ...(index === 0 ? { requests } : {}) } as IDataObject }]);
}

async function sendBatch(ctx: IExecuteFunctions, batch: Batch, number: number, gate: RateLimitGate): Promise<INodeExecutionData[][]> {
	const { agentId, groupName } = batch[0].plan;
	const scope = scopeOf(batch, gate);
	const body = { leads: batch.map((entry) => entry.plan.lead) };
	const answer = await requestChecked(ctx, { method: 'POST', path: leadsPath(agentId), body: body as unknown as IDataObject, raw: true, response: bulkLeadsAnswerSchema }, scope);
	const ids = answer.data?.leadIds;
	const idsFit = Array.isArray(ids) && ids.length === batch.length;
	if (groupName) {
		if (!idsFit) {
			throw new NodeOperationError(ctx.getNode(), `The leads were imported, but Convocore did not answer with their IDs, so they were not added to lead group ${groupName}`, {
				description: 'Add them with Lead Group > Add Leads after finding them with Lead > Export. Re-running the import would import them again.',
			});
		}
		const path = `${groupsPath(agentId)}/${encodeURIComponent(groupName)}`;
		await requestChecked(ctx, { method: 'PUT', path, body: { leadIds: ids.join(',') }, raw: true, response: leadGroupAnswerSchema }, scope);
	}
	return batch.map((entry, index) => [{ json: { imported: true, ...(idsFit ? { id: ids[index] } : {}), batch: number, ...(groupName ? { groupName } : {}), lead: entry.plan.lead } as IDataObject }]);
}

function errorOutput(message: string, description: string | undefined): INodeExecutionData[] {
	return [{ json: { error: message, ...(description ? { errorDescription: description } : {}) } }];
}

export async function executeImport(ctx: IExecuteFunctions, entries: Batch, continueOnFail: boolean): Promise<Map<number, INodeExecutionData[]>> {
	const results = new Map<number, INodeExecutionData[]>();
	const gate = new RateLimitGate();
	const imported: number[] = [];
	const batches = splitIntoBatches(entries);
	for (const [index, batch] of batches.entries()) {
		const number = index + 1;
		const held = batch.map((entry) => entry.itemIndex);
		try {
			const outputs = batch[0].plan.dryRun ? await dryRunBatch(ctx, batch, number) : await sendBatch(ctx, batch, number, gate);
			outputs.forEach((output, position) => results.set(held[position], output));
			if (!batch[0].plan.dryRun) imported.push(...held);
		} catch (error) {
			const cause = error as Error & { description?: string | null };
			const message = `Batch ${number} of ${batches.length} (items ${itemRanges(held)}) failed: ${cause.message}`;
			const before = imported.length
				? `Before it, items ${itemRanges(imported)} were imported; re-running the workflow as it is imports them again.`
				: 'No batch was imported before it.';
			const description = [cause.description, before].filter(Boolean).join('\n');
			if (continueOnFail) {
				for (const itemIndex of held) results.set(itemIndex, errorOutput(message, description));
				continue;
			}
			throw new NodeOperationError(ctx.getNode(), message, { itemIndex: held[0], description });
		}
	}
	return results;
}
