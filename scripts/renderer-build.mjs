// Builds main, preload and renderer (electron-vite) when out/ is missing or older than its sources.
// Shared by `npm start` and `npm run web`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Returns true when out/ is up to date (built now or before); false when the build failed (its errors are on stderr). */
export function ensureBuilt() {
  const built = [join(root, 'out/renderer/index.html'), join(root, 'out/main/index.js')];
  const sources = newestMtime(join(root, 'src'));
  if (built.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources)) return true;
  const build = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return build.status === 0;
}
