// The focused mutation run, `npm run mutation:core`: the modules every request and every event
// passes through (nodes/shared/: secrets and the deadline; nodes/Convocore/transport/: the
// request, retries, the limiter, the pacer; and the trigger's delivery), held to at least 85 % of mutants killed (the run fails
// below that), with the suites that exercise them. The other shared modules (error mapping,
// pagination, the interact socket, regions) are in the whole run, `npm run mutation`.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	...base,
	jest: { ...base.jest, configFile: 'jest.mutation-core.config.js' },
	// Type-checks the mutated modules and their imports, not the operations that import them.
	tsconfigFile: 'tsconfig.mutation-core.json',
	mutate: [
		'nodes/shared/{secrets,deadline}.ts',
		'nodes/Convocore/transport/{request,download,retries,slotLimit,concurrency,pacer}.ts',
		'nodes/ConvocoreTrigger/{delivery,verification,redaction,emission}.ts',
	],
	incrementalFile: 'reports/mutation/core-incremental.json',
	htmlReporter: { fileName: 'reports/mutation/core.html' },
	jsonReporter: { fileName: 'reports/mutation/core.json' },
	thresholds: { ...base.thresholds, break: 85 },
};
