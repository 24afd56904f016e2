// The two engines a converted part is tested on, with one test body: SQLite on a real file through
// the Store's own connection, PostgreSQL on a new empty database of the run's shared server
// (postgres-global.ts). `describe.each(ENGINE_KINDS)` and `openEngine(kind)` in a beforeEach.
import { join } from 'node:path';
import { openPostgres, sqliteEngine, type Engine, type EngineKind } from '#core/store/engine';
import { migrations as allMigrations } from '#core/store/migrations/index';
import type { Migration } from '#core/store/migration';
import { Store } from '#core/store/store';
import { testDatabase } from './test-database';
import { tempDir } from './temp';

export const ENGINE_KINDS: readonly EngineKind[] = ['sqlite', 'postgres'];

export interface OpenedEngine {
  engine: Engine;
  /** SQLite only: the Store whose connection the engine uses (null on PostgreSQL). */
  store: Store | null;
  close(): Promise<void>;
}

export async function openEngine(kind: EngineKind, migrations: readonly Migration[] = allMigrations): Promise<OpenedEngine> {
  if (kind === 'sqlite') {
    const dir = tempDir();
    const store = Store.open(join(dir.path, 'data.sqlite'), { migrations });
    return {
      engine: sqliteEngine(store.db),
      store,
      close: () => {
        store.close();
        dir.remove();
        return Promise.resolve();
      },
    };
  }
  const engine = await openPostgres({ url: await testDatabase(), migrations });
  return { engine, store: null, close: () => engine.close() };
}

/** Connections with these ids (company 100 + id) for the rows that belong to one by foreign key. */
export async function addConnections(engine: Engine, ids: readonly number[]): Promise<void> {
  for (const id of ids)
    await engine.db
      .insertInto('connections')
      .values({
        id,
        label: `Empresa ${id}`,
        kind: 'sandbox',
        base_url: 'http://127.0.0.1:9/api/v1',
        company_id: 100 + id,
        created_at: '',
      })
      .execute();
}
