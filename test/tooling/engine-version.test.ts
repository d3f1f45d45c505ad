/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
// The n8n engine the suites run on: 2.x by default, 1.x under jest.n8n1.config.js
// (npm run test:n8n1, which sets N8N_ENGINE_MAJOR=1). Guards against a run that silently
// tests the wrong engine.
import { version as coreVersion } from 'n8n-core/package.json';
import { version as workflowVersion } from 'n8n-workflow/package.json';

describe('n8n engine under test', () => {
	it(`is n8n-core and n8n-workflow ${process.env.N8N_ENGINE_MAJOR ?? '2'}.x`, () => {
		const major = process.env.N8N_ENGINE_MAJOR ?? '2';
		expect([coreVersion.split('.')[0], workflowVersion.split('.')[0]]).toEqual([major, major]);
	});
});
