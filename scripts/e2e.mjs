#!/usr/bin/env node
// End-to-end test: this package in a real n8n server, installed the way n8n installs community
// packages, driven through n8n's REST API like a user in the editor, in single and queue mode.
//
//  1. n8n@2.41.1 on Node 24 in ~/.cache/n8n-nodes-convocore/e2e/ (installed on the first run on
//     the machine, reused after by every clone; see
//     scripts/lib/e2e/n8n-install.mjs).
//  2. `npm pack`, then the tarball installed into <user folder>/.n8n/nodes as n8n's community
//     package installer does it.
//  3. The sandbox (the local Convocore API) on a free port.
//  4. Single mode: n8n with SQLite; proof from its debug log that n8n lazy-loaded the package
//     (scripts/lib/e2e/lazy-load-proof.mjs); the checks of scripts/lib/e2e/scenario.mjs.
//  5. Queue mode: Redis and PostgreSQL (Debian packages, installed with apt-get when missing), an
//     n8n main, an `n8n worker` and an `n8n webhook` processor; the same checks (each process
//     lazy-loaded the package), plus proof from the processes' logs that the webhook processor
//     enqueued the trigger's execution and the worker ran it and the manual runs.
// Everything binds 127.0.0.1 on ports the OS reports free and is stopped by process id. Prints one
// line per check and a summary; exits 1 when any check fails.
//
// Usage: npm run e2e [-- --mode single|queue] [--keep]   (--keep leaves the work folder and logs)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureN8n } from './lib/e2e/n8n-install.mjs';
import { startQueue, startSingle } from './lib/e2e/n8n-processes.mjs';
import { proveLazyLoading } from './lib/e2e/lazy-load-proof.mjs';
import { proveMcpQueueRouting } from './lib/e2e/mcpExample.mjs';
import { installLikeN8n } from './lib/e2e/package-install.mjs';
import { stopAll } from './lib/e2e/processes.mjs';
import { provePollQueueRoles } from './lib/e2e/pollExample.mjs';
import { proveQueueRoles } from './lib/e2e/queue-proof.mjs';
import { resetSandbox, startSandbox } from './lib/e2e/sandbox.mjs';
import { CheckList, runScenario } from './lib/e2e/scenario.mjs';
import { ensureQueueServices, startPostgres, startRedis } from './lib/e2e/services.mjs';
import { ensureBuilt, repoRoot } from './lib/package.mjs';

const args = process.argv.slice(2);
const modeArg = args.includes('--mode') ? args[args.indexOf('--mode') + 1] : 'both';
const keep = args.includes('--keep');
if (!['single', 'queue', 'both'].includes(modeArg)) {
	process.stderr.write(`--mode must be single, queue or both, not "${modeArg}"\n`);
	process.exit(2);
}

const t0 = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const log = (message) => process.stdout.write(`[e2e ${seconds(t0).padStart(5)}] ${message}\n`);

/** A fresh n8n user folder with the package installed in it (each mode starts from nothing). */
function freshUserFolder(workDir, name, tarball) {
	const userFolder = join(workDir, name);
	mkdirSync(userFolder);
	installLikeN8n(tarball, userFolder, log);
	return userFolder;
}

async function main() {
	const checks = new CheckList();
	// Not under /tmp's private 0700 folders only: PostgreSQL runs as its own user and needs to reach its data folder.
	const workDir = mkdtempSync(join(tmpdir(), 'convocore-e2e-'));
	spawnSync('chmod', ['755', workDir]);
	const timings = {};
	try {
		let since = Date.now();
		const install = ensureN8n(log);
		timings.install = seconds(since);
		log(`n8n ready: ${install.n8nBin} on Node ${install.nodeVersion} (${timings.install})`);

		ensureBuilt();
		const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', workDir], {
			cwd: repoRoot,
			encoding: 'utf8',
		});
		if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
		const tarball = join(
			workDir,
			JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')))[0].filename,
		);
		log(`packed ${tarball}`);

		const sandbox = await startSandbox(workDir);
		log(`sandbox at ${sandbox.url}, ${sandbox.mode} mode`);

		if (modeArg !== 'queue') {
			since = Date.now();
			const n8n = await startSingle(
				install,
				freshUserFolder(workDir, 'user-single', tarball),
				workDir,
			);
			log(`single mode: n8n at ${n8n.url} (pid ${n8n.processes.main.pid})`);
			await proveLazyLoading({ mode: 'single', processes: n8n.processes, checks });
			await runScenario({
				mode: 'single',
				n8nUrl: n8n.url,
				webhookBaseUrl: n8n.webhookUrl,
				sandbox,
				repoRoot,
				checks,
			});
			await n8n.processes.main.stop();
			timings.single = seconds(since);
		}

		if (modeArg !== 'single') {
			since = Date.now();
			await resetSandbox(sandbox);
			const services = ensureQueueServices(log);
			const redis = await startRedis(services.redisServer, workDir);
			const postgres = await startPostgres(services.postgresBin, workDir);
			log(
				`queue mode: redis on ${redis.port} (pid ${redis.process.pid}), postgres on ${postgres.port} (pid ${postgres.process.pid})`,
			);
			const n8n = await startQueue(
				install,
				freshUserFolder(workDir, 'user-queue', tarball),
				workDir,
				{ redis, postgres },
			);
			const { main: mainProcess, worker, webhook } = n8n.processes;
			log(
				`queue mode: main ${n8n.url} (pid ${mainProcess.pid}), webhook ${n8n.webhookUrl} (pid ${webhook.pid}), worker pid ${worker.pid}`,
			);
			await proveLazyLoading({ mode: 'queue', processes: n8n.processes, checks });
			const seen = await runScenario({
				mode: 'queue',
				n8nUrl: n8n.url,
				webhookBaseUrl: n8n.webhookUrl,
				sandbox,
				repoRoot,
				checks,
			});
			await proveQueueRoles({ seen, processes: n8n.processes, checks });
			await provePollQueueRoles({ seen, processes: n8n.processes, checks });
			await proveMcpQueueRouting({ processes: n8n.processes, checks });
			timings.queue = seconds(since);
		}
	} catch (error) {
		checks.results.push({ mode: 'setup', name: 'setup', ok: false, error: error.message });
		process.stdout.write(`FAIL [setup] ${error.stack ?? error.message}\n`);
	} finally {
		await stopAll();
	}

	const failed = checks.failed;
	const passed = checks.results.length - failed.length;
	writeFileSync(
		join(workDir, 'summary.json'),
		`${JSON.stringify({ timings, results: checks.results }, null, 2)}\n`,
	);
	log(
		`timings: ${Object.entries(timings)
			.map(([k, v]) => `${k} ${v}`)
			.join(', ')}; total ${seconds(t0)}`,
	);
	if (failed.length > 0 || keep) log(`logs kept in ${workDir}`);
	else rmSync(workDir, { recursive: true, force: true });
	// The plain closing line CI readers recognise.
	process.stdout.write(`e2e: ${passed} passed, ${failed.length} failed\n`);
	return failed.length === 0 && passed > 0;
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(error) => {
		process.stderr.write(`e2e failed: ${error.stack ?? error}\n`);
		process.exit(1);
	},
);
