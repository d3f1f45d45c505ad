import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../../shared/contracts/lazy';
import { agentIdSchema } from '../../../shared/contracts/agent';
import { agentFieldsSchema } from '../../../shared/contracts/agentFields';
import type { RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { validate } from '../../helpers/parameters';
import { type ConvocoreOperation } from '../types';
import { isRefusal } from '../../helpers/refusal';
import {
	agentIdIn,
	agentOutput,
	fetchTemplate,
	halfDoneAgentError,
	importTemplate,
	writeAgent,
} from './api';
import { agentPath } from '../../helpers/paths';
import { checkWrite } from '../../helpers/writeCheck';
import {
	agentFieldProperties,
	hintIgnoredPrompt,
	otherFieldsOption,
	readAgentFields,
} from './fields';

/**
 * Clone: no public source shows a clone endpoint, so a clone is the source agent's export
 * template imported again under the new name (agents-and-knowledge spec), then the overrides
 * set on the new agent. Three requests, each sent once; a failure after the import names the
 * agent that now exists.
 */

const show = { resource: ['agent'], operation: ['clone'] };

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent to copy'),
	{
		displayName: 'New Agent Name',
		name: 'agentName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Ava for Smile Clinic',
		description: 'The name of the copy',
		displayOptions: { show },
	},
	{
		displayName:
			'The copy is made in three steps: export the agent, import it under the new name, then set the fields below on the copy',
		name: 'cloneNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentFieldProperties(show, { withTitle: false }),
	optionsCollection(show, [otherFieldsOption, timeoutOption()]),
];

const planSchema = lazy(() =>
	z.object({
		agentId: agentIdSchema,
		agentName: z
			.string({ required_error: 'is required', invalid_type_error: 'must be text' })
			.trim()
			.min(1, 'is required'),
		overrides: agentFieldsSchema,
	}),
);
type ClonePlan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ClonePlan> {
	return validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			agentName: this.getNodeParameter('agentName', itemIndex, ''),
			overrides: readAgentFields(this, itemIndex, { withTitle: false }),
		},
		itemIndex,
		'agent clone',
	);
}

export async function execute(this: IExecuteFunctions, plan: ClonePlan, scope: RequestScope) {
	const { agentTemplate } = await fetchTemplate(this, plan.agentId, scope);
	// The template goes back to Convocore as it came (secrets included, as the copy needs them);
	// it is never output.
	const importBody = { agentTemplate, agentName: plan.agentName, fromAgentId: plan.agentId };
	let imported: unknown;
	try {
		imported = await importTemplate(this, importBody, scope);
	} catch (error) {
		throw mayHaveImported(error, plan);
	}
	const overrides = plan.overrides as IDataObject;
	if (Object.keys(overrides).length === 0) return [{ json: agentOutput(imported, importBody) }];

	const newAgentId = agentIdIn(imported);
	if (newAgentId === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`Agent "${plan.agentName}" was cloned from ${plan.agentId}, but Convocore's answer does not name the new agent, so its fields were not set`,
			{
				itemIndex: scope.itemIndex,
				description: `Do not run this again: it would make another copy. Find the copy with Agent > Get Many and set the fields with Agent > Update (${Object.keys(overrides).join(', ')}).`,
			},
		);
	}
	let record: Awaited<ReturnType<typeof writeAgent>>;
	try {
		record = await writeAgent(this, 'PATCH', agentPath(newAgentId), { agent: overrides }, scope);
	} catch (error) {
		throw halfDone(error, plan, newAgentId, overrides);
	}
	hintIgnoredPrompt(
		this,
		overrides,
		overrides.enableNodes ?? record.enableNodes,
		scope.itemIndex ?? 0,
	);
	const output = agentOutput(record, { importBody, overrides });
	return [
		{
			json: checkWrite(this, output, {
				sent: overrides,
				record,
				itemIndex: scope.itemIndex ?? 0,
				what: `Agent ${newAgentId}`,
			}),
		},
	];
}

/** The import failed: when that may have been after Convocore received it, a copy may exist. */
function mayHaveImported(error: unknown, plan: ClonePlan): unknown {
	// A refusal (a 4xx other than 408) made no copy; a 408 may have come after the import.
	if (isRefusal(error)) return error;
	const note = `If the import reached Convocore, a copy named "${plan.agentName}" may exist: check Agent > Get Many before running this again.`;
	const described = error as { description?: string | null };
	if (error instanceof NodeApiError || error instanceof NodeOperationError)
		described.description = [described.description, note].filter(Boolean).join('\n');
	return error;
}

/** Setting the fields failed after the copy was made: the error names the copy, so nothing is half-done in silence. */
function halfDone(
	error: unknown,
	plan: ClonePlan,
	newAgentId: string,
	overrides: IDataObject,
): unknown {
	return halfDoneAgentError(error, {
		newAgentId,
		done: `("${plan.agentName}") was cloned from ${plan.agentId}`,
		fields: Object.keys(overrides),
	});
}

export const clone: ConvocoreOperation<ClonePlan> = { description, prepare, execute };
