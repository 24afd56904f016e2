// `npm run web [-- --home DIR --port N]`: builds the renderer when its sources changed, then starts
// the web bridge host and prints the address to open (with its per-run secret).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = join(root, 'out/renderer/index.html');
const sources = Math.max(newestMtime(join(root, 'src/renderer')), newestMtime(join(root, 'src/shared')));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync('npx', ['tsx', 'src/main/web.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
