import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { BULK_LEADS, bulkLeadSchema } from '../../../shared/contracts/leadImport';
import { describeIssues } from '../../../shared/contracts/common';
import { lazy } from '../../../shared/contracts/lazy';
import { leadGroupNameSchema } from '../../../shared/contracts/leadGroup';
import { readDryRun } from '../../helpers/dryRun';
import { dryRunOption } from '../../descriptions/dryRun';
import { normalizePhone } from '../../helpers/phone';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { type BatchEntry, type ConvocoreOperation } from '../types';
import { executeImport, type ImportPlan } from './importBatches';

const show = { resource: ['lead'], operation: ['import'] };

function mapped(
	displayName: string,
	name: string,
	placeholder: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder,
		description,
		displayOptions: { show },
	};
}

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent that receives the leads'),
	mapped('Name', 'leadName', 'e.g. {{ $json.name }}', "The lead's name"),
	mapped('Email', 'email', 'e.g. {{ $json.email }}', "The lead's email address"),
	mapped(
		'Phone',
		'phone',
		'e.g. {{ $json.phone }}',
		'The number to call, in E.164 format (+ then country code and number); spaces, dashes, dots and brackets are removed',
	),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{ displayName: 'Address', name: 'address', type: 'string', default: '' },
			{ displayName: 'Company', name: 'company', type: 'string', default: '' },
			{
				displayName: 'Notes',
				name: 'notes',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
			},
			{
				displayName: 'Website',
				name: 'website',
				type: 'string',
				default: '',
				placeholder: 'https://example.com',
			},
		],
	},
	optionsCollection(show, [
		{
			displayName: 'Add to Lead Group',
			name: 'groupName',
			type: 'string',
			default: '',
			description:
				'Name of the lead group to store the imported leads in, in the same request (a group is the name its leads carry: a new name starts one). Empty: no group.',
		},
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: BULK_LEADS.maxBatchSize },
			// BULK_LEADS.defaultBatchSize, spelled out for n8n's lint.
			default: 100,
			description: `How many leads go in one request (1 to ${BULK_LEADS.maxBatchSize})`,
		},
		dryRunOption('validate and return the exact requests that would be sent, importing nothing'),
		timeoutOption(),
	]),
];

const optionsSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		batchSize: z
			.number({ invalid_type_error: 'must be a number' })
			.int('must be a whole number')
			.min(1, 'must be at least 1')
			.max(BULK_LEADS.maxBatchSize, `must be at most ${BULK_LEADS.maxBatchSize}`),
		groupName: leadGroupNameSchema.optional(),
	}),
);

const itemSchema = lazy(() => z.object({ lead: bulkLeadSchema, options: optionsSchema }));

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** One lead of one item, checked alone: the message names the item and each field and rule. */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ImportPlan> {
	const additional = (this.getNodeParameter('additionalFields', itemIndex, {}) ??
		{}) as IDataObject;
	const lead = compact({
		userName: text(this.getNodeParameter('leadName', itemIndex, '')),
		userEmail: text(this.getNodeParameter('email', itemIndex, '')),
		userPhone: normalizePhone(this.getNodeParameter('phone', itemIndex, '')),
		userAddress: text(additional.address),
		userCompany: text(additional.company),
		userWebsite: text(additional.website),
		notes: text(additional.notes),
	});
	const options = {
		agentId: readAgentId(this, itemIndex),
		batchSize: this.getNodeParameter('options.batchSize', itemIndex, BULK_LEADS.defaultBatchSize),
		groupName: text(this.getNodeParameter('options.groupName', itemIndex, '')) || undefined,
	};
	const checked = itemSchema.safeParse({ lead, options });
	if (!checked.success) {
		const problems = describeIssues(checked.error);
		throw new NodeOperationError(
			this.getNode(),
			`Invalid lead in item ${itemIndex}: ${problems.join('; ')}`,
			{
				itemIndex,
				description: `${problems.map((problem) => `• ${problem}`).join('\n')}\nOnly this item is refused when Continue On Fail is on; the others are imported.`,
			},
		);
	}
	const { agentId, batchSize, groupName } = checked.data.options;
	return {
		agentId,
		lead: checked.data.lead,
		batchSize,
		...(groupName ? { groupName } : {}),
		dryRun: readDryRun(this, itemIndex),
	};
}

export const importLeads: ConvocoreOperation<ImportPlan> = {
	description,
	prepare,
	async execute() {
		// Never called: runOperation hands every item to executeBatch.
		return [];
	},
	async executeBatch(
		this: IExecuteFunctions,
		items: Array<BatchEntry<ImportPlan>>,
		continueOnFail: boolean,
	) {
		return await executeImport(this, items, continueOnFail);
	},
};
