// Removes the build output (dist/). Used by `npm run clean`.
const { rmSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
rmSync(dist, { recursive: true, force: true });
process.stdout.write(`removed ${dist}\n`);
