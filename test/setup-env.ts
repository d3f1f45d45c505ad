// n8n-core reads its settings folder when it is first loaded: point it at a throwaway folder
// so tests never touch ~/.n8n, and do not insist on that folder's file permissions.
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-convocore-test-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
// Errors that tests provoke on purpose would otherwise be logged by n8n-core's logger.
process.env.N8N_LOG_LEVEL ??= 'silent';
