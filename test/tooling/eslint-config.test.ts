/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
// eslint.config.mjs applies n8n's rulesets to the right files: each case lints a small source
// (given on stdin under a path in nodes/, credentials/ or package.json) with the project's config
// and checks which rules fire. Runs the eslint CLI in a child process because the config is an
// ES module, which jest's CommonJS runtime cannot import. NODE_ENV is removed from the child's
// environment: eslint-plugin-n8n-nodes-base switches some rules (package.json, file names) to a
// test mode when NODE_ENV=test, which jest sets.
import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', '..');
const eslintBin = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

function rulesFiring(filePath: string, source: string): string[] {
	const result = spawnSync(
		process.execPath,
		[eslintBin, '--stdin', '--stdin-filename', filePath, '--format', 'json'],
		{ cwd: root, input: source, encoding: 'utf8', env: { ...process.env, NODE_ENV: undefined } },
	);
	if (result.status !== 0 && result.status !== 1) {
		throw new Error(`eslint exited with ${result.status}: ${result.stderr}`);
	}
	const [file] = JSON.parse(result.stdout) as Array<{
		messages: Array<{ ruleId: string | null; message: string; fatal?: boolean }>;
	}>;
	const fatal = file.messages.find((m) => m.fatal);
	if (fatal) throw new Error(`eslint could not parse ${filePath}: ${fatal.message}`);
	return file.messages.map((m) => m.ruleId ?? '(none)');
}

const node = `
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
export class Probe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Probe',
		name: 'Probe',
		group: ['transform'],
		version: 1,
		description: 'Probes things',
		defaults: { name: 'Probe' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [
			{ displayName: 'Count', name: 'count', type: 'number', typeOptions: { maxValue: 10 }, default: 1 },
		],
	};
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		console.log('executing');
		return [this.getInputData().map(() => ({ json: {} }))];
	}
}
`;

const credential = `
import type { ICredentialType, INodeProperties } from 'n8n-workflow';
export class ProbeApi implements ICredentialType {
	name = 'probeApi';
	displayName = 'Probe API';
	documentationUrl = 'probe';
	properties: INodeProperties[] = [
		{ displayName: 'API Key', name: 'apiKey', type: 'string', default: '' },
	];
}
`;

describe('eslint.config.mjs', () => {
	jest.setTimeout(60000);

	it('applies community-nodes, no-console and the n8n-nodes-base nodes ruleset to nodes/', () => {
		const rules = rulesFiring('nodes/Probe/Probe.node.ts', node);
		expect(rules).toEqual(
			expect.arrayContaining([
				'no-console',
				'@n8n/community-nodes/node-usable-as-tool',
				'@n8n/community-nodes/node-connection-type-literal',
				'@n8n/community-nodes/missing-paired-item',
				'@n8n/community-nodes/require-node-description-fields',
				'n8n-nodes-base/node-class-description-name-miscased',
			]),
		);
		// Switched off as in n8n's own configs.
		expect(rules).not.toContain('n8n-nodes-base/node-param-type-options-max-value-present');
		expect(rules).not.toContain('n8n-nodes-base/node-class-description-inputs-wrong-regular-node');
		expect(rules).not.toContain('n8n-nodes-base/node-class-description-outputs-wrong');
		// The credentials ruleset is not applied to nodes.
		expect(rules.filter((r) => r.startsWith('n8n-nodes-base/cred-'))).toEqual([]);
	});

	it('applies community-nodes and the n8n-nodes-base credentials ruleset to credentials/', () => {
		const rules = rulesFiring('credentials/Probe.credentials.ts', credential);
		expect(rules).toEqual(
			expect.arrayContaining([
				'@n8n/community-nodes/credential-test-required',
				'@n8n/community-nodes/cred-class-field-icon-missing',
				'@n8n/community-nodes/credential-password-field',
				'n8n-nodes-base/cred-filename-against-convention',
				'n8n-nodes-base/cred-class-field-documentation-url-not-http-url',
			]),
		);
		expect(rules).not.toContain('n8n-nodes-base/cred-class-field-type-options-password-missing');
		expect(rules).not.toContain('n8n-nodes-base/cred-class-field-documentation-url-miscased');
	});

	it('applies community-nodes and the n8n-nodes-base community ruleset to package.json', () => {
		const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
		pkg.dependencies = { axios: '1.0.0' };
		pkg.peerDependencies = { 'n8n-workflow': '^2' };
		pkg.overrides = { lodash: '4' };
		pkg.keywords = ['n8n'];
		const rules = rulesFiring('package.json', JSON.stringify(pkg, null, 2));
		expect(rules).toEqual(
			expect.arrayContaining([
				'@n8n/community-nodes/no-runtime-dependencies',
				'@n8n/community-nodes/valid-peer-dependencies',
				'@n8n/community-nodes/no-overrides-field',
				'n8n-nodes-base/community-package-json-keywords-without-official-tag',
			]),
		);
	});

	it('finds nothing in the real package.json', () => {
		expect(rulesFiring('package.json', readFileSync(join(root, 'package.json'), 'utf8'))).toEqual(
			[],
		);
	});
});
