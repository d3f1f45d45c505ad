// What a user does in the editor, through n8n's REST API, with one summary line per check:
// owner setup and login, the package's node types loaded, the Convocore credential created and
// tested (OK, a wrong key and a plan without API access fail with the credential's messages),
// every example imported with the credential's id set, each manual example run to success, each
// trigger example activated, refused with a wrong secret (401, no execution) and run once for a
// good event (200 with a meaningful body, one successful execution, the SMS in the sandbox).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { exerciseMcpExample, mcpTriggerOf } from './mcpExample.mjs';
import { N8nRestClient } from './n8n-rest.mjs';
import { exercisePollTrigger, pollTriggerOf } from './pollExample.mjs';
import { exerciseRegistration, registeringTriggerOf } from './registerExample.mjs';
import { exerciseSendMessage } from './sendMessage.mjs';
import {
	createToolHeaderCredentials,
	exerciseServedTool,
	servedWebhookOf,
	withToolHeaderCredentials,
} from './toolExample.mjs';

export const CREDENTIAL_NAME = 'Convocore account';
const PACKAGE_NAME = 'n8n-nodes-convocore';
const ACTION_TYPE = `${PACKAGE_NAME}.convocore`;
const TRIGGER_TYPE = `${PACKAGE_NAME}.convocoreTrigger`;
const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';

// The sandbox's seed secrets (sandbox/seed/seed.ts; also printed by `npm run sandbox`).
export const SANDBOX_SECRETS = {
	whiteLabel: 'vg_EUwhiteLabel7Qm2Xk9p',
	proPlan: 'vg_EUproPlan9Vb4Tz6Qc1x',
	wrong: 'vg_EUnotAKey000000000000',
};

/** Records pass/fail per check and prints one line each; a failing check does not stop the run. */
export class CheckList {
	constructor() {
		this.results = [];
	}

	async check(mode, name, body) {
		const started = Date.now();
		try {
			const detail = await body();
			this.results.push({ mode, name, ok: true });
			process.stdout.write(
				`PASS [${mode}] ${name}${detail ? `: ${detail}` : ''} (${Date.now() - started} ms)\n`,
			);
			return true;
		} catch (error) {
			this.results.push({ mode, name, ok: false, error: error.message });
			process.stdout.write(`FAIL [${mode}] ${name}: ${error.message}\n`);
			return false;
		}
	}

	get failed() {
		return this.results.filter((r) => !r.ok);
	}
}

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

/** Every examples/*.json, in file-name order (04 buys the number 05 releases). */
export function loadExamples(repoRoot) {
	const dir = join(repoRoot, 'examples');
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => ({ file, workflow: JSON.parse(readFileSync(join(dir, file), 'utf8')) }));
}

/** The example with every credential that names CREDENTIAL_NAME pointed at the stored credential's id. */
function withCredentialId(workflow, credential) {
	const nodes = workflow.nodes.map((node) => {
		const reference = node.credentials?.convocoreApi;
		if (!reference) return node;
		assert(
			reference.name === CREDENTIAL_NAME,
			`node "${node.name}" names credential "${reference.name}", not "${CREDENTIAL_NAME}"`,
		);
		return {
			...node,
			credentials: {
				...node.credentials,
				convocoreApi: { id: credential.id, name: credential.name },
			},
		};
	});
	return {
		name: workflow.name,
		nodes,
		connections: workflow.connections,
		settings: workflow.settings ?? {},
		pinData: workflow.pinData ?? {},
	};
}

