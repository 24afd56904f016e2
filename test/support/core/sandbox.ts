// The real sandbox in this process (startSandbox), seeded for the client-core tests, plus a core
// connected to it through the real keychain. On PostgreSQL each core has its own new database (its
// ledger), the connection's row copied into it (the connections themselves are still on the store).
import { join } from 'node:path';
import { createCore, readInstallation, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { openPostgres, type Engine, type EngineKind } from '#core/store/engine';
import { migrations } from '#core/store/migrations/index';
import { testDatabase } from '../test-database';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { realKeychain } from '../keychain';
import { tempDir } from '../temp';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '../seed';

export interface TestBed {
  sandbox: RunningSandbox;
  dir: ReturnType<typeof tempDir>;
  /** The engine the cores' typed query layer (and ledger) runs on. */
  kind: EngineKind;
  /** A core's PostgreSQL database (null on SQLite): another process's view of its ledger. */
  databaseOf(core: Core): string | null;
  core(options?: {
    token?: string;
    company?: number;
    home?: string;
    fetch?: typeof globalThis.fetch;
    clock?: () => Date;
  }): Promise<Core>;
  close(): Promise<void>;
}

export async function testBed(options: { feDocuments?: number; settleMs?: number; engine?: EngineKind } = {}): Promise<TestBed> {
  const kind = options.engine ?? 'sqlite';
  const dir = tempDir('factura-desk-core-');
  const sandbox = await startSandbox({
    seed: coreSeed(options.feDocuments),
    dataDir: join(dir.path, 'sandbox'),
    settleMs: options.settleMs ?? 150,
  });
  const cores: Core[] = [];
  const engines: Engine[] = [];
  const databases = new Map<Core, string>();
  /** The database of the core last opened on `home` (a restart keeps its ledger). */
  const byHome = new Map<string, { url: string; engine: Engine }>();
  let homes = 0;
  return {
    sandbox,
    dir,
    kind,
    databaseOf: (core) => databases.get(core) ?? null,
    async core({ token = TOKENS.full, company = COMPANY, home, fetch, clock } = {}) {
      homes += 1;
      const folder = home ?? join(dir.path, `home-${homes}`);
      let shop: { url: string; engine: Engine } | undefined;
      if (kind === 'postgres') {
        shop = byHome.get(folder);
        if (!shop) {
          const url = await testDatabase();
          shop = { url, engine: await openPostgres({ url, migrations }) };
          engines.push(shop.engine);
          byHome.set(folder, shop);
        }
      }
      const core = createCore({
        home: folder,
        ...(shop ? { engine: shop.engine, installation: await readInstallation(shop.engine) } : {}),
        secrets: realKeychain(),
        transport: 'cli',
        logger: new FileLogger(null),
        ...(fetch ? { fetch } : {}),
        ...(clock ? { clock } : {}),
      });
      cores.push(core);
      if (shop) {
        databases.set(core, shop.url);
        // On a host's own engine the connections are read before first use (connections.ts).
        await core.parts.connections.load();
      }
      const existing = (await core.parts.connections.list()).find((c) => c.company_id === company);
      const connection =
        existing ??
        (await core.parts.connections.create({
          label: 'Pruebas',
          kind: 'sandbox',
          base_url: sandbox.baseUrl,
          company_id: company,
        }));
      await core.parts.connections.setToken(connection.id, token);
      await core.parts.connections.activate(connection.id);
      if (shop) {
        await shop.engine.db
          .insertInto('connections')
          .values({
            id: connection.id,
            label: connection.label,
            kind: 'sandbox',
            base_url: sandbox.baseUrl,
            company_id: company,
            created_at: '',
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
      }
      return core;
    },
    async close() {
      for (const core of cores) await core.close();
      for (const engine of engines) await engine.close();
      await sandbox.close();
      dir.remove();
    },
  };
}
