import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
} from 'n8n-workflow';
import { AGENT_URL_PATTERN, agentSchema, type AgentRecord } from '../shared/contracts/agent';
import { convocoreApiRequest } from '../Convocore/transport/request';
import { agentPath } from '../Convocore/helpers/paths';

/**
 * Node version 2's Register on Agents: activation points each chosen agent's `webhookUrl` at this
 * node's URL, deactivation puts back what the agent had. Convocore's OpenAPI 1.0.4 describes the
 * field only as "the URL where the agent sends webhook events to external systems"; which events
 * go there is our reading (docs/trigger.md).
 *
 * What was there before is kept in the node's static data, per URL this node registered (n8n
 * keeps the Test URL's registration apart from the Production URL's):
 *   agentRegistrations: { "<this node's URL>": { "<agentId>": "<the agent's URL before, or ''>" } }
 * so deactivation restores from what activation saw, not from the parameters of the moment.
 */

const REGISTRATIONS_KEY = 'agentRegistrations';

type Registrations = Record<string, Record<string, string>>;

export interface RegistrationSettings {
	agentIds: string[];
	/** Replace Existing URL: take over an agent that points elsewhere, and remember its URL. */
	replace: boolean;
}

/** One agent as registration reads it. */
interface AgentTarget {
	agentId: string;
	label: string;
	webhookUrl: string;
}

/** The agent an Agents entry names: a picker value (From List, By URL, By ID) or plain text. */
function agentIdOfEntry(entry: unknown): string {
	const raw = (entry as { agentId?: unknown } | null)?.agentId;
	const locator =
		typeof raw === 'object' && raw !== null
			? (raw as { mode?: unknown; value?: unknown })
			: { value: raw };
	const text = typeof locator.value === 'string' ? locator.value.trim() : '';
	if (locator.mode !== 'url') return text;
	return AGENT_URL_PATTERN.exec(text)?.[1] ?? '';
}

/** Register on Agents as set on a version 2 node; undefined when it is off or the node is version 1. */
export function registrationSettings(ctx: IHookFunctions): RegistrationSettings | undefined {
	const node = ctx.getNode();
	// Version 1 never writes to an agent, whatever its parameters hold.
	if (node.typeVersion < 2) return undefined;
	if (ctx.getNodeParameter('registerOnAgents', false) !== true) return undefined;
	const agents = ctx.getNodeParameter('agents', {}) as { agent?: unknown };
	const entries = Array.isArray(agents.agent) ? (agents.agent as unknown[]) : [];
	const agentIds: string[] = [];
	entries.forEach((entry, index) => {
		const agentId = agentIdOfEntry(entry);
		if (!agentId) {
			throw new NodeOperationError(
				node,
				`Agents: agent ${index + 1} names no agent (pick one from the list, or give its ID or its Convocore URL)`,
			);
		}
		if (!agentIds.includes(agentId)) agentIds.push(agentId);
	});
	if (agentIds.length === 0) {
		throw new NodeOperationError(node, 'Register on Agents is on, but Agents names no agent', {
			description:
				'Add the agents whose events this node receives, or turn Register on Agents off.',
		});
	}
	return { agentIds, replace: ctx.getNodeParameter('replaceExistingUrl', false) === true };
}

function labelOf(agentId: string, agent: AgentRecord): string {
	const title = typeof agent.title === 'string' ? agent.title.trim() : '';
	return title ? `agent "${title}" (${agentId})` : `agent ${agentId}`;
}

/** `GET /agents/{id}`: the agent's title and its `webhookUrl` ('' when it has none). */
async function readAgent(ctx: IHookFunctions, agentId: string): Promise<AgentTarget> {
	const agent = (await convocoreApiRequest.call(ctx, {
		method: 'GET',
		path: agentPath(agentId),
		response: agentSchema,
	})) as AgentRecord;
	const label = labelOf(agentId, agent);
	const { webhookUrl } = agent;
	if (webhookUrl === undefined || webhookUrl === null) return { agentId, label, webhookUrl: '' };
	if (typeof webhookUrl !== 'string') {
		throw new NodeOperationError(
			ctx.getNode(),
			`Convocore answered the webhookUrl of ${label} as ${typeof webhookUrl}, not text; no agent was changed`,
		);
	}
	return { agentId, label, webhookUrl };
}

/** `PATCH /agents/{id}` with `{ agent: { webhookUrl } }` and nothing else. */
async function writeWebhookUrl(ctx: IHookFunctions, agentId: string, webhookUrl: string) {
	await convocoreApiRequest.call(ctx, {
		method: 'PATCH',
		path: agentPath(agentId),
		body: { agent: { webhookUrl } },
		response: agentSchema,
	});
}

function readRegistrations(ctx: IHookFunctions): Registrations {
	const stored = ctx.getWorkflowStaticData('node')[REGISTRATIONS_KEY];
	if (typeof stored !== 'object' || stored === null) return {};
	return JSON.parse(JSON.stringify(stored)) as Registrations;
}

