import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { agentSchema } from '../../../shared/contracts/agent';
import {
	campaignAnswerSchema,
	toggleCampaignRequestSchema,
} from '../../../shared/contracts/campaign';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { agentPath } from '../../helpers/paths';
import { requestChecked } from '../../helpers/answers';
import type { Show } from '../../descriptions/displayOptions';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption } from '../../descriptions/dryRun';
import { agentIdProperty, campaignIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import {
	campaignOutput,
	campaignsPath,
	findCampaign,
	readCampaignRef,
	type CampaignRef,
} from './common';

/**
 * Start and Pause. The API has one route that flips a campaign between running and paused, so
 * sending it blindly on a re-run would undo the first run. Both read the campaign first and flip
 * it only when it is not already in the wanted state; the output says which happened. Items run
 * one at a time, so two items naming the same campaign cannot both read "paused" and flip twice.
 */

type Wanted = 'running' | 'paused';
type Plan = CampaignRef & { ownerId?: string; dryRun: boolean };

function startNotice(show: Show): INodeProperties {
	return {
		displayName:
			"Starting a campaign places real phone calls to the group's leads, billed per minute. Start is safe to re-run: it does nothing when the campaign already runs.",
		name: 'campaignStartNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	};
}

function describe(wanted: Wanted, show: Show): INodeProperties[] {
	const verb = wanted === 'running' ? 'start' : 'pause';
	return [
		...(wanted === 'running' ? [startNotice(show)] : []),
		...agentIdProperty(show, 'The agent that runs the campaign'),
		campaignIdProperty(show, `The campaign to ${verb}`),
		optionsCollection(show, [
			dryRunOption(
				`read the campaign and return the exact request that would ${verb} it, sending nothing`,
			),
			{
				displayName: 'Owner User ID',
				name: 'ownerId',
				type: 'string',
				default: '',
				description:
					"The workspace owner's user ID, which the API asks for. Leave empty to use the agent's owner.",
			},
			timeoutOption(),
		]),
	];
}

function prepareToggle(ctx: IExecuteFunctions, itemIndex: number): Plan {
	const ownerId = ctx.getNodeParameter('options.ownerId', itemIndex, '') as unknown;
	const ref = readCampaignRef(ctx, itemIndex);
	const plan: Plan = { ...ref, dryRun: readDryRun(ctx, itemIndex) };
	if (ownerId !== '' && ownerId !== undefined)
		plan.ownerId = validate(
			ctx,
			toggleCampaignRequestSchema,
			{ ownerId },
			itemIndex,
			'options',
		).ownerId;
	return plan;
}

/** The workspace owner: the option when given, else the agent record's `ownerID`. */
async function ownerIdOf(ctx: IExecuteFunctions, plan: Plan, scope: RequestScope): Promise<string> {
	if (plan.ownerId) return plan.ownerId;
	const agent = await requestChecked(
		ctx,
		{ method: 'GET', path: agentPath(plan.agentId), response: agentSchema },
		scope,
	);
	const owner = (agent as IDataObject).ownerID;
	if (typeof owner === 'string' && owner) return owner;
	throw new NodeOperationError(
		ctx.getNode(),
		`Agent ${plan.agentId} names no owner, and the campaign cannot be toggled without one`,
		{
			itemIndex: scope.itemIndex,
			description: "Set Options > Owner User ID to the workspace owner's user ID.",
		},
	);
}

async function toggleTo(ctx: IExecuteFunctions, wanted: Wanted, plan: Plan, scope: RequestScope) {
	const campaign = await findCampaign(ctx, plan, scope);
	if (typeof campaign.enabled !== 'boolean') {
		throw new NodeOperationError(
			ctx.getNode(),
			`Campaign ${plan.campaignId} does not say whether it runs (no "enabled"), so it is not toggled`,
			{ itemIndex: scope.itemIndex },
		);
	}
	const isRunning = campaign.enabled;
	const done = wanted === 'running' ? 'started' : 'paused';
	const already = wanted === 'running' ? 'alreadyRunning' : 'alreadyPaused';
	if (isRunning === (wanted === 'running')) {
		// Nothing would be sent: the campaign already is as asked.
		if (plan.dryRun && isOneShapeDryRun(ctx)) {
			const { campaignId } = plan;
			const campaignShown = campaignOutput(campaign);
			const added = { action: already, campaignId, enabled: isRunning, campaign: campaignShown };
			return [{ json: dryRunOutput([], added as IDataObject) }];
		}
		return [
			{
				json: {
					action: already,
					campaignId: plan.campaignId,
					enabled: isRunning,
					...(plan.dryRun ? { dryRun: true, request: null } : {}),
					campaign: campaignOutput(campaign),
				} as IDataObject,
			},
		];
	}
	const path = `${campaignsPath(plan.agentId)}/${encodeURIComponent(plan.campaignId)}`;
	const body = { ownerId: await ownerIdOf(ctx, plan, scope) };
	if (plan.dryRun) {
		const url = `${await getBaseUrl.call(ctx, scope.itemIndex)}${path}`;
		const request = { method: 'PATCH', url, body };
		const added = { action: done, campaignId: plan.campaignId, enabled: isRunning };
		return [
			{
				json: isOneShapeDryRun(ctx)
					? dryRunOutput([request], added)
					: ({ dryRun: true, ...added, request } as IDataObject),
			},
		];
	}
	// A PATCH is never repeated after an unclear failure (the transport): a toggle sent twice
	// would undo itself. A re-run reads first, so it cannot undo a toggle that did arrive.
	const answer = await requestChecked(
		ctx,
		{ method: 'PATCH', path, body, raw: true, response: campaignAnswerSchema },
		scope,
	);
	const data = (answer as IDataObject).data;
	const record =
		typeof data === 'object' && data !== null
			? (data as IDataObject)
			: { ...campaign, enabled: !isRunning };
	return [
		{
			json: {
				action: done,
				campaignId: plan.campaignId,
				enabled: !isRunning,
				campaign: campaignOutput(record),
			} as IDataObject,
		},
	];
}

export function toggleOperation(wanted: Wanted): ConvocoreOperation<Plan> {
	const show = { resource: ['campaign'], operation: [wanted === 'running' ? 'start' : 'pause'] };
	return {
		description: describe(wanted, show),
		defaultConcurrency: 1,
		prepare(this: IExecuteFunctions, itemIndex: number) {
			return prepareToggle(this, itemIndex);
		},
		async execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
			return await toggleTo(this, wanted, plan, scope);
		},
	};
}
