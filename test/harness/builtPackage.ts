/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code: runs in Node under jest and the bench, never ships (package.json "files" is dist/ only) */
// Shared by the tests and the benchmarks (bench/).
/**
 * The package as n8n finds it in its node_modules: a folder holding package.json and the dist/
 * that `npm run build`'s script (scripts/build.mjs) makes, lazy-loading metadata included. Built
 * under the repository's .tmp/, so the bundles' require('n8n-workflow') resolves as in n8n.
 */
import { execFileSync } from 'child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'fs';
import { join } from 'path';

export const REPOSITORY_ROOT = join(__dirname, '..', '..');

/** Builds the package into a new folder under .tmp/ named after `label`; returns that folder. */
export function buildPackageFolder(label: string): string {
	mkdirSync(join(REPOSITORY_ROOT, '.tmp'), { recursive: true });
	const folder = mkdtempSync(join(REPOSITORY_ROOT, '.tmp', `${label}-`));
	copyFileSync(join(REPOSITORY_ROOT, 'package.json'), join(folder, 'package.json'));
	execFileSync(
		process.execPath,
		[join(REPOSITORY_ROOT, 'scripts', 'build.mjs'), '--outdir', join(folder, 'dist')],
		{
			cwd: REPOSITORY_ROOT,
			stdio: 'pipe',
		},
	);
	return folder;
}
