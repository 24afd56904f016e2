// The benchmarks' 100,000-document history: the Historial's seeded generator
// (test/support/history-generator.ts, shared with its tests) poured into a core home with an active
// connection, as a bulk load. Same seed, same history, so runs compare.
//
//   const { home, docs } = await createHistoryHome(dir, { count: 100_000, seed: 20261120 });
import { join } from 'node:path';
import { Connections } from '../src/core/connections/connections';
import { DATABASE_FILE, vaultScope } from '../src/core/core';
import { EventBus } from '../src/core/events';
import { sqliteEngine } from '../src/core/store/engine';
import { Store, type Db } from '../src/core/store/store';
import { Vault } from '../src/core/vault/vault';
import { generateHistory, type GeneratedDoc, type GenerateOptions } from '../test/support/history-generator';

export { seededRandom } from '../test/support/history-generator';

/**
 * Runs `load` with the history table's secondary indexes and FTS triggers dropped (read from the
 * schema, so they follow the migrations), then recreates them and rebuilds the FTS index from the
 * table: about twice as fast as maintaining them row by row, and the same database afterwards.
 */
export function bulkLoad<T>(db: Db, load: () => T): T {
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const journal = db.pragma('journal_mode', { simple: true }) as string;
  // No WAL for the load: 250 MB through the WAL would be written twice (log, then checkpoint).
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  const dependents = db
    .prepare<[], { type: string; name: string; sql: string }>(
      `SELECT type, name, sql FROM sqlite_master
       WHERE tbl_name = 'history_documents' AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
    )
    .all();
  try {
    return db.transaction(() => {
      for (const { type, name } of dependents) db.exec(`DROP ${type === 'index' ? 'INDEX' : 'TRIGGER'} "${name}"`);
      const result = load();
      for (const { sql } of dependents) db.exec(sql);
      db.exec("INSERT INTO history_search (history_search) VALUES ('rebuild')");
      return result;
    })();
  } finally {
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma(`journal_mode = ${journal}`);
  }
}

export const HISTORY_BASE_URL = 'http://127.0.0.1:9/api/v1';

/**
 * A core home (the folder createCore opens) whose active connection holds the generated documents.
 * The connection has no token: listing and opening the history need none.
 */
export async function createHistoryHome(
  home: string,
  shape: Omit<GenerateOptions, 'connectionId'>,
): Promise<{ home: string; connectionId: number; docs: GeneratedDoc[]; ms: number }> {
  const started = performance.now();
  const store = Store.open(join(home, DATABASE_FILE));
  try {
    const noSecrets = { getPassword: async () => null, setPassword: async () => undefined, deletePassword: async () => false };
    const connections = new Connections(
      sqliteEngine(store.db),
      new Vault(noSecrets, vaultScope(home, store)),
      new EventBus(),
      () => new Date(),
    );
    await connections.load();
    const connection = await connections.create({
      label: 'Historial de prueba',
      kind: 'sandbox',
      base_url: HISTORY_BASE_URL,
      company_id: 101,
    });
    const { docs } = bulkLoad(store.db, () => generateHistory(store.db, { ...shape, connectionId: connection.id }));
    return { home, connectionId: connection.id, docs, ms: performance.now() - started };
  } finally {
    store.close();
  }
}
