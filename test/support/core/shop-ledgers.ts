// The ledger of each data folder a test opens, on one engine: SQLite in the folder's own file, or
// PostgreSQL in a new database per folder (the same one when the folder's core is opened again, as a
// restarted register finds its shop's database). Reads go through another connection, as another
// process sees the ledger: only what was committed.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, type Engine, type EngineKind } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { openCore, readInstallation } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { realKeychain } from '../keychain';
import { parsePostgresAddress, type DatabaseChoice } from '#core/store/database-choice';
import { testDatabase } from '../test-database';

export interface ShopLedgers {
  readonly kind: EngineKind;
  /** createCore's engine for this folder: none on SQLite (the store's), its database (and installation) on PostgreSQL. */
  engineOf(home: string): Promise<{ engine?: Engine; installation?: string }>;
  /** openCore's choice for this folder, as the command line and the app read it: its file, or its database. */
  choiceOf(home: string): Promise<DatabaseChoice>;
  /** The command line's arguments naming this folder's database: none on SQLite, `--database ADDRESS` on PostgreSQL. */
  cliArgs(home: string): Promise<string[]>;
  /**
   * Makes `home` a data folder on this engine's database whose active connection is `connection`
   * (a sandbox's), its token in the real keychain: what `connect` leaves, for tests that drive the CLI.
   */
  connect(home: string, connection: { baseUrl: string; companyId: number; token: string }): Promise<void>;
  /** The rows `query` selects from this folder's ledger, read by another connection. */
  read<T>(home: string, query: string, params?: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export function shopLedgers(kind: EngineKind): ShopLedgers {
  const shops = new Map<string, { url: string; engine: Engine }>();
  async function shopOf(home: string): Promise<{ url: string; engine: Engine }> {
    let shop = shops.get(home);
    if (!shop) {
      const url = await testDatabase();
      shop = { url, engine: await openPostgres({ url, migrations }) };
      shops.set(home, shop);
    }
    return shop;
  }
  return {
    kind,
    async engineOf(home) {
      if (kind === 'sqlite') return {};
      const shop = await shopOf(home);
      return { engine: shop.engine, installation: await readInstallation(shop.engine) };
    },
    async choiceOf(home) {
      if (kind === 'sqlite') return { engine: 'sqlite' };
      return { engine: 'postgres', address: parsePostgresAddress((await shopOf(home)).url), from: 'argument' };
    },
    async connect(home, { baseUrl, companyId, token }) {
      const core = await openCore({
        home,
        secrets: realKeychain(),
        transport: 'cli',
        logger: new FileLogger(null),
        choice: await this.choiceOf(home),
      });
      try {
        const connection = await core.parts.connections.create({
          label: 'Pruebas',
          kind: 'sandbox',
          base_url: baseUrl,
          company_id: companyId,
        });
        await core.parts.connections.setToken(connection.id, token);
      } finally {
        await core.close();
      }
    },
    async cliArgs(home) {
      return kind === 'sqlite' ? [] : ['--database', (await shopOf(home)).url];
    },
    async read<T>(home: string, query: string, params: readonly unknown[] = []) {
      const shop = shops.get(home);
      if (kind === 'sqlite' || !shop) {
        const db = new Database(join(home, 'factura-desk.sqlite'), { readonly: true, fileMustExist: true });
        try {
          // PostgreSQL's $1, $2… placeholders (in order) as SQLite's.
          return db.prepare(query.replace(/\$\d+/g, '?')).all(...params) as T[];
        } finally {
          db.close();
        }
      }
      const client = new pg.Client({ connectionString: shop.url, types: { getTypeParser: bigintAsNumber } });
      await client.connect();
      try {
        return (await client.query(query, [...params])).rows as T[];
      } finally {
        await client.end();
      }
    },
    async close() {
      for (const shop of shops.values()) await shop.engine.close();
      shops.clear();
    },
  };
}

/** BIGINT (ids, counts) read as numbers, as the engine reads them. */
function bigintAsNumber(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
  return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid);
}
