// Native modules compiled for Electron's ABI live in .electron-natives/ (scripts/electron-natives.mjs),
// beside the Node-ABI builds in node_modules that tests and the CLI use.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { SecretStore } from '../core/vault/vault';

const require = createRequire(import.meta.url);

export interface ElectronNatives {
  keytar: SecretStore;
  betterSqliteBinding: string | undefined;
}

export function loadElectronNatives(appPath: string): ElectronNatives {
  const dir = join(appPath, '.electron-natives');
  const keytarCopy = join(dir, 'keytar');
  const sqliteBinding = join(dir, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  return {
    keytar: require(existsSync(keytarCopy) ? keytarCopy : 'keytar') as SecretStore,
    betterSqliteBinding: existsSync(sqliteBinding) ? sqliteBinding : undefined,
  };
}
