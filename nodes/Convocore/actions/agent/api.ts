import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { agentListSchema, agentsFromList, type AgentRecord } from '../../../shared/contracts/agents';
import type { RequestScope } from '../../../shared/transport';
import { requestChecked } from '../answers';

/** `GET /agents`, read wherever the list sits; shared by Agent > Get Many and the agent picker. */
export async function fetchAgents(ctx: IExecuteFunctions | ILoadOptionsFunctions, scope: RequestScope = {}): Promise<AgentRecord[]> {
	return agentsFromList(await requestChecked(ctx, { method: 'GET', path: '/agents', response: agentListSchema }, scope));
}
