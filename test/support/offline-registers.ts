// Registers of one shop as the app's served hosts on a real PostgreSQL of a test file's own (so that
// it can be paused and resumed), each with its data folder under one temporary folder: started fast
// to find the database out of reach and looked for again often; read as another process would
// (the shop database through a bare client, a register's shop copy read-only).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { FileLogger } from '#core/log/logger';
import { shopCopyFile } from '#core/offline/shop-copy';
import { startServedHost, type ServedHost, type ServedHostOptions } from '#main/host';
import type { OfflineStatus } from '#shared/rpc/methods/offline';
import { afterAll, beforeAll } from 'vitest';
import { withRpc, type ServedRpc } from './core/served-rpc';
import { realKeychain } from './keychain';
import { startPostgres, type TestPostgres } from './postgres';
import { tempDir } from './temp';

export type Served = ServedHost & ServedRpc;

export interface OfflineShop {
  home(name: string): string;
  serve(name: string, options?: Partial<ServedHostOptions>): Promise<Served>;
  close(host: Served): Promise<void>;
  closeAll(): Promise<void>;
  /** Rows of the shop's database through a bare client (BIGINT reads as text). */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** Rows of a register's shop copy (none while it is being made). */
  copyRows(name: string, text: string): Record<string, unknown>[];
  /** The status, or null while the host reopens core (its requests are told to wait). */
  statusNow(host: Served): Promise<OfflineStatus | null>;
}

export function offlineShop(folder: string, url: () => string): OfflineShop {
  const secrets = realKeychain();
  const hosts = new Set<Served>();
  const home = (name: string) => join(folder, name);
  return {
    home,
    async serve(name, options = {}) {
      const host = await startServedHost({
        home: home(name),
        secrets,
        transport: 'web',
        logger: new FileLogger(null),
        env: {},
        databaseArgument: url(),
        // A register out of reach is found out fast, and looked for again often.
        postgres: { connectTimeoutMs: 2_000 },
        offlineProbeMs: 200,
        shopCopyRefreshMs: 300,
        ...options,
      });
      const served = withRpc(host);
      hosts.add(served);
      return served;
    },
    async close(host) {
      await host.close();
      hosts.delete(host);
    },
    async closeAll() {
      for (const host of hosts) await host.close().catch(() => undefined);
      hosts.clear();
    },
    async query<T>(text: string, values: unknown[] = []) {
      const client = new pg.Client(url());
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    copyRows(name, text) {
      if (!existsSync(shopCopyFile(home(name)))) return [];
      try {
        const db = new Database(shopCopyFile(home(name)), { readonly: true });
        try {
          return db.prepare(text).all() as Record<string, unknown>[];
        } finally {
          db.close();
        }
      } catch {
        return [];
      }
    },
    async statusNow(host) {
      const reply = await host.call('offline.status', {});
      return reply.ok ? (reply.output as OfflineStatus) : null;
    },
  };
}

/**
 * A shop on a PostgreSQL of the calling test file's own, started before its tests and stopped after
 * them (every register closed first), its registers' folders in a temporary folder of their own
 * (`folder`). `pause` and `resume` stop and start the server: the caja principal switched off.
 */
export function shopOnOwnServer(
  prefix: string,
): OfflineShop & { folder: string; pause(): Promise<void>; resume(): Promise<void> } {
  const dir = tempDir(prefix);
  let server: TestPostgres | undefined;
  let url = '';
  const shop = offlineShop(dir.path, () => url);
  beforeAll(async () => {
    server = await startPostgres();
    url = await server.createDatabase();
  }, 120_000);
  afterAll(async () => {
    await shop.closeAll();
    await server?.stop();
    dir.remove();
  });
  return { ...shop, folder: dir.path, pause: () => server!.pause(), resume: () => server!.resume() };
}
