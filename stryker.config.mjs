// StrykerJS mutation testing of the shipped code, nodes/ and credentials/: `npm run mutation`.
// `npm run mutation:core` (stryker.core.config.mjs) is the focused run over the transport, secrets, the deadline and
// the trigger's delivery, the modules held to 85 % killed. Not part of CI: it runs the covering
// tests once per mutant and takes hours. Each mutant is type-checked first (the TypeScript
// checker), so mutants the compiler rejects are never run. See docs/contributing-mutation.md.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	packageManager: 'npm',
	testRunner: 'jest',
	// findRelatedTests: a mutant runs only the suites that import its file (directly or not), not
	// every suite of the config filtered by test name (each suite loads n8n's modules first).
	jest: {
		projectType: 'custom',
		configFile: 'jest.mutation.config.js',
		enableFindRelatedTests: true,
	},
	checkers: ['typescript'],
	// The shipped code only (tsconfig.mutation.json): a quarter of the time of the whole project per check.
	tsconfigFile: 'tsconfig.mutation.json',
	coverageAnalysis: 'perTest',
	mutate: ['nodes/**/*.ts', 'credentials/**/*.ts'],
	// Two test-runner processes at most, each one jest run at a time.
	concurrency: 2,
	// A busy machine slows the covering tests down; a mutant that loops still ends as a timeout.
	timeoutMS: 10000,
	dryRunTimeoutMinutes: 60,
	// The sandbox holds a copy of every .ts file, which `npm run lint` (all **/*.ts) would lint too:
	// it goes also after a failed or interrupted run.
	cleanTempDir: 'always',
	// Not copied into Stryker's sandbox (.stryker-tmp): build output, the shared caches, reports.
	// node_modules is linked there, never copied.
	ignorePatterns: ['dist', '.cache', '.tmp', 'coverage', 'reports', '*.tgz'],
	// Results are kept in reports/mutation/: a later run tests only the mutants and tests that changed.
	incremental: true,
	incrementalFile: 'reports/mutation/incremental.json',
	htmlReporter: { fileName: 'reports/mutation/index.html' },
	jsonReporter: { fileName: 'reports/mutation/mutation.json' },
	reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
	thresholds: { high: 90, low: 85, break: null },
};
