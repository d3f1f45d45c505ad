#!/usr/bin/env node
// The engine-harness suites on n8n 1.x's engine (jest.n8n1.config.js): installs n8n-core 1.122.48
// and n8n-workflow 1.120.31 (the engine of n8n 1.123, the last 1.x line; its full server cannot be
// installed from the registry) into .cache/n8n1 unless they are there, then runs jest with every
// import of either package resolved there. Usage: npm run test:n8n1 [-- <jest args>]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanEnv } from './lib/e2e/n8n-install.mjs';
import { repoRoot } from './lib/package.mjs';

const ENGINE = { 'n8n-core': '1.122.48', 'n8n-workflow': '1.120.31' };
const prefix = join(repoRoot, '.cache', 'n8n1');

function installedVersion(name) {
	const file = join(prefix, 'node_modules', name, 'package.json');
	return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null;
}

if (Object.entries(ENGINE).some(([name, version]) => installedVersion(name) !== version)) {
	mkdirSync(prefix, { recursive: true });
	writeFileSync(
		join(prefix, 'package.json'),
		`${JSON.stringify({ name: 'n8n1-engine', private: true }, null, 2)}\n`,
	);
	const specs = Object.entries(ENGINE).map(([name, version]) => `${name}@${version}`);
	process.stdout.write(`installing ${specs.join(' and ')} into ${prefix}\n`);
	const install = spawnSync(
		'npm',
		['install', '--ignore-scripts', '--no-audit', '--no-fund', ...specs],
		{ cwd: prefix, stdio: 'inherit', env: cleanEnv() },
	);
	if (install.status !== 0) process.exit(install.status ?? 1);
}

const jest = spawnSync(
	process.execPath,
	[
		join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
		'-c',
		'jest.n8n1.config.js',
		...process.argv.slice(2),
	],
	{ cwd: repoRoot, stdio: 'inherit', env: { ...process.env, N8N_ENGINE_MAJOR: '1' } },
);
process.exit(jest.status ?? 1);