/** The escape hatch of docs/http-request.md: an endpoint the node does not cover, called with n8n's HTTP Request node. */
function httpRequestWorkflow(credential, url) {
	return {
		name: 'HTTP Request with the Convocore API credential',
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: MANUAL_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'request',
				name: 'Convocore endpoint',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [220, 0],
				parameters: {
					url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'convocoreApi',
					options: {},
				},
				credentials: { convocoreApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: { Start: { main: [[{ node: 'Convocore endpoint', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

async function sandboxJson(sandboxUrl, path, init) {
	const response = await fetch(`${sandboxUrl}${path}`, init);
	assert(response.ok, `sandbox ${path} answered ${response.status}`);
	return await response.json();
}

/** The sandbox posts a `type` event (with `workspaceSecret`, when given) to `url`; returns n8n's answer. */
async function deliverEvent(sandboxUrl, url, type, workspaceSecret) {
	return await sandboxJson(sandboxUrl, '/__sandbox/events', {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ url, type, ...(workspaceSecret ? { workspaceSecret } : {}) }),
	});
}

/**
 * Example 16's (or 18's) CSV file in an execution record: its name and MIME type are in the stored
 * run data (n8n stores it flattened, so the record is searched as text). Throws when there is none.
 */
function csvReportOf(execution, name = /usage-\d{4}-\d{2}\.csv/, shown = 'usage-<yyyy-MM>.csv') {
	const data =
		typeof execution.data === 'string' ? execution.data : JSON.stringify(execution.data ?? {});
	const fileName = name.exec(data)?.[0];
	assert(fileName && data.includes('text/csv'), `the run wrote no ${shown} file (text/csv)`);
	return `CSV file ${fileName}`;
}

/** The first error message in an execution record's (serialized) run data, for a failure line. */
function errorMessageOf(execution) {
	const data =
		typeof execution.data === 'string' ? execution.data : JSON.stringify(execution.data ?? {});
	return /"message":"([^"]{1,300})"/.exec(data)?.[1] ?? 'no error message recorded';
}

/**
 * Runs every check against one n8n (single or queue mode). `webhookBaseUrl` is where production
 * webhooks are served (the main process, or the webhook processor in queue mode). Returns the
 * ids of the executions it saw, for the caller's proof of which process ran them.
 */
export async function runScenario({ mode, n8nUrl, webhookBaseUrl, sandbox, repoRoot, checks }) {
	const rest = new N8nRestClient(n8nUrl);
	const seen = { manual: [], trigger: [], poll: [] };
	const ok = await checks.check(mode, 'owner setup and login', async () => {
		await rest.setupOwnerAndLogin({
			email: 'e2e@example.com',
			firstName: 'End',
			lastName: 'ToEnd',
			password: 'E2e-password-1',
		});
	});
	if (!ok) return seen;

	await checks.check(
		mode,
		"package loaded: the n8n block's credentials and nodes, and the generated tool",
		async () => {
			const { n8n } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
			const nodes = await (
				await fetch(`${n8nUrl}/types/nodes.json`, { headers: { cookie: rest.cookie } })
			).json();
			const credentials = await (
				await fetch(`${n8nUrl}/types/credentials.json`, { headers: { cookie: rest.cookie } })
			).json();
			const ours = [
				...new Set(nodes.map((n) => n.name).filter((n) => n.startsWith(`${PACKAGE_NAME}.`))),
			].sort();
			for (const expected of [ACTION_TYPE, `${ACTION_TYPE}Tool`, TRIGGER_TYPE])
				assert(ours.includes(expected), `${expected} missing from ${JSON.stringify(ours)}`);
			assert(
				ours.filter((n) => !n.endsWith('Tool')).length === n8n.nodes.length,
				`node types ${JSON.stringify(ours)} for ${n8n.nodes.length} node files`,
			);
			// Credential types are not namespaced by package: ours are the ones whose files the package lists.
			const credentialTypes = credentials
				.map((c) => c.name)
				.filter((n) => n.startsWith('convocore'));
			assert(
				credentialTypes.includes('convocoreApi') &&
					credentialTypes.length === n8n.credentials.length,
				`credential types ${JSON.stringify(credentialTypes)}`,
			);
			return `${ours.join(', ')}; ${credentialTypes.join(', ')}`;
		},
	);

	const data = (secretKey) => ({ region: 'custom', baseUrl: sandbox.baseUrl, secretKey });
	let credential;
	await checks.check(mode, `credential "${CREDENTIAL_NAME}" created and tested OK`, async () => {
		credential = await rest.createCredential(
			CREDENTIAL_NAME,
			'convocoreApi',
			data(SANDBOX_SECRETS.whiteLabel),
		);
		const result = await rest.testCredential(credential, data(SANDBOX_SECRETS.whiteLabel));
		assert(result.status === 'OK', `test answered ${JSON.stringify(result)}`);
		assert(
			!JSON.stringify(credential).includes(SANDBOX_SECRETS.whiteLabel),
			'the secret came back in the REST answer',
		);
		return `id ${credential.id}`;
	});
	for (const [label, secret, expected] of [
		['a wrong key', SANDBOX_SECRETS.wrong, /secret key was refused/],
		['a plan without API access', SANDBOX_SECRETS.proPlan, /plan has no API access/],
	]) {
		await checks.check(mode, `credential test with ${label} fails with our message`, async () => {
			const other = await rest.createCredential(`Convocore ${label}`, 'convocoreApi', data(secret));
			const result = await rest.testCredential(other, data(secret));
			assert(
				result.status === 'Error' && expected.test(result.message ?? ''),
				`test answered ${JSON.stringify(result)}`,
			);
			return `"${result.message}"`;
		});
	}
	if (!credential) return seen;

	await checks.check(
		mode,
		'HTTP Request node with the Convocore API credential (Predefined Credential Type) succeeds',
		async () => {
			const stored = await rest.createWorkflow(
				httpRequestWorkflow(credential, `${sandbox.baseUrl}/voices/providers`),
			);
			const executionId = await rest.runManually(stored.id, 'Start');
			const execution = await rest.finishedExecution(executionId);
			assert(
				execution.status === 'success',
				`execution ${executionId} ended "${execution.status}": ${errorMessageOf(execution)}`,
			);
			return `execution ${executionId}`;
		},
	);

	const toolHeaderCredentials = await createToolHeaderCredentials({ mode, rest, checks });
	for (const { file, workflow } of loadExamples(repoRoot)) {
		const manualTrigger = workflow.nodes.find((n) => n.type === MANUAL_TRIGGER_TYPE);
		const convocoreTrigger = workflow.nodes.find((n) => n.type === TRIGGER_TYPE);
		const pollTrigger = pollTriggerOf(workflow);
		let stored;
		const imported = await checks.check(
			mode,
			`${file}: imported with the credential's id`,
			async () => {
				assert(
					manualTrigger || convocoreTrigger || pollTrigger,
					'has neither a Manual Trigger nor a Convocore (Conversation) Trigger',
				);
				stored = await rest.createWorkflow(
					withToolHeaderCredentials(withCredentialId(workflow, credential), toolHeaderCredentials),
				);
				return `workflow ${stored.id}`;
			},
		);
		if (!imported) continue;
		const servedWebhook = servedWebhookOf(workflow);
		const mcpTrigger = mcpTriggerOf(workflow);
		if (manualTrigger && mcpTrigger) {
			await exerciseMcpExample({
				mode,
				file,
				rest,
				stored,
				trigger: mcpTrigger,
				manualTrigger,
				webhookBaseUrl,
				sandbox,
				checks,
				seen,
				errorMessageOf,
			});
		} else if (manualTrigger && servedWebhook) {
			await exerciseServedTool({
				mode,
				file,
				rest,
				stored,
				webhook: servedWebhook,
				manualTrigger,
				webhookBaseUrl,
				sandbox,
				checks,
				seen,
				errorMessageOf,
			});
		} else if (manualTrigger) {
			await checks.check(mode, `${file}: manual run succeeds`, async () => {
				const executionId = await rest.runManually(stored.id, manualTrigger.name);
				seen.manual.push(executionId);
				const execution = await rest.finishedExecution(executionId);
				assert(
					execution.status === 'success',
					`execution ${executionId} ended "${execution.status}": ${errorMessageOf(execution)}`,
				);
				if (file.startsWith('16-')) return `execution ${executionId}; ${csvReportOf(execution)}`;
				if (file.startsWith('18-'))
					return `execution ${executionId}; ${csvReportOf(execution, /satisfaction-\d{4}-\d{2}-\d{2}\.csv/, 'satisfaction-<yyyy-MM-dd>.csv')}`;
				return `execution ${executionId}`;
			});
		}
		if (pollTrigger)
			await exercisePollTrigger({
				mode,
				file,
				rest,
				stored,
				sandbox,
				checks,
				seen,
				errorMessageOf,
			});
		if (registeringTriggerOf(workflow)) {
			const secret = SANDBOX_SECRETS.whiteLabel;
			await exerciseRegistration({
				mode,
				file,
				rest,
				stored,
				webhookBaseUrl,
				sandbox,
				checks,
				seen,
				secret,
			});
		} else if (convocoreTrigger)
			await exerciseTrigger({
				mode,
				file,
				rest,
				stored,
				trigger: convocoreTrigger,
				webhookBaseUrl,
				sandbox,
				checks,
				seen,
			});
	}
	seen.manual.push(
		...(await exerciseSendMessage({ mode, rest, credential, sandbox, checks, errorMessageOf })),
	);
	return seen;
}

async function exerciseTrigger({
	mode,
	file,
	rest,
	stored,
	trigger,
	webhookBaseUrl,
	sandbox,
	checks,
	seen,
}) {
	const activated = await checks.check(mode, `${file}: activated`, async () => {
		const active = await rest.activate(stored.id, stored.versionId);
		assert(
			active.activeVersionId === stored.versionId,
			`activation answered ${JSON.stringify(active).slice(0, 300)}`,
		);
		const status = await rest.waitPublished(stored.id);
		return `published version ${status.liveVersionId}`;
	});
	if (!activated) return;
	const url = `${webhookBaseUrl.replace(/\/+$/, '')}/webhook/${trigger.webhookId}/webhook`;
	const events = trigger.parameters.events ?? [];
	const type = events.find((e) => e !== '*') ?? 'webhook_test';

	await checks.check(mode, `${file}: wrong secret answered 401, no execution`, async () => {
		const answer = await deliverEvent(sandbox.url, url, type, SANDBOX_SECRETS.wrong);
		assert(answer.status === 401, `answered ${answer.status} ${answer.body}`);
		const executions = await rest.settledExecutionsOf(stored.id, { count: 0 });
		assert(executions.length === 0, `${executions.length} execution(s) recorded`);
		assert(!answer.body.includes(SANDBOX_SECRETS.wrong), 'the answer echoes the secret');
		return `401 ${answer.body}`;
	});

	const expectsSms = stored.nodes.some(
		(n) =>
			n.type === ACTION_TYPE &&
			n.parameters.resource === 'sms' &&
			n.parameters.operation === 'send',
	);
	const smsBefore = (await sandboxJson(sandbox.url, '/__sandbox/sms')).length;
	await checks.check(
		mode,
		`${file}: good "${type}" event answered 200 {"received":true}, one successful execution${expectsSms ? ', SMS sent' : ''}`,
		async () => {
			const answer = await deliverEvent(sandbox.url, url, type);
			assert(answer.status === 200, `answered ${answer.status} ${answer.body}`);
			assert(
				JSON.stringify(JSON.parse(answer.body)) === '{"received":true}',
				`answer body ${answer.body}`,
			);
			const executions = await rest.settledExecutionsOf(stored.id, { count: 1 });
			assert(executions.length === 1, `${executions.length} executions recorded`);
			assert(
				executions[0].status === 'success',
				`execution ${executions[0].id} ended "${executions[0].status}"`,
			);
			seen.trigger.push(executions[0].id);
			let sms = '';
			if (expectsSms) {
				const sent = (await sandboxJson(sandbox.url, '/__sandbox/sms')).slice(smsBefore);
				assert(sent.length >= 1, 'no SMS in the sandbox log');
				sms = `, SMS to ${sent[0].to}`;
			}
			return `execution ${executions[0].id}${sms}`;
		},
	);
	await rest.deactivate(stored.id).catch(() => undefined);
}
