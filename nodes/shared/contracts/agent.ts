import { z } from 'zod';
import { findList, listingContract } from './common';
import { lazy } from './lazy';
import { isSecretKey, redactDeep, REDACTED } from '../secrets';

/**
 * Agents (`GET /agents`, `GET /agents/{id}`, `GET /agents/{id}/phone`) as the beyond-the-seed
 * reading gives them: records are untyped and lenient, and hold secrets the node never outputs.
 */

/**
 * An agent's address in the Convocore app: the public prototype link
 * `app.convocore.ai/{eu|na}/prototype/<agentId>`, or a dashboard page whose path holds
 * `agent/<agentId>` or `agents/<agentId>`. The first group is the agent ID.
 */
export const AGENT_URL_PATTERN =
	/^https?:\/\/(?:[\w-]+\.)*convocore\.ai\/(?:(?:eu|na)\/prototype|(?:[^?#]*\/)?agents?)\/([A-Za-z0-9_-]+)/;

/** The Agent ID wherever the node reads one: text, not a number, null or an object. */
export const agentIdSchema = lazy(() =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text (an agent ID)' })
		.trim()
		.min(1, 'is required'),
);

/** One agent as it comes: only its ID is needed to list it; every other field is kept. */
export const agentRecordSchema = lazy(() =>
	z
		.object({
			ID: z.union([z.string(), z.number()]).optional(),
			id: z.union([z.string(), z.number()]).optional(),
		})
		.passthrough(),
);
export type AgentRecord = z.output<typeof agentRecordSchema>;

const AGENT_LIST_KEYS = ['agents'] as const;

/**
 * `GET /agents`: the listing rule of contracts/common.ts, the list in `data`, `data.agents`,
 * `agents` or a bare array (after the transport has unwrapped `{ success, data }`, the first is
 * a bare array too), every entry an agent record.
 */
export const agentListSchema = lazy(() =>
	listingContract(agentRecordSchema, AGENT_LIST_KEYS, 'agents'),
);

export function agentsFromList(body: unknown): AgentRecord[] {
	return (findList(body, AGENT_LIST_KEYS) ?? []) as AgentRecord[];
}

/** `GET /agents/{id}`: the agent, bare or in an envelope the transport has unwrapped. */
export const agentSchema = agentRecordSchema;

export function agentIdOf(agent: AgentRecord): string {
	return String(agent.ID ?? agent.id ?? '');
}

/**
 * The fields Simplify keeps: the allow-list of the public MCP client's compact view, none of
 * which can hold a secret.
 */
export const AGENT_SUMMARY_FIELDS = [
	'ID',
	'id',
	'title',
	'description',
	'theme',
	'ownerID',
	'agentPlatform',
	'disabled',
	'isDeployed',
	'enableNodes',
	'vg_enableUIEngine',
	'createdAtUNIX',
	'lastModified',
	'starred',
	'isStarred',
] as const;

/**
 * Field names that hold secrets in agent records (spec section 4.4), matched at any depth: the
 * shared secret names plus private keys and Discord's `webhookUrls` (they embed a token).
 */
const AGENT_SECRET_KEY = /private_?key|webhookUrls/i;
/** Counters that only look like secrets by name. */
const NOT_SECRET = /^(max|min)?_?tokens?(count|limit|used)?$/i;

export function isAgentSecretKey(key: string): boolean {
	return (isSecretKey(key) || AGENT_SECRET_KEY.test(key)) && !NOT_SECRET.test(key);
}

/**
 * A deep copy of `value` with every secret-holding field replaced by `[redacted]`, and every
 * occurrence of a `known` secret (one the node sent, echoed back in some other field) as well.
 */
export function redactSecrets<T>(value: T, known: ReadonlySet<string> = new Set()): T {
	return redactDeep(redactFields(value, 0) as T, known);
}

function redactFields(value: unknown, depth: number): unknown {
	if (depth > 64 || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) return value.map((entry) => redactFields(entry, depth + 1));
	return Object.fromEntries(
		Object.entries(value as Record<string, unknown>).map(([key, entry]) => {
			const hidden =
				isAgentSecretKey(key) && typeof entry !== 'number' && typeof entry !== 'boolean';
			if (hidden && entry !== '' && entry !== null && entry !== undefined) return [key, REDACTED];
			return [key, redactFields(entry, depth + 1)];
		}),
	);
}

/** Simplify: only the allow-listed fields, which hold no secret. */
export function simplifyAgent(agent: AgentRecord): Record<string, unknown> {
	return Object.fromEntries(
		AGENT_SUMMARY_FIELDS.filter((field) => field in agent).map((field) => [field, agent[field]]),
	);
}

/** `GET /agents/search` (beyond-the-seed 4.2): query parameters as the OpenAPI gives them. */
export const agentSearchQuerySchema = lazy(() =>
	z
		.object({
			workspaceId: z.string({ required_error: 'is required' }).trim().min(1, 'is required'),
			search: z.string().optional(),
			sortBy: z
				.enum(['newest', 'oldest', 'firstCreated', 'lastCreated', 'alphabetical'])
				.default('newest'),
			page: z.coerce.number().int().min(1).default(1),
			limit: z.coerce.number().int().min(1).max(100).default(50),
			starredOnly: z
				.enum(['true', 'false'])
				.default('false')
				.transform((value) => value === 'true'),
		})
		.passthrough(),
);
