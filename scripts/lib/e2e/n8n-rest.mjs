// n8n's internal REST API (the one the editor uses), as n8n 2.41 serves it: owner setup and login
// with the auth cookie, credentials and their test, workflows, manual runs, activation and the
// execution records. Every request carries the same browser-id header: n8n binds the login
// cookie to it.
import { randomUUID } from 'node:crypto';

import { fatal, sleep, waitFor } from './processes.mjs';

export class N8nRestClient {
	constructor(baseUrl) {
		this.baseUrl = baseUrl.replace(/\/+$/, '');
		this.browserId = randomUUID();
		this.cookie = '';
	}

	/** The parsed `data` of n8n's `{ data }` answer; throws with the status and message otherwise. */
	async request(method, path, body) {
		const response = await fetch(`${this.baseUrl}/rest${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.getSetCookie?.() ?? [];
		const auth = setCookie.find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth.split(';')[0];
		const text = await response.text();
		let parsed;
		try {
			parsed = text ? JSON.parse(text) : {};
		} catch {
			parsed = { message: text };
		}
		if (!response.ok) {
			throw new Error(
				`${method} /rest${path} answered ${response.status}: ${parsed.message ?? text}`,
			);
		}
		return parsed.data ?? parsed;
	}

	async setupOwnerAndLogin(owner) {
		await this.request('POST', '/owner/setup', owner);
		await this.request('POST', '/login', {
			emailOrLdapLoginId: owner.email,
			password: owner.password,
		});
	}

	async createCredential(name, type, data) {
		return await this.request('POST', '/credentials', { name, type, data });
	}

	/** n8n's credential test for a stored credential: `{ status: 'OK' | 'Error', message }`. */
	async testCredential(credential, data) {
		return await this.request('POST', '/credentials/test', {
			credentials: { id: credential.id, name: credential.name, type: credential.type, data },
		});
	}

	async createWorkflow(workflow) {
		return await this.request('POST', '/workflows', workflow);
	}

	/** Runs the workflow from `triggerName` as the editor's "Execute workflow" does; returns the execution id. */
	async runManually(workflowId, triggerName) {
		const result = await this.request('POST', `/workflows/${workflowId}/run`, {
			triggerToStartFrom: { name: triggerName },
		});
		if (!result.executionId)
			throw new Error(
				`run of workflow ${workflowId} started no execution: ${JSON.stringify(result)}`,
			);
		return result.executionId;
	}

	async activate(workflowId, versionId) {
		return await this.request('POST', `/workflows/${workflowId}/activate`, { versionId });
	}

	/**
	 * n8n 2.41 publishes an activated workflow through an outbox: its triggers (and so its
	 * production webhooks) go live shortly after activate() answers. Waits for "published".
	 */
	async waitPublished(workflowId, timeoutMs = 60_000) {
		return await waitFor(
			`workflow ${workflowId} to be published`,
			async () => {
				const status = await this.request('GET', `/workflows/${workflowId}/publication-status`);
				if (status.status === 'failed' || status.status === 'partial') {
					throw fatal(`publication ${status.status}: ${JSON.stringify(status.triggers)}`);
				}
				return status.status === 'published' ? status : null;
			},
			{ timeoutMs, intervalMs: 250 },
		);
	}

	async deactivate(workflowId) {
		return await this.request('POST', `/workflows/${workflowId}/deactivate`, {});
	}

	async execution(executionId) {
		return await this.request('GET', `/executions/${executionId}`);
	}

	/** Waits until the execution has finished (any final status) and returns its record. */
	async finishedExecution(executionId, timeoutMs = 60_000) {
		return await waitFor(
			`execution ${executionId} to finish`,
			async () => {
				const execution = await this.execution(executionId);
				return ['new', 'running', 'waiting'].includes(execution.status) ? null : execution;
			},
			{ timeoutMs, intervalMs: 300 },
		);
	}

	/** The workflow's execution records, newest first. */
	async executionsOf(workflowId) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const result = await this.request('GET', `/executions?filter=${filter}&limit=50`);
		return result.results ?? [];
	}

	/** Waits `settleMs` and then until the workflow has `count` finished executions (or fails). */
	async settledExecutionsOf(workflowId, { count, settleMs = 1_500, timeoutMs = 60_000 }) {
		await sleep(settleMs);
		return await waitFor(
			`${count} finished execution(s) of workflow ${workflowId}`,
			async () => {
				const executions = await this.executionsOf(workflowId);
				const finished = executions.filter(
					(e) => !['new', 'running', 'waiting'].includes(e.status),
				);
				return executions.length >= count && finished.length === executions.length
					? executions
					: null;
			},
			{ timeoutMs, intervalMs: 500 },
		);
	}
}
