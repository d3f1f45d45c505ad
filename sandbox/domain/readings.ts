import { z } from 'zod';
import { validationError } from '../server/errors';
import { isPublished } from '../server/mode';
import type { SandboxReadings } from './records';
import type { SandboxState } from './state';

/**
 * Where no public source settles how Convocore behaves, the sandbox can answer under each reading
 * the node must survive (issue 40), switched by `POST /__sandbox/readings` (sandbox/server/control.ts)
 * and cleared by a reset:
 *
 * - `leadGroupExists`: `POST /agents/{agentId}/groups` ("Create new group for agent leads") with
 *   the name of a group that exists and new leads. `adds`: the leads join it (the public MCP
 *   client's "a group exists only while it has leads"); `refuses`: 409 CONFLICT, nothing stored.
 *   Default: `adds`.
 * - `usageLogsFirstPage`: which `logsPage` is the first page of the usage logs. `zero`: 0-based;
 *   `one`: 1-based, logsPage 0 refused with 400; `oneAlsoAtZero`: 1-based, logsPage 0 answered as
 *   page 1 (a server that clamps). Default: `one` in strict mode, `oneAlsoAtZero` in published mode
 *   (the OpenAPI sets no bounds on logsPage, so a published server takes 0).
 */
const readingsSchema: z.ZodType<SandboxReadings> = z
	.object({
		leadGroupExists: z.enum(['adds', 'refuses']).optional(),
		usageLogsFirstPage: z.enum(['zero', 'one', 'oneAlsoAtZero']).optional(),
	})
	.strict();

/** The reading of an existing lead group's name on the create route. */
export function leadGroupExistsReading(state: SandboxState): 'adds' | 'refuses' {
	return state.readings?.leadGroupExists ?? 'adds';
}

/** The reading of the usage logs' first page, after the mode's default. */
export function usageLogsFirstPageReading(
	state: SandboxState,
): NonNullable<SandboxReadings['usageLogsFirstPage']> {
	return state.readings?.usageLogsFirstPage ?? (isPublished() ? 'oneAlsoAtZero' : 'one');
}

/** `GET /__sandbox/readings`: the switches set; `POST` sets those given, keeping the others. */
export function readingsControl(
	state: SandboxState,
	method: string,
	body: unknown,
): { status: number; body: unknown } {
	if (method === 'GET') return { status: 200, body: { readings: state.readings ?? {} } };
	const parsed = readingsSchema.safeParse(body);
	if (!parsed.success)
		return { status: 400, body: validationError('readings', parsed.error).toBody() };
	state.readings = { ...state.readings, ...parsed.data };
	return { status: 200, body: { success: true, readings: state.readings } };
}
