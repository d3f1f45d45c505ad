import {
	createVariableRequestSchema,
	updateVariableRequestSchema,
} from '../../nodes/shared/contracts/variable';
import { assertAgentInScope, findAgent } from '../server/auth';
import { ApiError, parseOrThrow } from '../server/errors';
import type { SandboxVariable } from '../domain/state';
import type { Route, RouteContext } from './types';

/**
 * Agent variables (agent-at-work spec §2). Bodies are checked against the node's own contracts
 * (unknown keys refused, as the OpenAPI's `additionalProperties: false`). Values are stored and
 * answered as given, an isEnv variable's included: hiding them is the node's job, and the tests
 * prove it does.
 */

function variablesOf(ctx: RouteContext): Record<string, SandboxVariable> {
	return (ctx.state.variables ??= {});
}

function record(variable: SandboxVariable): Record<string, unknown> {
	return {
		id: variable.id,
		...variable.fields,
		agentId: variable.agentId,
		userId: variable.workspaceId,
	};
}

/** The variable as the caller sees it: one of another workspace, or of another agent for an agent secret, does not exist. */
function findVariable(ctx: RouteContext): SandboxVariable {
	const id = ctx.params.variableId;
	const variable = variablesOf(ctx)[id];
	if (!variable || variable.workspaceId !== ctx.caller.workspace.id)
		throw new ApiError(404, 'VARIABLE_NOT_FOUND', `Variable ${id} was not found.`);
	assertAgentInScope(ctx.caller, variable.agentId);
	return variable;
}

function createVariable(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const { variable: fields } = parseOrThrow(createVariableRequestSchema, ctx.body, 'variable');
	const taken = Object.values(variablesOf(ctx)).some(
		(other) => other.agentId === agent.ID && other.fields.key === fields.key,
	);
	if (taken)
		throw new ApiError(
			409,
			'VARIABLE_EXISTS',
			`Agent ${agent.ID} already has a variable with key ${fields.key}.`,
		);
	ctx.state.createdVariables = (ctx.state.createdVariables ?? 0) + 1;
	const variable: SandboxVariable = {
		id: `variable-${ctx.state.createdVariables}`,
		agentId: agent.ID,
		workspaceId: agent.workspaceId,
		fields,
	};
	variablesOf(ctx)[variable.id] = variable;
	return { body: { success: true, message: 'Variable created', data: record(variable) } };
}

function listVariables(ctx: RouteContext) {
	const agent = findAgent(ctx.state, ctx.caller, ctx.params.agentId);
	const data = Object.values(variablesOf(ctx))
		.filter((variable) => variable.agentId === agent.ID)
		.map(record);
	return {
		body: {
			success: true,
			message: `${data.length} variable${data.length === 1 ? '' : 's'}`,
			data,
		},
	};
}

function getVariable(ctx: RouteContext) {
	return { body: { success: true, message: 'Variable found', data: record(findVariable(ctx)) } };
}

function updateVariable(ctx: RouteContext) {
	const variable = findVariable(ctx);
	const { variable: fields } = parseOrThrow(updateVariableRequestSchema, ctx.body, 'variable');
	variable.fields = { ...variable.fields, ...fields };
	return { body: { success: true, message: 'Variable updated', data: record(variable) } };
}

function deleteVariable(ctx: RouteContext) {
	const variable = findVariable(ctx);
	delete variablesOf(ctx)[variable.id];
	return { body: { success: true, message: `Variable ${variable.id} deleted` } };
}

export const variableRoutes: Route[] = [
	{ method: 'POST', pattern: '/agents/:agentId/variables', handler: createVariable },
	{ method: 'GET', pattern: '/agents/:agentId/variables', handler: listVariables },
	{ method: 'GET', pattern: '/variables/:variableId', handler: getVariable },
	{ method: 'PATCH', pattern: '/variables/:variableId', handler: updateVariable },
	{ method: 'DELETE', pattern: '/variables/:variableId', handler: deleteVariable },
];
