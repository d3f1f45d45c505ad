/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
// Environment n8n-core reads when it is first loaded, set before anything imports it: by jest
// (setupFiles), the demo and the benchmarks alike. A throwaway settings folder so nothing ever
// touches ~/.n8n, no check of that folder's file permissions, and n8n's own logger kept quiet
// (errors provoked on purpose would otherwise be logged, and the demo prints only its report).
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-convocore-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_LOG_LEVEL ??= 'silent';
