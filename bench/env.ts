/**
 * Environment n8n-core reads when it is first loaded (as test/setup-env.ts sets it for jest):
 * a throwaway settings folder, no file-permission check, no logging. Imported first by run.ts,
 * before anything that loads n8n-core.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-convocore-bench-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_LOG_LEVEL ??= 'silent';

// The node sources are named `X.node.ts` next to their codex `X.node.json`. Node's resolver tries
// extensions in registration order, .json before the .ts that ts-node adds last, so
// `import … from './Convocore.node'` would load the codex JSON. Jest tries .ts first; so do we.
const extensions: Partial<NodeJS.RequireExtensions> = require.extensions;
const loadJson = extensions['.json'];
delete extensions['.json'];
extensions['.json'] = loadJson;

// `npm run bench` starts node with --expose-gc. Started any other way (plain ts-node), the
// collector is exposed here instead, so the memory figures never silently lose their meaning.
if (typeof global.gc !== 'function') {
	setFlagsFromString('--expose-gc');
	global.gc = runInNewContext('gc') as typeof global.gc;
}
