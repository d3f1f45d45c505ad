import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import {
	AGENT_SEARCH_MAX_LIMIT,
	AGENT_SEARCH_SORTS,
	agentSearchAnswerSchema,
} from '../../../shared/contracts/agentSearch';
import { redactSecrets, simplifyAgent, type AgentRecord } from '../../../shared/contracts/agent';
import { lazy } from '../../../shared/contracts/lazy';
import { collectNumberedPages } from '../../transport/pagination';
import type { RequestScope } from '../../transport/retries';
import { readIdParameter } from '../../helpers/agentId';
import { workspacePicker } from '../../descriptions/pickers';
import { requestChecked } from '../../helpers/answers';
import { requiredText, hintWhenLimitReached } from '../../helpers/parameters';
import { listDescription } from '../../descriptions/listing';
import { mostOf, readListPlan, simplifiedListPlanSchema } from '../../helpers/listing';
import { type ConvocoreOperation } from '../types';
const show = { resource: ['agent'], operation: ['search'] };

const SORT_NAMES: Record<(typeof AGENT_SEARCH_SORTS)[number], string> = {
	alphabetical: 'Alphabetical',
	firstCreated: 'First Created',
	lastCreated: 'Last Created',
	newest: 'Newest',
	oldest: 'Oldest',
};

export const description: INodeProperties[] = listDescription(show, {
	of: [
		workspacePicker('The workspace whose agents are searched', { show }),
		{
			displayName: 'Search Text',
			name: 'search',
			type: 'string',
			default: '',
			placeholder: 'e.g. dental',
			description: "Text the agent's name must contain; empty lists every agent",
			displayOptions: { show },
		},
		{
			displayName: 'Sort By',
			name: 'sortBy',
			type: 'options',
			default: 'newest',
			options: AGENT_SEARCH_SORTS.map((value) => ({ name: SORT_NAMES[value], value })).sort(
				(a, b) => (a.name < b.name ? -1 : 1),
			),
			description: 'The order Convocore lists the agents in',
			displayOptions: { show },
		},
		{
			displayName: 'Starred Only',
			name: 'starredOnly',
			type: 'boolean',
			default: false,
			description: 'Whether to list only the agents starred in the dashboard',
			displayOptions: { show },
		},
	],
	simplify: { what: 'agent record (secrets are always left out)' },
});

const planSchema = lazy(() =>
	simplifiedListPlanSchema({
		workspaceId: requiredText('a workspace ID'),
		search: z.string({ invalid_type_error: 'must be text' }).trim(),
		sortBy: z.enum(AGENT_SEARCH_SORTS, {
			errorMap: () => ({ message: `must be one of ${AGENT_SEARCH_SORTS.join(', ')}` }),
		}),
		starredOnly: z.boolean({ invalid_type_error: 'must be true or false' }),
	}),
);
type Plan = z.output<typeof planSchema>;

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const given = {
		workspaceId: readIdParameter(this, 'workspaceId', itemIndex),
		search: this.getNodeParameter('search', itemIndex, ''),
		sortBy: this.getNodeParameter('sortBy', itemIndex, 'newest'),
		starredOnly: this.getNodeParameter('starredOnly', itemIndex, false),
	};
	return readListPlan(this, itemIndex, planSchema, given, 'agent search', { simplify: true });
}

/** `GET /agents/search`, page by page (up to 100 a page) until Limit or the server's hasMore says the end. */
export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const max = mostOf(plan);
	const agents = await collectNumberedPages<AgentRecord>(
		async (page, limit) => {
			const qs: IDataObject = {
				workspaceId: plan.workspaceId,
				sortBy: plan.sortBy,
				page,
				limit,
				starredOnly: plan.starredOnly,
			};
			if (plan.search) qs.search = plan.search;
			const answer = await requestChecked(
				this,
				{ method: 'GET', path: '/agents/search', qs, raw: true, response: agentSearchAnswerSchema },
				scope,
			);
			// hasMore is the search's own word on paging: an exactly full last page ends the listing without one more request.
			return { items: answer.agents, hasMore: answer.hasMore };
		},
		{ max, pageSize: Math.min(AGENT_SEARCH_MAX_LIMIT, max), what: 'agents' },
	);
	hintWhenLimitReached(this, agents.length, max, 'agents', scope.itemIndex ?? 0);
	return agents.map((agent) => ({
		json: (plan.simplify ? simplifyAgent(agent) : redactSecrets(agent)) as IDataObject,
	}));
}

export const search: ConvocoreOperation<Plan> = { description, prepare, execute };
