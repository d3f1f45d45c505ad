#!/usr/bin/env node
// The editor as n8n users meet it: the packed package in a real n8n 2.41.1 server, driven in
// Debian's Chromium with playwright-core. It signs in, adds the Convocore node from the nodes
// panel, opens the panel of every resource and operation (read from the built node, so new
// operations are covered), checks each for console and page errors and that issue markers sit
// only on required fields left empty, lists and searches the agent and workspace pickers, runs
// Voice > Search with Execute step, and opens the trigger: both webhook URLs and one test event.
// Agent > Create at the latest version shows the Model group first; Model, Temperature and a
// Knowledge Base Retrieval field are set in the panel, the node runs, and the stored agent is read.
// A screenshot per step goes to .tmp/e2e-ui/ (or --screenshots <dir>); each panel's open time is
// printed as a figure to watch, not asserted.
//
// Usage: npm run e2e:ui [-- --keep] [--screenshots <dir>]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

import { ensureChromium, launchChromium } from './lib/e2e/chromium.mjs';
import { Editor } from './lib/e2e/editor.mjs';
import { ensureN8n } from './lib/e2e/n8n-install.mjs';
import { startSingle } from './lib/e2e/n8n-processes.mjs';
import { N8nRestClient } from './lib/e2e/n8n-rest.mjs';
import { installLikeN8n } from './lib/e2e/package-install.mjs';
import { stopAll } from './lib/e2e/processes.mjs';
import { startSandbox } from './lib/e2e/sandbox.mjs';
import { CheckList } from './lib/e2e/scenario.mjs';
import { agentModelStep } from './lib/e2e/ui-agent-model.mjs';
import { loadBuiltNode, panelsOf } from './lib/e2e/ui-panels.mjs';
import { fetchTestEventStep } from './lib/e2e/ui-poll.mjs';
import { runEditorSteps } from './lib/e2e/ui-steps.mjs';
import { ensureBuilt, repoRoot } from './lib/package.mjs';

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const screenshotDir = resolve(
	repoRoot,
	args.includes('--screenshots') ? args[args.indexOf('--screenshots') + 1] : join('.tmp', 'e2e-ui'),
);

const t0 = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const log = (message) => process.stdout.write(`[e2e:ui ${seconds(t0).padStart(5)}] ${message}\n`);

const OWNER = {
	email: 'e2e-ui@example.com',
	firstName: 'Editor',
	lastName: 'Test',
	password: 'E2e-ui-password-1',
};
const SANDBOX_SECRET = 'vg_EUwhiteLabel7Qm2Xk9p';

async function main() {
	const checks = new CheckList();
	const workDir = mkdtempSync(join(tmpdir(), 'convocore-e2e-ui-'));
	let browser;
	try {
		const install = ensureN8n(log);
		const chromium = ensureChromium(log);
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
		const userFolder = join(workDir, 'user');
		installLikeN8n(tarball, userFolder, log);

		const sandbox = await startSandbox(workDir);
		const n8n = await startSingle(install, userFolder, workDir);
		log(`n8n at ${n8n.url} (pid ${n8n.processes.main.pid}), sandbox at ${sandbox.url}`);

		const rest = new N8nRestClient(n8n.url);
		await rest.setupOwnerAndLogin(OWNER);
		const credential = await rest.createCredential('Convocore account', 'convocoreApi', {
			region: 'custom',
			baseUrl: sandbox.baseUrl,
			secretKey: SANDBOX_SECRET,
		});
		// Made up: Phone Number > Import's panel needs the credential chosen, never used here.
		const telephonyCredential = await rest.createCredential(
			'Telephony account',
			'convocoreTelephonyApi',
			{ accountSid: `AC${'0'.repeat(32)}`, authToken: 'e2e-ui-made-up' },
		);

		browser = await launchChromium(chromium);
		const page = browser.context.pages()[0] ?? (await browser.context.newPage());
		page.setDefaultTimeout(30_000);
		// n8n's editor bundle takes half a minute to load on a busy two-core machine.
		page.setDefaultNavigationTimeout(180_000);
		const editor = new Editor(page, { baseUrl: n8n.url, screenshotDir });
		await runEditorSteps({
			editor,
			rest,
			checks,
			sandbox,
			n8nUrl: n8n.url,
			credential,
			telephonyCredential,
			owner: OWNER,
			repoRoot,
			webhookId: randomUUID(),
			log,
		});
		await fetchTestEventStep({ editor, rest, checks, sandbox, n8nUrl: n8n.url, credential });
		await agentModelStep({
			editor,
			rest,
			checks,
			sandbox,
			secret: SANDBOX_SECRET,
			n8nUrl: n8n.url,
			credential,
			version: panelsOf(loadBuiltNode(repoRoot)).version,
		});
	} catch (error) {
		checks.results.push({ mode: 'setup', name: 'setup', ok: false, error: error.message });
		process.stdout.write(`FAIL [setup] ${error.stack ?? error.message}\n`);
	} finally {
		await browser?.context.close().catch(() => undefined);
		if (browser) rmSync(browser.profile, { recursive: true, force: true });
		await stopAll();
	}
	const failed = checks.failed;
	const passed = checks.results.length - failed.length;
	log(`screenshots in ${screenshotDir}; total ${seconds(t0)}`);
	if (failed.length > 0 || keep) log(`logs kept in ${workDir}`);
	else rmSync(workDir, { recursive: true, force: true });
	process.stdout.write(`e2e:ui: ${passed} passed, ${failed.length} failed\n`);
	return failed.length === 0 && passed > 0;
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(error) => {
		process.stderr.write(`e2e:ui failed: ${error.stack ?? error}\n`);
		process.exit(1);
	},
);
