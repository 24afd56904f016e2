// better-sqlite3 compiled for Electron's ABI lives in .electron-natives/ (scripts/electron-natives.mjs),
// beside the Node-ABI build in node_modules that tests and the CLI use. The keychain binding is
// N-API and needs no Electron copy.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function electronSqliteBinding(appPath: string): string | undefined {
  const binding = join(appPath, '.electron-natives', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  return existsSync(binding) ? binding : undefined;
}
