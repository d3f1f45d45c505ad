// Redis and PostgreSQL for queue mode: Debian's packages, installed with apt-get when missing,
// each started as a private instance on a free port of 127.0.0.1 with its data in the run's
// work folder, so nothing on the machine (a system cluster, another run) is touched.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { freePort, startProcess, waitFor } from './processes.mjs';

const isRoot = process.getuid?.() === 0;

export function which(command) {
	return (
		spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || null
	);
}

/** Debian/Ubuntu keep PostgreSQL's server binaries in /usr/lib/postgresql/<major>/bin. */
function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return null;
	const majors = readdirSync(root)
		.filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length > 0 ? join(root, majors[0], 'bin') : null;
}

export function aptGet(args, log) {
	const command = isRoot ? 'apt-get' : 'sudo';
	const fullArgs = isRoot ? args : ['-n', 'apt-get', ...args];
	log(`$ ${isRoot ? '' : 'sudo '}apt-get ${args.join(' ')}`);
	const result = spawnSync(command, fullArgs, {
		stdio: ['ignore', 'inherit', 'inherit'],
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
	});
	if (result.status !== 0)
		throw new Error(
			`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.error?.message})`,
		);
}

/** Installs redis-server and postgresql with apt-get unless both are already there. */
export function ensureQueueServices(log) {
	const missing = [];
	if (!which('redis-server')) missing.push('redis-server');
	if (!postgresBinDir()) missing.push('postgresql');
	if (missing.length === 0) {
		log('redis-server and postgresql are installed');
	} else {
		log(`installing ${missing.join(' and ')} with apt-get`);
		aptGet(['update', '-qq'], log);
		aptGet(['install', '-y', '-qq', '--no-install-recommends', ...missing], log);
	}
	return { redisServer: which('redis-server'), postgresBin: postgresBinDir() };
}

export async function startRedis(redisServer, workDir) {
	const port = await freePort();
	const dir = join(workDir, 'redis');
	mkdirSync(dir, { recursive: true });
	const redis = startProcess(
		'redis',
		redisServer,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
			'--daemonize',
			'no',
		],
		{ env: process.env, cwd: dir, logFile: join(workDir, 'redis.log') },
	);
	await redis.waitForLog(/Ready to accept connections/, 30_000);
	return { port, process: redis };
}

/** The postgres system user's ids: PostgreSQL will not run as root. */
function postgresUser() {
	const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
	const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
	if (!Number.isInteger(uid) || !Number.isInteger(gid))
		throw new Error('running as root, but there is no postgres user');
	return { uid, gid };
}

/** A fresh cluster (trust auth for user n8n, loopback only) in workDir/postgres, on a free port. */
export async function startPostgres(postgresBin, workDir) {
	const port = await freePort();
	const dataDir = join(workDir, 'postgres');
	mkdirSync(dataDir, { mode: 0o700 });
	const owner = isRoot ? postgresUser() : {};
	if (isRoot) chownSync(dataDir, owner.uid, owner.gid);
	const initdb = spawnSync(
		join(postgresBin, 'initdb'),
		['-D', dataDir, '-U', 'n8n', '--auth=trust', '--encoding=UTF8', '--no-sync'],
		{ encoding: 'utf8', uid: owner.uid, gid: owner.gid, cwd: dataDir },
	);
	if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stdout}\n${initdb.stderr}`);
	const postgres = startProcess(
		'postgres',
		join(postgresBin, 'postgres'),
		['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dataDir, '-c', 'fsync=off'],
		{
			env: process.env,
			cwd: dataDir,
			logFile: join(workDir, 'postgres.log'),
			uid: owner.uid,
			gid: owner.gid,
		},
	);
	await postgres.waitForLog(/database system is ready to accept connections/, 60_000);
	await waitFor('postgres to accept connections', () => {
		const ready = spawnSync(join(postgresBin, 'pg_isready'), [
			'-h',
			'127.0.0.1',
			'-p',
			String(port),
		]);
		return ready.status === 0;
	});
	return { port, user: 'n8n', database: 'postgres', process: postgres };
}
