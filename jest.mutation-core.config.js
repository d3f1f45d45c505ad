// The suites the focused mutation run (npm run mutation:core: the transport, secrets and deadline, and the trigger's
// delivery) runs against each mutant. Stryker runs only the tests that cover a mutant
// (coverageAnalysis perTest), but it first runs every suite listed here once, and a suite that
// fails that first run stops the whole run. Left out:
// - test/limiter/engine.test.ts, whose figures are wall-clock concurrency measured at the sandbox:
//   on a machine busy with test runners it measures the machine, not the mutant;
// - the suites that run the nodes through n8n's engine (test/transport/transport.test.ts, the
//   trigger's bounds and webhook suites): each loads n8n-core first, about 10 s a mutant on a
//   busy two-core machine, for the same decisions test/unit checks directly; the whole run
//   (jest.mutation.config.js) has them;
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
		'<rootDir>/test/trigger/delivery.test.ts',
	],
	// One jest worker: Stryker runs its test-runner processes side by side (its concurrency).
	maxWorkers: 1,
	// A mutant that leaves a promise pending fails its test here, instead of running into
	// Stryker's own timeout, which restarts the test-runner process (seconds of n8n's modules).
	testTimeout: 10000,
};
