import { randomUUID } from 'crypto';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { exportLeadsAnswerSchema, type BulkLead } from '../../../shared/contracts/leadImport';
import { leadGroupAnswerSchema } from '../../../shared/contracts/leadGroup';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentPath, groupsPath } from '../../helpers/paths';

/**
 * Lead > Import with Add to Lead Group: one batch into a named group, under both readings of
 * `POST /agents/{agentId}/groups` ("Create new group for agent leads", OpenAPI 1.0.4) when the
 * name is taken, which no public source settles:
 *
 * - **Convocore adds the new leads to the existing group** (the public MCP client: "a group exists
 *   only while it has leads"): the one request stores the batch in its group. `importPath:
 *   'groupRoute'`.
 * - **Convocore refuses the name with 409 CONFLICT**, having stored nothing: the batch is stored in
 *   a new group of its own (a staging group, `n8n-import-<uuid>`, a name nobody else has), the
 *   staging group's leads are read back (`POST …/leads/export-filtered { groupName }`), and they
 *   are moved into the wanted group with `PUT /agents/{agentId}/groups/{groupName} { leadIds }`
 *   ("assign new leads to specific group name"; the public client moves leads between groups this
 *   way, and a group left empty is gone). `importPath: 'assignToGroup'`.
 *
 * The batch is sent once either way: the fallback follows only a refusal (409, nothing stored), and
 * the leads it reads back are exactly those of its own staging group, so no lead is created twice
 * and no other lead is moved. The bulk answer (`{ success, count }`) has no IDs, which is why the
 * leads are not imported by `leads/bulk` and then looked for.
 */

export type GroupImportPath = 'groupRoute' | 'assignToGroup';

export interface GroupImport {
	path: GroupImportPath;
	/** The answer of the request that stored the batch (for the lead IDs where it lists them). */
	answer?: IDataObject;
	stagingGroup?: string;
	warning?: string;
}

/** Where the fallback stopped: the staging group, and whether the batch is known to be in it. */
export interface StagedFailure {
	stagingGroup: string;
	groupName: string;
	/** 'store': storing in the staging group failed; 'find' or 'move': the batch is in it, not yet moved. */
	step: 'store' | 'find' | 'move';
}

const stagedFailures = new WeakMap<object, StagedFailure>();

/** What the fallback had done when `error` ended it; undefined for any other error. */
export function stagedFailureOf(error: unknown): StagedFailure | undefined {
	return typeof error === 'object' && error !== null ? stagedFailures.get(error) : undefined;
}

function conflict(error: unknown): boolean {
	return Number((error as { httpCode?: unknown } | undefined)?.httpCode) === 409;
}

/** The groups (agent and name) Convocore refused to add to in this run: later batches go straight to the fallback. */
export type RefusedGroups = Set<string>;

export async function importIntoGroup(
	ctx: IExecuteFunctions,
	target: { agentId: string; groupName: string },
	leads: BulkLead[],
	scope: RequestScope,
	refusedGroups: RefusedGroups,
): Promise<GroupImport> {
	const key = `${target.agentId}\u0000${target.groupName}`;
	if (!refusedGroups.has(key)) {
		let failure: unknown;
		try {
			const answer = await storeInGroup(ctx, target.agentId, target.groupName, leads, scope);
			return { path: 'groupRoute', answer };
		} catch (error) {
			failure = error;
		}
		// Only a refusal of the name (nothing stored) goes round; any other failure is the batch's.
		if (!conflict(failure)) throw failure;
		refusedGroups.add(key);
	}
	return await assignThroughStagingGroup(ctx, target, leads, scope);
}

async function storeInGroup(
	ctx: IExecuteFunctions,
	agentId: string,
	groupName: string,
	leads: BulkLead[],
	scope: RequestScope,
): Promise<IDataObject> {
	return (await requestChecked(
		ctx,
		{
			method: 'POST',
			path: groupsPath(agentId),
			body: { groupName, leads } as unknown as IDataObject,
			raw: true,
			response: leadGroupAnswerSchema,
		},
		scope,
	)) as IDataObject;
}

/** The error, marked with where the fallback stopped (stagedFailureOf). */
function marked(error: unknown, failure: StagedFailure): unknown {
	if (typeof error === 'object' && error !== null) stagedFailures.set(error, failure);
	return error;
}

async function step<T>(failure: StagedFailure, run: () => Promise<T>): Promise<T> {
	try {
		return await run();
	} catch (error) {
		throw marked(error, failure);
	}
}

async function assignThroughStagingGroup(
	ctx: IExecuteFunctions,
	target: { agentId: string; groupName: string },
	leads: BulkLead[],
	scope: RequestScope,
): Promise<GroupImport> {
	// Lower case: the public client says Convocore stores group names in lower case.
	const stagingGroup = `n8n-import-${randomUUID()}`;
	const failure = (at: StagedFailure['step']): StagedFailure => ({
		stagingGroup,
		groupName: target.groupName,
		step: at,
	});
	await step(failure('store'), async () =>
		storeInGroup(ctx, target.agentId, stagingGroup, leads, scope),
	);
	const ids = await step(failure('find'), async () => {
		const found = await requestChecked(
			ctx,
			{
				method: 'POST',
				path: `${agentPath(target.agentId)}/leads/export-filtered`,
				read: true,
				body: { groupName: stagingGroup },
				raw: true,
				response: exportLeadsAnswerSchema,
			},
			scope,
		);
		return found.leads
			.map((lead) => lead.id ?? lead.ID)
			.filter((id): id is string => typeof id === 'string' && id !== '');
	});
	if (ids.length === 0) {
		throw marked(
			new NodeOperationError(
				ctx.getNode(),
				`Convocore lists no lead in lead group ${stagingGroup}, where it had just stored the batch`,
				{ itemIndex: scope.itemIndex },
			),
			failure('find'),
		);
	}
	await step(failure('move'), async () =>
		requestChecked(
			ctx,
			{
				method: 'PUT',
				path: `${groupsPath(target.agentId)}/${encodeURIComponent(target.groupName)}`,
				body: { leadIds: ids.join(',') },
				raw: true,
				response: leadGroupAnswerSchema,
			},
			scope,
		),
	);
	const warning =
		ids.length === leads.length
			? undefined
			: `Convocore listed ${ids.length} of the ${leads.length} leads of this batch in lead group ${stagingGroup}; those ${ids.length} were moved to lead group ${target.groupName}. Check lead group ${stagingGroup} with Lead > Export for the others.`;
	return { path: 'assignToGroup', stagingGroup, ...(warning ? { warning } : {}) };
}
