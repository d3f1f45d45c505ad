// Starting n8n the way a self-hoster does, on free loopback ports: one main process with SQLite
// (single mode), or a main, an `n8n worker` and an `n8n webhook` processor sharing PostgreSQL and
// Redis (queue mode). Each process gets its own task-runner broker port (the main and the worker
// both start one) and every server binds 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { fatal, freePort, startProcess, waitFor } from './processes.mjs';

/** Settings every n8n process of one run shares. */
export function baseEnv(install, userFolder) {
	return {
		...install.env,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// Debug: the only level at which n8n-core says it lazy-loaded the package (lazy-load-proof.mjs).
		N8N_LOG_LEVEL: 'debug',
		N8N_LOG_OUTPUT: 'console',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		NODE_ENV: 'production',
	};
}

function startN8n(install, label, args, env, workDir) {
	return startProcess(label, install.nodeBin, [install.n8nBin, ...args], {
		env,
		cwd: workDir,
		logFile: join(workDir, `${label}.log`),
	});
}

/** Waits until n8n's HTTP server answers its readiness probe (database connected and migrated). */
async function waitReady(handle, url) {
	await waitFor(
		`${handle.label} at ${url} to be ready`,
		async () => {
			if (/Exiting due to an error|There was an error initializing/.test(handle.readLog())) {
				throw fatal(`${handle.label} failed to start; see ${handle.logFile}`);
			}
			const response = await fetch(`${url}/healthz/readiness`);
			return response.ok;
		},
		{ timeoutMs: 180_000, intervalMs: 500 },
	);
}

/** Single mode: one n8n with SQLite in the user folder. Returns its URL and handle. */
export async function startSingle(install, userFolder, workDir) {
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const env = {
		...baseEnv(install, userFolder),
		N8N_PORT: String(port),
		N8N_WEBHOOK_URL: `${url}/`,
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		DB_TYPE: 'sqlite',
	};
	const main = startN8n(install, 'n8n-single', ['start'], env, workDir);
	await waitReady(main, url);
	return { url, webhookUrl: url, processes: { main } };
}

/**
 * Queue mode: main (editor, REST, manual runs offloaded to workers, production webhooks left to
 * the webhook processor), worker and webhook processor over the given Redis and PostgreSQL.
 */
export async function startQueue(install, userFolder, workDir, { redis, postgres }) {
	const [mainPort, webhookPort, workerPort] = [
		await freePort(),
		await freePort(),
		await freePort(),
	];
	const url = `http://127.0.0.1:${mainPort}`;
	const webhookUrl = `http://127.0.0.1:${webhookPort}`;
	const shared = {
		...baseEnv(install, userFolder),
		EXECUTIONS_MODE: 'queue',
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
		N8N_WEBHOOK_URL: `${webhookUrl}/`,
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_PASSWORD: '',
	};
	// The main runs the database migrations; the others start after it is ready.
	const main = startN8n(
		install,
		'n8n-main',
		['start'],
		{ ...shared, N8N_PORT: String(mainPort), N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
		workDir,
	);
	await waitReady(main, url);
	const worker = startN8n(
		install,
		'n8n-worker',
		['worker'],
		{
			...shared,
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(workerPort),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		},
		workDir,
	);
	const webhook = startN8n(
		install,
		'n8n-webhook',
		['webhook'],
		{ ...shared, N8N_PORT: String(webhookPort), N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
		workDir,
	);
	await waitReady(webhook, webhookUrl);
	await waitFor(
		'the worker to be ready',
		async () => (await fetch(`http://127.0.0.1:${workerPort}/healthz/readiness`)).ok,
		{
			timeoutMs: 180_000,
			intervalMs: 500,
		},
	);
	return { url, webhookUrl, processes: { main, worker, webhook } };
}
