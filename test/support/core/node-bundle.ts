// One of the app's entry points bundled for plain Node with esbuild, once per test worker: the CLI
// (cli.ts) and the web host (web-host.ts) start as child processes from the same code the app runs.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository: the child processes run from it, as `npm run` does. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const bundles = new Map<string, Promise<string>>();

/** The bundle of `entry` (a path under the repository), built on first use as `<name>-<pid>.mjs`. */
export function nodeBundle(entry: string, name: string): Promise<string> {
  let bundled = bundles.get(entry);
  if (!bundled) {
    // Inside node_modules so that the bundle's external packages (better-sqlite3...) resolve.
    const outfile = join(REPO_ROOT, 'node_modules', '.cache', 'factura-desk-test', `${name}-${process.pid}.mjs`);
    bundled = build({
      entryPoints: [join(REPO_ROOT, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // Its `paths` resolve the subpath imports (`#core/...`): esbuild will not add `.ts` to a package import.
      tsconfig: join(REPO_ROOT, 'tsconfig.node.json'),
      outfile,
      logLevel: 'warning',
    }).then(() => outfile);
    bundles.set(entry, bundled);
  }
  return bundled;
}
