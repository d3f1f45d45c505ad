import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import {
	MAGIC_IMPORT,
	magicImportLeadsAnswerSchema,
	magicImportLeadsRequestSchema,
} from '../../../shared/contracts/leadImportFromText';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption } from '../../descriptions/dryRun';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['lead'], operation: ['importFromText'] };

export const description: INodeProperties[] = [
	{
		displayName:
			"Spends Convocore credits: Convocore's AI reads the text. Use Dry Run to check the request first.",
		name: 'importFromTextNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The agent that receives the leads'),
	{
		displayName: 'Text',
		name: 'rawText',
		type: 'string',
		typeOptions: { rows: 6 },
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.body }}',
		description: `Free text holding the leads, such as an e-mail body or a pasted list (at most ${MAGIC_IMPORT.maxRawTextLength} characters)`,
		displayOptions: { show },
	},
	optionsCollection(show, [
		{
			displayName: 'Add to Lead Group',
			name: 'groupName',
			type: 'string',
			default: '',
			description: 'Name of the lead group to put the leads in. Empty: no group.',
		},
		{
			displayName: 'Additional Instructions',
			name: 'additionalInstructions',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description:
				"Guidance for Convocore's AI, e.g. which lines are leads or where the company names are",
		},
		dryRunOption(
			'validate and return the exact request that would be sent, importing nothing and spending no credits',
		),
		timeoutOption(),
	]),
];

const planSchema = lazy(() =>
	z.object({ agentId: agentIdSchema, body: magicImportLeadsRequestSchema }),
);
type Plan = z.output<typeof planSchema> & { dryRun: boolean };

const trimmedOrEmpty = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const body = compact({
		rawText: this.getNodeParameter('rawText', itemIndex, ''),
		leadGroupId:
			trimmedOrEmpty(this.getNodeParameter('options.groupName', itemIndex, '')) || undefined,
		additionalInstructions:
			trimmedOrEmpty(this.getNodeParameter('options.additionalInstructions', itemIndex, '')) ||
			undefined,
	});
	const plan = validate(
		this,
		planSchema,
		{ agentId: readAgentId(this, itemIndex), body },
		itemIndex,
		'import from text',
	);
	return { ...plan, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/magic-import-leads`;
	if (plan.dryRun) {
		const url = `${await getBaseUrl.call(this, scope.itemIndex)}${path}`;
		const request = { method: 'POST', url, body: plan.body };
		return [
			{
				json: isOneShapeDryRun(this)
					? dryRunOutput([request])
					: ({ dryRun: true, request } as IDataObject),
			},
		];
	}
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path,
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: magicImportLeadsAnswerSchema,
		},
		scope,
	);
	// One item per lead added, as Convocore gives it (records are untyped); none when it found none.
	return answer.leadsAdded.map((lead) => ({
		json: (typeof lead === 'object' && lead !== null && !Array.isArray(lead)
			? lead
			: { lead }) as IDataObject,
	}));
}

export const importFromText: ConvocoreOperation<Plan> = { description, prepare, execute };
