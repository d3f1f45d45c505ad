// The suites the whole mutation run (npm run mutation: nodes/ and credentials/) runs against each
// mutant: the focused run's suites (see jest.mutation-core.config.js for what is left out and why)
// plus every operation through n8n's engine against the sandbox.
const core = require('./jest.mutation-core.config');

/** @type {import('jest').Config} */
module.exports = {
	...core,
	testMatch: [
		...core.testMatch,
		'<rootDir>/test/node/**/*.test.ts',
		'<rootDir>/test/fault/**/*.test.ts',
		'<rootDir>/test/credentials/**/*.test.ts',
		'<rootDir>/test/contracts/**/*.test.ts',
		'<rootDir>/test/transport/transport.test.ts',
		'<rootDir>/test/trigger/{bounds,description,lifecycle,webhook,e2e,receiver}.test.ts',
	],
};
