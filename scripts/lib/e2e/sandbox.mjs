// The sandbox (the local Convocore API) for the end-to-end runs: started with ts-node on a free
// port of 127.0.0.1, its log in the run's work folder; reset between modes. It runs in published
// mode (as Convocore's real trpc-openapi server: unknown keys dropped, the published answer
// shapes) unless CONVOCORE_SANDBOX_MODE says otherwise: `npm run demo` runs the examples against
// the strict mode, so the two together cover both.
import { join } from 'node:path';

import { repoRoot } from '../package.mjs';
import { startProcess } from './processes.mjs';

/** The sandbox mode of the end-to-end runs: CONVOCORE_SANDBOX_MODE when set, else published. */
export function e2eSandboxMode(env = process.env) {
	return env.CONVOCORE_SANDBOX_MODE?.trim() || 'published';
}

export async function startSandbox(workDir) {
	const tsNode = join(repoRoot, 'node_modules', 'ts-node', 'dist', 'bin.js');
	const mode = e2eSandboxMode();
	const sandbox = startProcess(
		'sandbox',
		process.execPath,
		[tsNode, '--transpile-only', 'sandbox/cli.ts', '--port', '0'],
		{
			env: { ...process.env, SANDBOX_HOST: '127.0.0.1', CONVOCORE_SANDBOX_MODE: mode },
			cwd: repoRoot,
			logFile: join(workDir, 'sandbox.log'),
		},
	);
	await sandbox.waitForLog(/listening on http:\/\/127\.0\.0\.1:\d+/, 60_000);
	const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(sandbox.readLog())[1];
	return { url, baseUrl: `${url}/eu/v3`, mode, process: sandbox };
}

export async function resetSandbox(sandbox) {
	const response = await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
	if (!response.ok) throw new Error(`sandbox reset answered ${response.status}`);
}
