/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- benchmark code: runs in Node against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * Imported first by run.ts, before anything loads n8n-core: n8n's environment (shared with the
 * tests and the demo) and a garbage collector the memory figures can call.
 */
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';
import '../test/harness/n8n-env';
import '../test/harness/webSocketGlobal';

// `npm run bench` starts node with --expose-gc. Started any other way (plain ts-node), the
// collector is exposed here instead, so the memory figures never silently lose their meaning.
if (typeof global.gc !== 'function') {
	setFlagsFromString('--expose-gc');
	global.gc = runInNewContext('gc') as typeof global.gc;
}
