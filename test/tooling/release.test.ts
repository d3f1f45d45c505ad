/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// One version everywhere a release names it: the publish workflow builds the tag `v<version>` of
// package.json, so the README's install snippets and the CHANGELOG must describe that same version.
import { readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };

describe(`release ${version}`, () => {
	it('package-lock.json has the same version', () => {
		const lock = JSON.parse(read('package-lock.json')) as {
			version: string;
			packages: Record<string, { version?: string }>;
		};
		expect(lock.version).toBe(version);
		expect(lock.packages[''].version).toBe(version);
	});

	it("every install snippet in the README pins package.json's version", () => {
		const readme = read('README.md');
		const pinned = [
			...readme.matchAll(/npm install n8n-nodes-convocore@(\S+)/g),
			...readme.matchAll(/"name":"n8n-nodes-convocore","version":"([^"]+)"/g),
		].map((match) => match[1]);
		// The manual install, the environment variable and the Docker command.
		expect(pinned).toEqual([version, version, version]);
		expect(readme).not.toMatch(/npm install n8n-nodes-convocore(?!@)/);
	});

	it('the CHANGELOG releases it under a dated heading below an Unreleased section', () => {
		const headings = [...read('CHANGELOG.md').matchAll(/^## (.+)$/gm)].map((match) => match[1]);
		expect(headings[0]).toBe('[Unreleased]');
		expect(headings[1]).toMatch(
			new RegExp(`^\\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`),
		);
	});
});
