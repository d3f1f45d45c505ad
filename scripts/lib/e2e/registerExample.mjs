// The example whose Convocore Trigger (node version 2) registers itself on an agent
// (examples/19-*.json), in a real n8n: activation through n8n's REST API sets the sandbox agent's
// webhookUrl to n8n's Production URL, an event the sandbox sends for that agent reaches n8n once,
// deactivation puts back the agent's old URL, and a workflow asking for an agent that points
// elsewhere is refused, naming the agent and the URL. In queue mode the main process activates
// (and so registers) while the webhook processor receives the event and the worker runs it.
import { randomUUID } from 'node:crypto';

import { waitFor } from './processes.mjs';

const TRIGGER_TYPE = 'n8n-nodes-convocore.convocoreTrigger';
/** Where the agent sent its events before n8n: another system that relies on it. */
const CRM_URL = 'https://crm.example.com/hooks/convocore';
const LEAD = { name: 'Robin Register', email: 'robin@example.com', phone: '+4917644455566' };

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

/** The example's Convocore Trigger when it has Register on Agents on. */
export function registeringTriggerOf(workflow) {
	return workflow.nodes.find(
		(node) => node.type === TRIGGER_TYPE && node.parameters?.registerOnAgents === true,
	);
}

/** The one agent the example registers on. */
function agentIdOf(trigger) {
	const [entry] = trigger.parameters.agents?.agent ?? [];
	const agentId = entry?.agentId?.value;
	assert(typeof agentId === 'string' && agentId, 'the trigger names no agent');
	return agentId;
}

/** The sandbox's Convocore API with the workspace secret, as any client calls it. */
function convocoreApi(sandbox, secret) {
	return async (method, path, body) => {
		const response = await fetch(`${sandbox.baseUrl}${path}`, {
			method,
			headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		assert(response.ok, `${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
		const parsed = JSON.parse(text);
		return parsed.data ?? parsed;
	};
}

/** Activates and returns why n8n refused it: the answer's or the publication's error. */
async function refusal(rest, workflow) {
	try {
		await rest.activate(workflow.id, workflow.versionId);
		await rest.waitPublished(workflow.id);
	} catch (error) {
		return error.message;
	} finally {
		// A failed publication can leave the workflow marked active: switch it off again.
		await rest.deactivate(workflow.id).catch(() => undefined);
	}
	throw new Error('the activation was not refused');
}

export async function exerciseRegistration({
	mode,
	file,
	rest,
	stored,
	webhookBaseUrl,
	sandbox,
	checks,
	seen,
	secret,
}) {
	const trigger = registeringTriggerOf(stored);
	const agentId = agentIdOf(trigger);
	const api = convocoreApi(sandbox, secret);
	const agentUrl = async () => (await api('GET', `/agents/${agentId}`)).webhookUrl ?? '';
	const productionUrl = (node) =>
		`${webhookBaseUrl.replace(/\/+$/, '')}/webhook/${node.webhookId}/webhook`;

	const refusedForeign = await checks.check(
		mode,
		`${file}: activation refused while ${agentId} points at another URL (named), no agent changed`,
		async () => {
			await api('PATCH', `/agents/${agentId}`, { agent: { webhookUrl: CRM_URL } });
			const message = await refusal(rest, stored);
			assert(
				message.includes(agentId) && message.includes(CRM_URL),
				`the refusal does not name the agent and ${CRM_URL}: ${message.slice(0, 400)}`,
			);
			assert((await agentUrl()) === CRM_URL, `the agent now points at ${await agentUrl()}`);
			return message.slice(
				message.indexOf('Not registered'),
				message.indexOf('Not registered') + 160,
			);
		},
	);
	if (!refusedForeign) return;

	// The same workflow with Replace Existing URL on (and its own webhook), as a user would switch it.
	const replacing = await rest.createWorkflow({
		name: `${stored.name} (Replace Existing URL)`,
		nodes: stored.nodes.map((node) =>
			node === trigger || node.name === trigger.name
				? {
						...node,
						webhookId: randomUUID(),
						parameters: { ...node.parameters, replaceExistingUrl: true },
					}
				: node,
		),
		connections: stored.connections,
		settings: stored.settings ?? {},
	});
	const replacingTrigger = replacing.nodes.find((node) => node.name === trigger.name);
	const url = productionUrl(replacingTrigger);

	const registered = await checks.check(
		mode,
		`${file}: with Replace Existing URL, activation sets ${agentId}'s webhookUrl to n8n's Production URL`,
		async () => {
			await rest.activate(replacing.id, replacing.versionId);
			await rest.waitPublished(replacing.id);
			const now = await agentUrl();
			assert(now === url, `the agent points at ${now}, not ${url}`);
			return now;
		},
	);
	if (!registered) return;

	await checks.check(
		mode,
		`${file}: a lead_captured the sandbox sends for ${agentId} reaches n8n once: one successful execution`,
		async () => {
			await api('POST', '/leads', { lead: { agentId, ...LEAD } });
			const executions = await rest.settledExecutionsOf(replacing.id, { count: 1 });
			// Some more time, in which a second delivery would show as a second execution.
			const settled = await rest.settledExecutionsOf(replacing.id, { count: 1, settleMs: 3_000 });
			assert(
				executions.length === 1 && settled.length === 1,
				`${settled.length} executions recorded`,
			);
			assert(
				settled[0].status === 'success',
				`execution ${settled[0].id} ended "${settled[0].status}"`,
			);
			seen.trigger.push(settled[0].id);
			return `execution ${settled[0].id}`;
		},
	);

	await checks.check(
		mode,
		`${file}: a second workflow asking for ${agentId} is refused, naming the first one's URL; nothing changed`,
		async () => {
			const message = await refusal(rest, stored);
			assert(
				message.includes(agentId) && message.includes(url),
				`the refusal does not name the agent and ${url}: ${message.slice(0, 400)}`,
			);
			assert((await agentUrl()) === url, `the agent now points at ${await agentUrl()}`);
			return `refused`;
		},
	);

	await checks.check(
		mode,
		`${file}: deactivation puts back ${agentId}'s old webhookUrl`,
		async () => {
			await rest.deactivate(replacing.id);
			// n8n may take the triggers down just after it answers: wait for the agent to change.
			const now = await waitFor(`${agentId}'s webhookUrl to change back`, async () => {
				const current = await agentUrl();
				return current === url ? null : current || '(none)';
			}).catch((error) => error.message);
			assert(now === CRM_URL, `the agent points at ${now}, not ${CRM_URL}`);
			return now;
		},
	);
	// The sandbox as the other examples expect it: the agent sends its events nowhere.
	await api('PATCH', `/agents/${agentId}`, { agent: { webhookUrl: '' } });
}
