/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// Type errors are caught by `npm run typecheck`; tests only need the code transpiled.
		'^.+\\.ts$': ['ts-jest', { isolatedModules: true, tsconfig: 'tsconfig.json' }],
	},
	setupFiles: ['<rootDir>/test/setup-env.ts'],
	testTimeout: 30000,
	// Suites start their own sandbox on a free port, so they can run in parallel.
	maxWorkers: 2,
};
