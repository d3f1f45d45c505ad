// Imported first by the demo: n8n-core reads its settings folder and log level when it is first
// loaded. Point it at a throwaway folder (never ~/.n8n), do not insist on that folder's file
// permissions, and keep n8n's own logger quiet so that only the report is printed.
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-convocore-demo-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_LOG_LEVEL ??= 'silent';