function saveRegistrations(ctx: IHookFunctions, registrations: Registrations): void {
	const staticData = ctx.getWorkflowStaticData('node');
	for (const [url, agents] of Object.entries(registrations))
		if (Object.keys(agents).length === 0) delete registrations[url];
	if (Object.keys(registrations).length === 0) delete staticData[REGISTRATIONS_KEY];
	else staticData[REGISTRATIONS_KEY] = registrations as unknown as IDataObject;
}

/** True while every chosen agent sends its events to `url`: then n8n skips create(). */
export async function registeredEverywhere(
	ctx: IHookFunctions,
	url: string,
	settings: RegistrationSettings,
): Promise<boolean> {
	for (const agentId of settings.agentIds) {
		if ((await readAgent(ctx, agentId)).webhookUrl !== url) return false;
	}
	return true;
}

/**
 * Points every chosen agent at `url`. Every agent is read before any is written: one that points
 * elsewhere refuses the activation (unless Replace Existing URL) with nothing changed. A write
 * that fails puts back the agents already written before the error is thrown.
 */
export async function register(
	ctx: IHookFunctions,
	url: string,
	settings: RegistrationSettings,
): Promise<void> {
	const registrations = readRegistrations(ctx);
	const planned: Array<AgentTarget & { previous: string }> = [];
	const refused: string[] = [];
	for (const agentId of settings.agentIds) {
		const target = await readAgent(ctx, agentId);
		const current = target.webhookUrl;
		// A URL this node registered on the agent before (this one, or an earlier base URL of n8n).
		const ours = registrations[current]?.[agentId];
		if (current === '') planned.push({ ...target, previous: '' });
		else if (ours !== undefined) planned.push({ ...target, previous: ours });
		// Set to this URL by hand: nothing else to put back, and it stops listening on deactivation.
		else if (current === url) planned.push({ ...target, previous: '' });
		else if (settings.replace) planned.push({ ...target, previous: current });
		else refused.push(`${target.label} already sends its events to ${current}`);
	}
	if (refused.length > 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Not registered: ${refused.join('; ')}. Registering would replace that URL.`,
			{
				description:
					'No agent was changed. Another workflow or system may rely on that URL. Turn on Replace Existing URL to take it over (it is put back when this workflow is deactivated), or clear the Webhook URL of the agent in Convocore.',
			},
		);
	}
	const written: typeof planned = [];
	try {
		for (const target of planned) {
			await writeWebhookUrl(ctx, target.agentId, url);
			written.push(target);
		}
	} catch (error) {
		throw await undoWrites(ctx, written, error);
	}
	for (const { agentId, previous } of planned) {
		for (const agents of Object.values(registrations)) delete agents[agentId];
		registrations[url] = { ...(registrations[url] ?? {}), [agentId]: previous };
	}
	saveRegistrations(ctx, registrations);
}

/** Puts back the agents a failed registration already wrote; returns the error to throw. */
async function undoWrites(
	ctx: IHookFunctions,
	written: AgentTarget[],
	error: unknown,
): Promise<unknown> {
	const left: string[] = [];
	for (const target of written.reverse()) {
		try {
			await writeWebhookUrl(ctx, target.agentId, target.webhookUrl);
		} catch {
			left.push(`${target.label} (it had ${target.webhookUrl || 'no URL'})`);
		}
	}
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	error.description = [
		left.length
			? `Registration stopped. These agents could not be put back and now point at this node: ${left.join('; ')}.`
			: 'Registration stopped; every agent changed before the error was put back.',
		error.description,
	]
		.filter(Boolean)
		.join('\n');
	return error;
}

function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && String(error.httpCode) === '404';
}

/**
 * Puts back what each agent registered on `url` had, on agents that still point at `url`: one
 * changed since keeps its new URL. An agent deleted in Convocore has nothing to put back. A
 * failure is thrown once every agent was tried; its record stays for the next deactivation.
 */
export async function unregister(ctx: IHookFunctions, url: string): Promise<void> {
	const registrations = readRegistrations(ctx);
	const mine = registrations[url] ?? {};
	const failed: string[] = [];
	let firstError: unknown;
	for (const [agentId, previous] of Object.entries(mine)) {
		try {
			const target = await readAgent(ctx, agentId);
			if (target.webhookUrl === url) await writeWebhookUrl(ctx, agentId, previous);
			delete mine[agentId];
		} catch (error) {
			if (isNotFound(error)) {
				delete mine[agentId];
				continue;
			}
			failed.push(agentId);
			firstError ??= error;
		}
	}
	saveRegistrations(ctx, registrations);
	if (failed.length === 0) return;
	const reason = firstError instanceof Error ? firstError.message : String(firstError);
	throw new NodeOperationError(
		ctx.getNode(),
		`Could not put back the Webhook URL of ${failed.map((id) => `agent ${id}`).join(', ')}: ${reason}`,
		{
			description:
				'Those agents may still send their events to this node. Activate and deactivate the workflow again to retry, or set their Webhook URL in Convocore.',
		},
	);
}
