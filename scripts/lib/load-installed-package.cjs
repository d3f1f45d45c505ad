// Child process of scripts/install-test.mjs. It is copied into the install folder and run there
// with plain node, so module resolution starts at the installed package and never reaches the
// repository's node_modules. Uses only node built-ins.
//
// For every node and credential the installed package's `n8n` block lists: require the file,
// instantiate the class named like the file (as n8n does), and check the description.
// Also records every non-relative module the package's code required and where it resolved.
//
// Usage: node load-installed-package.cjs <installed package dir>
// Prints one JSON line prefixed with RESULT: and exits non-zero on any problem.
'use strict';

const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');

const packageDir = fs.realpathSync(path.resolve(process.argv[2]));
const problems = [];
const externals = new Map(); // specifier -> resolved path

const isBuiltin = (request) => Module.isBuiltin(request);
const originalResolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
	const resolved = originalResolve.call(this, request, parent, ...rest);
	const fromPackage =
		parent && parent.filename && parent.filename.startsWith(packageDir + path.sep);
	if (fromPackage && !request.startsWith('.') && !path.isAbsolute(request)) {
		externals.set(request, isBuiltin(request) ? '(node built-in)' : resolved);
	}
	return resolved;
};

function loadClass(relativeFile) {
	const file = path.join(packageDir, relativeFile);
	if (!fs.existsSync(file)) {
		problems.push(`${relativeFile}: listed in the n8n block but not in the package`);
		return null;
	}
	// n8n takes the class name from the file name: dist/nodes/Foo/Foo.node.js -> Foo.
	const className = path.basename(relativeFile).split('.')[0];
	let exported;
	try {
		exported = require(file);
	} catch (error) {
		problems.push(`${relativeFile}: require failed: ${error && error.stack ? error.stack : error}`);
		return null;
	}
	if (typeof exported[className] !== 'function') {
		problems.push(`${relativeFile}: exports no class named ${className}`);
		return null;
	}
	try {
		return new exported[className]();
	} catch (error) {
		problems.push(
			`${relativeFile}: new ${className}() threw: ${error && error.stack ? error.stack : error}`,
		);
		return null;
	}
}

function checkIcon(icon, relativeFile, what) {
	const icons = typeof icon === 'string' ? [icon] : icon ? [icon.light, icon.dark] : [];
	if (icons.length === 0) problems.push(`${what}: no icon`);
	for (const value of icons) {
		if (typeof value !== 'string' || !value.startsWith('file:')) {
			problems.push(`${what}: icon ${JSON.stringify(value)} is not a file: icon`);
			continue;
		}
		const iconFile = path.resolve(
			path.dirname(path.join(packageDir, relativeFile)),
			value.slice(5),
		);
		if (!iconFile.startsWith(packageDir + path.sep)) {
			problems.push(`${what}: icon ${value} points outside the package`);
		} else if (!fs.existsSync(iconFile)) {
			problems.push(
				`${what}: icon ${value} is not in the package (${path.relative(packageDir, iconFile)})`,
			);
		}
	}
}

const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const n8n = pkg.n8n || {};
const nodeFiles = n8n.nodes || [];
const credentialFiles = n8n.credentials || [];
if (nodeFiles.length === 0) problems.push('the n8n block lists no nodes');

const credentials = [];
for (const file of credentialFiles) {
	const credential = loadClass(file);
	if (!credential) continue;
	const what = `credential ${file}`;
	if (typeof credential.name !== 'string' || !credential.name) problems.push(`${what}: no name`);
	if (typeof credential.displayName !== 'string' || !credential.displayName)
		problems.push(`${what}: no displayName`);
	if (!Array.isArray(credential.properties)) problems.push(`${what}: properties is not an array`);
	checkIcon(credential.icon, file, what);
	credentials.push(credential.name);
}

const nodes = [];
for (const file of nodeFiles) {
	const node = loadClass(file);
	if (!node) continue;
	const what = `node ${file}`;
	const base = node.description;
	if (!base || typeof base !== 'object') {
		problems.push(`${what}: no description`);
		continue;
	}
	// A versioned node keeps one description per version in nodeVersions.
	const descriptions = node.nodeVersions
		? Object.values(node.nodeVersions).map((v) => ({ ...v.description, name: base.name }))
		: [base];
	for (const description of descriptions) {
		for (const field of ['name', 'displayName', 'description']) {
			if (typeof description[field] !== 'string' || !description[field]) {
				problems.push(`${what}: description.${field} is missing`);
			}
		}
		if (!Array.isArray(description.properties))
			problems.push(`${what}: description.properties is not an array`);
		if (!Array.isArray(description.inputs) && typeof description.inputs !== 'string') {
			problems.push(`${what}: description.inputs is missing`);
		}
		checkIcon(description.icon || base.icon, file, what);
		for (const { name } of description.credentials || []) {
			if (!credentials.includes(name))
				problems.push(`${what}: uses credential ${name}, which the package does not ship`);
		}
	}
	const hasEntry = ['execute', 'trigger', 'webhook', 'poll'].some(
		(m) => typeof node[m] === 'function',
	);
	if (!hasEntry && !base.requestDefaults)
		problems.push(`${what}: has no execute/trigger/webhook/poll method`);
	nodes.push(base.name);
}

const result = { nodes, credentials, externals: Object.fromEntries(externals), problems };
process.stdout.write(`RESULT:${JSON.stringify(result)}\n`);
process.exit(problems.length === 0 ? 0 : 1);
