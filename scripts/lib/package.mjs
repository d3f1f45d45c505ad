// Helpers shared by scripts/build.mjs, scan.mjs, install-test.mjs and e2e.mjs: find the
// repository, make sure dist/ is built and current, pack the package the way `npm publish`
// would, unpack it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function readPackageJson(dir = repoRoot) {
	return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/** The files the package.json `n8n` block points n8n at (dist/…/*.js). */
export function n8nEntryFiles(pkg) {
	const n8n = pkg.n8n ?? {};
	return [...(n8n.nodes ?? []), ...(n8n.credentials ?? [])];
}

export function makeTempDir(label) {
	return mkdtempSync(join(tmpdir(), `convocore-${label}-`));
}

/** Runs a command, echoing it; throws with its output when it fails. */
export function run(command, args, options = {}) {
	process.stdout.write(`$ ${[command, ...args].join(' ')}\n`);
	const result = spawnSync(command, args, {
		cwd: repoRoot,
		encoding: 'utf8',
		stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
		...options,
	});
	if (result.error) throw result.error;
	if (result.status !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}` +
				(result.stdout ? `\n${result.stdout}` : ''),
		);
	}
	return result;
}

function newestMtime(path) {
	if (!existsSync(path)) return 0;
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = 0;
	for (const entry of readdirSync(path)) {
		newest = Math.max(newest, newestMtime(join(path, entry)));
	}
	return newest;
}

/** What n8n-generate-metadata writes in the build, for n8n's LazyPackageDirectoryLoader. */
export const LAZY_LOADING_METADATA = [
	'dist/known/nodes.json',
	'dist/known/credentials.json',
	'dist/types/nodes.json',
	'dist/types/credentials.json',
];

/**
 * Why dist/ needs a (re)build, or null when it is current: a file the `n8n` block lists or a
 * lazy-loading metadata file is missing, or a source (nodes/, credentials/, icons/, tsconfig, the
 * build script, package.json, whose version the node descriptions in types/nodes.json carry) is
 * newer than the built files.
 */
export function buildReason() {
	const pkg = readPackageJson();
	const entries = [...n8nEntryFiles(pkg), ...LAZY_LOADING_METADATA].map((file) =>
		join(repoRoot, file),
	);
	if (entries.length === 0) return 'the package.json n8n block lists no files';
	const missing = entries.filter((file) => !existsSync(file));
	if (missing.length > 0)
		return `missing ${missing.map((f) => f.slice(repoRoot.length + 1)).join(', ')}`;
	const oldestBuilt = Math.min(...entries.map((file) => statSync(file).mtimeMs));
	const newestSource = Math.max(
		...['nodes', 'credentials', 'icons', 'tsconfig.json', 'scripts/build.mjs', 'package.json'].map(
			(p) => newestMtime(join(repoRoot, p)),
		),
	);
	return newestSource > oldestBuilt ? 'sources are newer than dist/' : null;
}

/** Builds unless dist/ is current (or always, with force). */
export function ensureBuilt({ force = false } = {}) {
	const reason = force ? 'forced' : buildReason();
	if (reason === null) {
		process.stdout.write('dist/ is current; not rebuilding\n');
		return;
	}
	process.stdout.write(`Building (${reason})\n`);
	run('npm', ['run', 'build']);
}

/** `npm pack` into destDir; returns the tarball's path and the packed file list. */
export function packInto(destDir) {
	const result = run('npm', ['pack', '--json', '--pack-destination', destDir], { capture: true });
	// npm may print notices before the JSON array; the array is the last thing on stdout.
	const json = result.stdout.slice(result.stdout.indexOf('['));
	const [info] = JSON.parse(json);
	return { tarball: join(destDir, info.filename), files: info.files.map((f) => f.path) };
}

/** Extracts an npm tarball (whose entries live under package/) into destDir. */
export function extractTarball(tarball, destDir) {
	run('tar', ['-xzf', tarball, '-C', destDir, '--strip-components=1']);
	return destDir;
}
