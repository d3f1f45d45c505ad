// The focused mutation run, `npm run mutation:core`: nodes/shared/*.ts (secrets, transport,
// retries, the limiter, the pacer, error mapping, pagination) and the trigger's delivery, held to
// at least 85 % of mutants killed (the run fails below that), with the suites that exercise them.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	...base,
	jest: { ...base.jest, configFile: 'jest.mutation-core.config.js' },
	// Type-checks the mutated modules and their imports, not the operations that import them.
	tsconfigFile: 'tsconfig.mutation-core.json',
	mutate: ['nodes/shared/*.ts', 'nodes/ConvocoreTrigger/delivery.ts'],
	incrementalFile: 'reports/mutation/core-incremental.json',
	htmlReporter: { fileName: 'reports/mutation/core.html' },
	jsonReporter: { fileName: 'reports/mutation/core.json' },
	thresholds: { ...base.thresholds, break: 85 },
};
