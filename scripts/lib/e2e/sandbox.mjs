// The sandbox (the local Convocore API) for the end-to-end runs: started with ts-node on a free
// port of 127.0.0.1, its log in the run's work folder; reset between modes.
import { join } from 'node:path';

import { repoRoot } from '../package.mjs';
import { startProcess } from './processes.mjs';

export async function startSandbox(workDir) {
	const tsNode = join(repoRoot, 'node_modules', 'ts-node', 'dist', 'bin.js');
	const sandbox = startProcess('sandbox', process.execPath, [tsNode, '--transpile-only', 'sandbox/cli.ts', '--port', '0'], {
		env: { ...process.env, SANDBOX_HOST: '127.0.0.1' },
		cwd: repoRoot,
		logFile: join(workDir, 'sandbox.log'),
	});
	await sandbox.waitForLog(/listening on http:\/\/127\.0\.0\.1:\d+/, 60_000);
	const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(sandbox.readLog())[1];
	return { url, baseUrl: `${url}/eu/v3`, process: sandbox };
}

export async function resetSandbox(sandbox) {
	const response = await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
	if (!response.ok) throw new Error(`sandbox reset answered ${response.status}`);
}
