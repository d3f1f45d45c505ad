// The suites the focused mutation run (npm run mutation:core: nodes/shared/*.ts and the trigger's
// delivery) runs against each mutant. Stryker runs only the tests that cover a mutant
// (coverageAnalysis perTest), but it first runs every suite listed here once, and a suite that
// fails that first run stops the whole run. Left out:
// - test/limiter/engine.test.ts, whose figures are wall-clock concurrency measured at the sandbox:
//   on a machine busy with test runners it measures the machine, not the mutant;
// - the trigger's load and fuzz suites: 1,000 deliveries and hundreds of random bodies per mutant
//   cost minutes and cover nothing the webhook and unit suites do not;
// - suites that reach the code in another process (the packed package in n8n, the built bundles,
//   the n8n 1.x engine) or check the tooling: a mutant is never active there.
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: [
		'<rootDir>/test/unit/**/*.test.ts',
		'<rootDir>/test/limiter/{concurrency,itemGate,pacer}.test.ts',
		'<rootDir>/test/transport/withoutSecrets.test.ts',
		'<rootDir>/test/trigger/{bounds,delivery}.test.ts',
	],
	// One jest worker: Stryker runs its test-runner processes side by side (its concurrency).
	maxWorkers: 1,
};
