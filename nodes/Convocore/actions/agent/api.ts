import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import {
	agentListSchema,
	agentSchema,
	agentsFromList,
	redactSecrets,
	type AgentRecord,
} from '../../../shared/contracts/agent';
import {
	exportTemplateAnswerSchema,
	type ExportTemplateAnswer,
	type ImportTemplateRequest,
	untypedAnswerSchema,
} from '../../../shared/contracts/agentTemplate';
import { secretsIn } from '../../../shared/secrets';
import type { RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { agentPath } from '../../helpers/paths';

/** `GET /agents`, read wherever the list sits; shared by Agent > Get Many and the agent picker. */
export async function fetchAgents(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	scope: RequestScope = {},
): Promise<AgentRecord[]> {
	return agentsFromList(
		await requestChecked(ctx, { method: 'GET', path: '/agents', response: agentListSchema }, scope),
	);
}

/** `POST /agents` or `PATCH /agents/{id}` with `{ agent }`: the agent record Convocore answers. */
export async function writeAgent(
	ctx: IExecuteFunctions,
	method: 'POST' | 'PATCH',
	path: string,
	body: { agent: IDataObject },
	scope: RequestScope,
): Promise<AgentRecord> {
	return await requestChecked(
		ctx,
		{ method, path, body: body as unknown as IDataObject, response: agentSchema },
		scope,
	);
}

/**
 * An agent record fit for output: secret fields redacted, and any secret the node itself sent
 * (an SMS auth token) removed wherever it is echoed.
 */
export function agentOutput(record: unknown, sent?: unknown): IDataObject {
	return redactSecrets(record, secretsIn(sent)) as IDataObject;
}

/**
 * What Options > Dry Run returns up to node version 5: the request as it would go, secrets redacted:
 * the secret fields, and their values wherever else the body repeats them (a token pasted into an
 * untyped field).
 */
export function dryRunUpToVersion5(method: string, path: string, body: IDataObject): IDataObject {
	return { dryRun: true, method, path, body: agentOutput(body, body) };
}

/** The id of an agent in an answer of untyped shape: `ID`, `id` or `agentId`, at the top or in `agent`. */
export function agentIdIn(answer: unknown): string | undefined {
	if (typeof answer !== 'object' || answer === null) return undefined;
	const record = answer as Record<string, unknown>;
	for (const key of ['ID', 'id', 'agentId']) {
		const value = record[key];
		if ((typeof value === 'string' && value.trim()) || typeof value === 'number')
			return String(value).trim();
	}
	return record.agent === undefined ? undefined : agentIdIn(record.agent);
}

/** `GET /agents/{agentId}/export-template`: the template as Convocore gives it, secrets included (never output as is). */
export async function fetchTemplate(
	ctx: IExecuteFunctions,
	agentId: string,
	scope: RequestScope,
): Promise<ExportTemplateAnswer> {
	return await requestChecked(
		ctx,
		{
			method: 'GET',
			path: `${agentPath(agentId)}/export-template`,
			response: exportTemplateAnswerSchema,
		},
		scope,
	);
}

/** `POST /agents/import-template`: what it answers is untyped in the OpenAPI. */
export async function importTemplate(
	ctx: IExecuteFunctions,
	body: ImportTemplateRequest,
	scope: RequestScope,
): Promise<unknown> {
	return await requestChecked(
		ctx,
		{
			method: 'POST',
			path: '/agents/import-template',
			body: body as unknown as IDataObject,
			response: untypedAnswerSchema,
		},
		scope,
	);
}

/**
 * A second request on a new agent failed (Create's update-only fields, Clone's fields): the error
 * names the agent that now exists, so nothing is half-done in silence and a re-run does not make
 * another one.
 */
export function halfDoneAgentError(
	error: unknown,
	{ newAgentId, done, fields }: { newAgentId: string; done: string; fields: string[] },
): unknown {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const original = error.message;
	error.message = `Agent ${newAgentId} ${done}, but setting its fields failed: ${original}`;
	error.description = [
		`The new agent ${newAgentId} exists. Do not run this again: it would make another agent. Set the fields (${fields.join(', ')}) with Agent > Update on agent ${newAgentId}, or delete it.`,
		error.description,
	]
		.filter(Boolean)
		.join('\n');
	error.context.createdAgentId = newAgentId;
	return error;
}
