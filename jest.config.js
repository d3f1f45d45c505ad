/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// tsconfig's isolatedModules makes ts-jest transpile only: type errors are `npm run typecheck`'s job.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	setupFiles: ['<rootDir>/test/harness/n8n-env.ts', '<rootDir>/test/harness/webSocketGlobal.ts'],
	testTimeout: 30000,
	// Suites start their own sandbox on a free port, so they can run in parallel.
	maxWorkers: 2,
};
