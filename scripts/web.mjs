// `npm run web [-- --home DIR --port N --database postgres://…]`: builds when the sources changed,
// then starts the web bridge host and prints one line of JSON with the address to open (with its
// per-run secret). For scripts and developers; `npm start` is the same host with a browser opened and Spanish messages.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, root } from './renderer-build.mjs';

if (!ensureBuilt()) process.exit(1);
const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/main/web.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
