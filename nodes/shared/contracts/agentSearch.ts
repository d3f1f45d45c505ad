import { z } from 'zod';
import { agentRecordSchema } from './agent';
import { lazy } from './lazy';

/**
 * `GET /agents/search` (agent-at-work spec §6): its own shape, no envelope. `agents` is the page
 * asked for; `starredAgents` every starred agent, whatever the page (not output by the node).
 */
export const AGENT_SEARCH_SORTS = [
	'newest',
	'oldest',
	'firstCreated',
	'lastCreated',
	'alphabetical',
] as const;
export const AGENT_SEARCH_MAX_LIMIT = 100;

export const agentSearchAnswerSchema = lazy(() =>
	z
		.object({
			agents: z.array(agentRecordSchema),
			total: z.number().optional(),
			page: z.number().optional(),
			limit: z.number().optional(),
			hasMore: z.boolean(),
		})
		.passthrough(),
);
