// CI's run under Node 24 (.ci/run), the Node version n8n 2.x runs on: only the suites whose
// behaviour can differ by Node version. Everything else is the same JavaScript on the same n8n
// engine, proven by `npm test` on Node 20, and every example workflow already runs on Node 24 in
// the real n8n server of `npm run e2e`. Why each suite is here:
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: [
		// Send Message's interact socket: Node 24's own global WebSocket. Under Node 20 the harness
		// installs undici's (test/harness/webSocketGlobal.ts), so only this run tests the native one.
		'<rootDir>/test/node/agentSendMessage*.test.ts',
		'<rootDir>/test/node/aiToolRun.test.ts',
		// Sockets and HTTP: resets, timeouts, aborted and malformed answers reach the node as the
		// errors of Node's own net/http (their codes and messages are the runtime's), through n8n's
		// request helper; deadlines and rate-limit pacing run on Node's timers.
		'<rootDir>/test/transport/**/*.test.ts',
		'<rootDir>/test/fault/**/*.test.ts',
		'<rootDir>/test/limiter/**/*.test.ts',
		// The trigger: an HTTP server receiving events, body parsing, crypto's timingSafeEqual.
		'<rootDir>/test/trigger/**/*.test.ts',
		// The credential test through n8n-core's request helper.
		'<rootDir>/test/credentials/**/*.test.ts',
		// Module loading: n8n's package loaders over dist/, require() of the built bundles.
		'<rootDir>/test/load/**/*.test.ts',
		'<rootDir>/test/tooling/build.test.ts',
		'<rootDir>/test/tooling/engine-version.test.ts',
	],
};
