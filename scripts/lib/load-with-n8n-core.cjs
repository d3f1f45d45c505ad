// Child process of scripts/install-test.mjs: loads the installed package with n8n-core's
// LazyPackageDirectoryLoader (the loader n8n uses for community packages) taken from the
// repository's node_modules, and checks that every node and credential the package lists loads.
// The loader must load the package lazily: from its dist/known and dist/types metadata alone,
// with none of its code required until a node or credential is asked for.
// The package's own `require('n8n-workflow')` still resolves inside the install folder.
//
// The caller sets N8N_USER_FOLDER (a temp folder) and N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=false
// before n8n-core is loaded, and leaves NODE_ENV unset so n8n-core loads each class in its vm
// context as in production, not with its test shortcut.
//
// Usage: node load-with-n8n-core.cjs <repo root> <installed package dir>
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

const [repoRoot, packageDirArg] = process.argv.slice(2);
const packageDir = fs.realpathSync(packageDirArg);
const repoRequire = createRequire(path.join(repoRoot, 'package.json'));

repoRequire('reflect-metadata');
const { LazyPackageDirectoryLoader } = repoRequire('n8n-core');

async function main() {
	const problems = [];
	const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	const loader = new LazyPackageDirectoryLoader(packageDir);
	await loader.loadAll();
	// Without its metadata files n8n-core falls back to requiring every node and credential.
	if (!loader.isLazyLoaded)
		problems.push(
			'n8n-core did not lazy-load the package (dist/known or dist/types missing or unreadable)',
		);
	const requiredAtStartup = Object.keys(require.cache).filter((file) =>
		file.startsWith(packageDir + path.sep),
	);
	if (requiredAtStartup.length > 0)
		problems.push(`loading the package required ${requiredAtStartup.join(', ')}`);

	const expectedNodes = (pkg.n8n && pkg.n8n.nodes) || [];
	const expectedCredentials = (pkg.n8n && pkg.n8n.credentials) || [];
	const nodeNames = Object.keys(loader.known.nodes);
	const credentialNames = Object.keys(loader.known.credentials);

	if (loader.packageName !== pkg.name) problems.push(`loader read package ${loader.packageName}`);
	if (nodeNames.length !== expectedNodes.length) {
		problems.push(`loaded ${nodeNames.length} nodes, the n8n block lists ${expectedNodes.length}`);
	}
	if (credentialNames.length !== expectedCredentials.length) {
		problems.push(
			`loaded ${credentialNames.length} credentials, the n8n block lists ${expectedCredentials.length}`,
		);
	}

	for (const name of nodeNames) {
		const { type } = loader.getNode(name);
		const description = type.description;
		// n8n turns `file:` icons into icons/<package>/<path in package> URLs it serves from the package.
		const iconUrl = description.iconUrl;
		const urls =
			typeof iconUrl === 'string' ? [iconUrl] : iconUrl ? [iconUrl.light, iconUrl.dark] : [];
		if (urls.length === 0) problems.push(`node ${name}: n8n resolved no icon`);
		for (const url of urls) {
			const prefix = `icons/${pkg.name}/`;
			const file = url.startsWith(prefix) ? path.join(packageDir, url.slice(prefix.length)) : null;
			if (!file || !fs.existsSync(file))
				problems.push(`node ${name}: icon ${url} is not in the package`);
		}
		for (const credential of loader.getCredentialsForNode(type)) {
			if (!credentialNames.includes(credential.name)) {
				problems.push(`node ${name}: credential ${credential.name} is not in the package`);
			}
		}
	}
	for (const name of credentialNames) {
		const { type } = loader.getCredential(name);
		if (!type.displayName) problems.push(`credential ${name}: no displayName`);
	}
	if (loader.types.nodes.length === 0) problems.push('n8n collected no node type descriptions');

	const result = {
		package: `${loader.packageName}@${pkg.version}`,
		lazyLoaded: loader.isLazyLoaded,
		requiredAtStartup,
		nodes: loader.loadedNodes,
		credentials: Object.fromEntries(
			credentialNames.map((name) => [
				name,
				{ supportedNodes: loader.known.credentials[name].supportedNodes ?? [] },
			]),
		),
		problems,
	};
	process.stdout.write(`RESULT:${JSON.stringify(result)}\n`);
	return problems.length === 0;
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(error) => {
		process.stdout.write(
			`RESULT:${JSON.stringify({ problems: [`n8n-core failed to load the package: ${error.stack || error}`] })}\n`,
		);
		process.exit(1);
	},
);
