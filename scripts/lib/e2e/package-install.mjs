// Installs the packed package into <user folder>/.n8n/nodes the way n8n 2.41's community package
// installer does (CommunityPackagesService.downloadPackage): the tarball unpacked into
// node_modules/<name>, its devDependencies, peerDependencies and optionalDependencies removed
// from its package.json, `npm install` run inside it with n8n's flags, and the package recorded in
// the nodes folder's package.json. n8n-workflow then resolves from n8n's own node_modules, as in a
// user's n8n.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanEnv } from './n8n-install.mjs';

const N8N_INSTALL_FLAGS = [
	'--audit=false',
	'--fund=false',
	'--bin-links=false',
	'--install-strategy=shallow',
	'--ignore-scripts=true',
	'--package-lock=false',
];

function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8' });
	if (result.status !== 0)
		throw new Error(
			`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`,
		);
}

export function installLikeN8n(tarball, userFolder, log) {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const unpacked = JSON.parse(
		spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout,
	);
	const packageDir = join(nodesDir, 'node_modules', unpacked.name);
	mkdirSync(packageDir, { recursive: true });
	run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], nodesDir);

	const packageJsonPath = join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...kept } = JSON.parse(
		readFileSync(packageJsonPath, 'utf8'),
	);
	writeFileSync(packageJsonPath, JSON.stringify(kept, null, 2), 'utf8');
	run('npm', ['install', ...N8N_INSTALL_FLAGS], packageDir);

	writeFileSync(
		join(nodesDir, 'package.json'),
		JSON.stringify(
			{ name: 'installed-nodes', private: true, dependencies: { [kept.name]: kept.version } },
			null,
			2,
		),
		'utf8',
	);
	log(
		`installed ${kept.name}@${kept.version} into ${nodesDir} as n8n's community package installer does`,
	);
}
