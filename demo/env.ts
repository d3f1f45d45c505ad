// Imported first by the demo: n8n-core reads its settings folder and log level when it is first
// loaded. Point it at a throwaway folder (never ~/.n8n), do not insist on that folder's file
// permissions, and keep n8n's own logger quiet so that only the report is printed.
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-convocore-demo-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_LOG_LEVEL ??= 'silent';

// The demo runs on test/harness, which imports node sources named `X.node.ts` that sit next to
// their codex `X.node.json`. Node's resolver tries extensions in registration order, .json before
// the .ts that ts-node adds last, so `import … from './ConvocoreTrigger.node'` would load the codex
// JSON. Jest tries .ts first; so does the demo (the nodes it runs are still the built package's).
const extensions: Partial<NodeJS.RequireExtensions> = require.extensions;
const loadJson = extensions['.json'];
delete extensions['.json'];
extensions['.json'] = loadJson;
