/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- demo code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * `npm run demo`: builds the package (the npm script does), then loads the BUILT package from
 * dist/ the way n8n loads a community package, starts the local Convocore sandbox, runs every
 * example workflow in examples/ through n8n's real engine with a credential pointing at the
 * sandbox, and prints a short report. Exits non-zero if anything failed. Localhost only.
 */
import '../test/harness/n8n-env';
import '../test/harness/webSocketGlobal';
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import { startSandbox } from '../sandbox';
import { modeFromEnv } from '../sandbox/server/mode';
import { EXAMPLES } from './catalog';
import { credentialsByName, TestCredentialsHelper, TestNodeTypes } from '../test/harness/engine';
import { loadBuiltPackage, loadCoreNodes, type NodeRun } from './engine';
import {
	CREDENTIAL_NAME,
	EXAMPLES_DIR,
	runExamples,
	sandboxCredentials,
	type ExampleResult,
} from './runner';

const ROOT = join(__dirname, '..');

function versionOf(pkg: string): string {
	return (
		JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }
	).version;
}

interface PackageJson {
	name: string;
	version: string;
	n8n: { nodes: string[]; credentials: string[] };
}

function formatNodes(nodes: NodeRun[], workflowNodes: ExampleResult['workflow']): string {
	const types = new Map((workflowNodes?.nodes ?? []).map((node) => [node.name, node.type]));
	return nodes
		.map(({ name, outputs, error }) => {
			if (error) return `${name} (failed)`;
			const counts =
				types.get(name) === 'n8n-nodes-base.if'
					? `true ${outputs[0] ?? 0}, false ${outputs[1] ?? 0}`
					: outputs.join('/');
			return `${name} (${counts})`;
		})
		.join(' → ');
}

function printResult(result: ExampleResult, index: number): void {
	const ok = result.problems.length === 0;
	const title = result.workflow?.name ?? result.spec.file;
	console.log(`\n${ok ? '✔' : '✘'} ${index + 1}. ${title}`);
	console.log(`    file     examples/${result.spec.file} (${result.ms} ms)`);
	const webhook = result.outcome?.webhook;
	if (webhook) {
		console.log(`    trigger  active; Production URL ${webhook.productionUrl}`);
		for (const delivery of webhook.deliveries) {
			const message = (() => {
				try {
					return (JSON.parse(delivery.body) as { message?: string }).message ?? delivery.body;
				} catch {
					return delivery.body;
				}
			})();
			console.log(
				`    event    ${delivery.label} → HTTP ${delivery.status}: ${message}${delivery.ran ? '' : ' (no run)'}`,
			);
		}
	}
	if (result.nodes.length)
		console.log(`    ran      ${formatNodes(result.nodes, result.workflow)}`);
	for (const line of result.lines) console.log(`    result   ${line}`);
	for (const problem of result.problems)
		console.log(`    FAILED   ${problem.split('\n').join('\n             ')}`);
}

async function main(): Promise<number> {
	const started = Date.now();
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
	const listed = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
	const missing = listed.filter((file) => !existsSync(join(ROOT, file)));
	if (missing.length) {
		console.error(
			`The built package is missing ${missing.join(', ')}: run "npm run build" (or "npm run demo", which builds first).`,
		);
		return 1;
	}

	// The package exactly as n8n loads a community package: n8n-core's loader over its folder.
	const loaded = await loadBuiltPackage(ROOT);
	const fromElsewhere = Object.entries(loaded.sourcePaths).filter(
		([, file]) => !listed.includes(file),
	);
	if (fromElsewhere.length || loaded.types.size !== pkg.n8n.nodes.length) {
		console.error(
			`n8n-core did not load the package from the files package.json lists: ${JSON.stringify(loaded.sourcePaths)}`,
		);
		return 1;
	}
	const core = loadCoreNodes();
	const nodeTypes = new TestNodeTypes([...core.types, ...loaded.types]);

	const sandbox = await startSandbox({ port: 0, mode: modeFromEnv() });
	let results: ExampleResult[] = [];
	try {
		const engine = {
			nodeTypes,
			credentialsHelper: new TestCredentialsHelper(
				credentialsByName(sandboxCredentials(sandbox)),
				loaded.credentialTypes,
			),
		};

		console.log(
			`Convocore for n8n: demo of ${loaded.packageName}@${loaded.version} on Node ${process.version}`,
		);
		console.log(
			`  package   built files loaded by n8n-core ${versionOf('n8n-core')}'s LazyPackageDirectoryLoader, as n8n loads community nodes:`,
		);
		for (const [type, file] of Object.entries(loaded.sourcePaths))
			console.log(`              ${type.padEnd(38)} ${file}`);
		console.log(
			`  engine    n8n-core WorkflowExecute, n8n-workflow ${versionOf('n8n-workflow')}; core nodes from n8n-nodes-base ${core.version}`,
		);
		console.log(
			`  sandbox   ${sandbox.url} (local Convocore V3 API, ${sandbox.mode} mode; nothing leaves this machine)`,
		);
		console.log(
			`  credential "${CREDENTIAL_NAME}": region Custom, base URL ${sandbox.baseUrl('eu')}, secret ${sandbox.keys.euWhiteLabel} (EU White Label workspace)`,
		);

		results = await runExamples(EXAMPLES, engine, sandbox);
		results.forEach(printResult);
	} finally {
		await sandbox.close();
	}

	const inCatalog = new Set(EXAMPLES.map((spec) => spec.file));
	const notRun = readdirSync(EXAMPLES_DIR).filter(
		(file) => file.endsWith('.json') && !inCatalog.has(file),
	);
	const failed = results.filter((result) => result.problems.length > 0);
	console.log('');
	if (notRun.length)
		console.log(
			`✘ not run by the demo: ${notRun.map((file) => relative(ROOT, join(EXAMPLES_DIR, file))).join(', ')}`,
		);
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	if (failed.length || notRun.length) {
		console.log(`✘ ${failed.length} of ${results.length} workflows failed (${seconds} s)`);
		return 1;
	}
	console.log(
		`✔ all ${results.length} example workflows ran green through n8n's engine against the sandbox (${seconds} s)`,
	);
	return 0;
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(error: Error) => {
		console.error(error.stack ?? error);
		process.exitCode = 1;
	},
);
