#!/usr/bin/env node
// Install test: installs the packed package the way a user's n8n gets it, then proves that
// everything loads there, first with plain node and then with n8n-core's own package loader.
//
//  1. `npm pack` (building dist/ first when it is missing or older than the sources).
//  2. Into an empty folder laid out like ~/.n8n/nodes (its own package.json, as n8n writes it:
//     { name: "installed-nodes", private: true, dependencies: {} }), `npm install <tarball>`.
//     npm installs the peer n8n-workflow and its dependencies, and nothing else: the package has
//     no dependencies of its own. Flags as n8n's community package installer uses them
//     (--audit=false --fund=false --bin-links=false --ignore-scripts=true --package-lock=false),
//     plus --prefer-offline. --ignore-scripts is needed here anyway: n8n-workflow 2.x depends on
//     isolated-vm 7, whose install script fails on Node 20; n8n itself installs community
//     packages with scripts disabled, so nothing the package needs may rely on one.
//  3. In a child node process run from that folder (so requires cannot reach this repository's
//     node_modules): require every node and credential file the installed package's `n8n` block
//     lists, instantiate each class, check its description, its icons and credentials.
//  4. In another child: n8n-core's LazyPackageDirectoryLoader (from this repository's
//     node_modules) over the installed package directory, as n8n loads a community package.
//
// Needs no network except the npm registry for n8n-workflow (usually served from npm's cache).
// Exits non-zero on any failure. Usage: node scripts/install-test.mjs [--build] [--keep]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
	ensureBuilt,
	makeTempDir,
	packInto,
	readPackageJson,
	repoRoot,
	run,
} from './lib/package.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const force = process.argv.includes('--build');
const keep = process.argv.includes('--keep');

/** The environment for child processes: no npm-run variables (npm_config_local_prefix would
 * point npm back at this repository), no NODE_PATH, no NODE_ENV. */
function cleanEnv(extra = {}) {
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(key) || key === 'NODE_PATH' || key === 'NODE_ENV' || key === 'INIT_CWD')
			continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

/** A node_modules folder above the install folder would let requires resolve outside it. */
function assertNoNodeModulesAbove(dir) {
	for (let d = dirname(dir); ; d = dirname(d)) {
		if (existsSync(join(d, 'node_modules'))) {
			throw new Error(
				`${join(d, 'node_modules')} exists above the install folder; requires could resolve there`,
			);
		}
		if (d === parse(d).root) return;
	}
}

function runChild(label, args, options) {
	process.stdout.write(`\n--- ${label} ---\n`);
	const result = spawnSync(process.execPath, args, { encoding: 'utf8', ...options });
	if (result.error) throw result.error;
	const line = (result.stdout ?? '').split('\n').find((l) => l.startsWith('RESULT:'));
	const other = (result.stdout ?? '')
		.split('\n')
		.filter((l) => l && !l.startsWith('RESULT:'))
		.join('\n');
	if (other) process.stdout.write(`${other}\n`);
	if (result.stderr) process.stdout.write(result.stderr);
	const parsed = line
		? JSON.parse(line.slice('RESULT:'.length))
		: { problems: ['child printed no result'] };
	const ok = result.status === 0 && parsed.problems.length === 0;
	process.stdout.write(`${JSON.stringify({ ...parsed, problems: undefined }, null, 2)}\n`);
	for (const problem of parsed.problems) process.stdout.write(`PROBLEM: ${problem}\n`);
	process.stdout.write(`${label}: ${ok ? 'ok' : `FAILED (exit ${result.status})`}\n`);
	return ok;
}

function main() {
	const pkg = readPackageJson();
	ensureBuilt({ force });

	const work = makeTempDir('install-test');
	let ok = false;
	try {
		const packDir = join(work, 'pack');
		mkdirSync(packDir);
		const { tarball } = packInto(packDir);

		// Laid out like n8n's user folder: <N8N_USER_FOLDER>/.n8n/nodes
		const userFolder = join(work, 'n8n-user');
		const nodesDir = join(userFolder, '.n8n', 'nodes');
		mkdirSync(nodesDir, { recursive: true });
		assertNoNodeModulesAbove(nodesDir);
		writeFileSync(
			join(nodesDir, 'package.json'),
			`${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2)}\n`,
		);

		run(
			'npm',
			[
				'install',
				tarball,
				'--audit=false',
				'--fund=false',
				'--bin-links=false',
				'--ignore-scripts=true',
				'--package-lock=false',
				'--prefer-offline',
				'--no-update-notifier',
			],
			{ cwd: nodesDir, env: cleanEnv() },
		);

		const installedDir = join(nodesDir, 'node_modules', pkg.name);
		if (!existsSync(join(installedDir, 'package.json'))) {
			throw new Error(`npm install did not produce ${installedDir}`);
		}
		const listed = run('npm', ['ls', '--all', '--parseable'], {
			cwd: nodesDir,
			env: cleanEnv(),
			capture: true,
		});
		const installedCount = listed.stdout.split('\n').filter(Boolean).length - 1;
		process.stdout.write(
			`installed ${installedCount} packages (${pkg.name}, its peer n8n-workflow and that one's dependencies)\n`,
		);

		// Copy the plain-node loader next to the install, so it too resolves nothing from the repo.
		const plainLoader = join(nodesDir, 'load-installed-package.cjs');
		copyFileSync(join(here, 'lib', 'load-installed-package.cjs'), plainLoader);
		const plainOk = runChild(
			'plain node: require and instantiate every n8n-block file',
			[plainLoader, installedDir],
			{
				cwd: nodesDir,
				env: cleanEnv(),
			},
		);

		const n8nOk = runChild(
			'n8n-core LazyPackageDirectoryLoader over the installed package',
			[join(here, 'lib', 'load-with-n8n-core.cjs'), repoRoot, installedDir],
			{
				cwd: nodesDir,
				env: cleanEnv({
					N8N_USER_FOLDER: userFolder,
					N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
				}),
			},
		);
		ok = plainOk && n8nOk;
	} finally {
		if (keep) process.stdout.write(`kept ${work}\n`);
		else rmSync(work, { recursive: true, force: true });
	}
	process.stdout.write(`\ninstall test: ${ok ? 'PASSED' : 'FAILED'}\n`);
	return ok;
}

try {
	process.exit(main() ? 0 : 1);
} catch (error) {
	process.stderr.write(`install test failed: ${error.stack ?? error}\n`);
	process.exit(1);
}
