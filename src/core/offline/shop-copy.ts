// A register of a shop on PostgreSQL keeps, in a SQLite store of its own, what it needs to sell when
// the shop's database is out of reach: the shared data the sale path reads (catalog, customers,
// issuer profile, connections' rows, company lists, cashiers, registers) and this register's open
// shift. The copy lives in its own folder (`shop-copy/`), not in the data folder's file: that file
// is this equipment's own store (a shop that moved to PostgreSQL keeps its old data there, and
// «Volver a los datos de este equipo» opens it), and must not be overwritten.
//
// The copy is rebuilt whole from the shop's database (a new folder renamed into place), never
// patched: a copy holding rows sold while offline that are not handed over yet is never replaced
// (handover.ts hands them over first). Its own bookkeeping is the `shop_copy` table below, in the
// same file, so the file and what it says about itself cannot disagree.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database as Db } from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';
import { Store } from '../store/store';
import { lastRefNumber } from '../submissions/outbox';
import { unusedParts } from '../submissions/ticket-blocks';

export const SHOP_COPY_FOLDER = 'shop-copy';
const SHOP_COPY_FILE = 'shop-copy.sqlite';

/**
 * The shared tables the sale path reads, copied whole with their ids (so that a sale made offline
 * names the shop's connection, cashier and register as the shop's database does). Every other table
 * starts empty in the copy: what it holds was written offline, and is what the handover hands over.
 */
export const COPIED_TABLES = [
  'installation',
  'connections',
  'cashiers',
  'registers',
  'catalog_products',
  'catalog_barcodes',
  'customers',
  'issuer_profiles',
  'company_lists',
  'cost_centers',
  'fe_withholding_types',
  'acquirer_lookups',
  'print_settings',
] as const satisfies readonly (keyof Schema)[];

export interface ShopCopyState {
  /** The shop database's address the copy was taken from (no password). */
  source: string;
  refreshedAt: string;
  /** This register's shift that was open when the copy was taken (its id is the shop database's), or null. */
  copiedShiftId: number | null;
  /** When a core first opened on the copy to sell without the shop database; null: never. */
  offlineSince: string | null;
  /** When what was sold offline was handed over; null while rows wait (or when none were ever sold here). */
  handedOverAt: string | null;
  /**
   * The highest number of this register's contingency local references on the shop's database when
   * the copy was taken: the copy's references continue past it (outbox.ts, nextRefNumber).
   */
  lastLocalRef: number;
}

export function shopCopyFile(home: string): string {
  return join(home, SHOP_COPY_FOLDER, SHOP_COPY_FILE);
}

const META_TABLE = `CREATE TABLE IF NOT EXISTS shop_copy (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  source TEXT NOT NULL,
  refreshed_at TEXT NOT NULL,
  copied_shift_id INTEGER,
  offline_since TEXT,
  handed_over_at TEXT,
  last_local_ref INTEGER NOT NULL DEFAULT 0
)`;

interface MetaRow {
  source: string;
  refreshed_at: string;
  copied_shift_id: number | null;
  offline_since: string | null;
  handed_over_at: string | null;
  /** absent in a copy taken by a build before it */
  last_local_ref?: number;
}

/** What the copy's file says about itself, read on an open connection to it. */
export function readShopCopyState(db: Db): ShopCopyState | null {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'shop_copy'").get();
  if (!table) return null;
  const row = db.prepare<[], MetaRow>('SELECT * FROM shop_copy').get();
  if (!row) return null;
  return {
    source: row.source,
    refreshedAt: row.refreshed_at,
    copiedShiftId: row.copied_shift_id,
    offlineSince: row.offline_since,
    handedOverAt: row.handed_over_at,
    lastLocalRef: row.last_local_ref ?? 0,
  };
}

/** Rows sold offline wait for the handover: the copy was opened offline and not handed over since. */
export function waitsForHandover(state: ShopCopyState | null): boolean {
  return state !== null && state.offlineSince !== null && state.handedOverAt === null;
}

/** Whether this data folder has a copy to sell from. */
export function hasShopCopy(home: string): boolean {
  return existsSync(shopCopyFile(home));
}

/**
 * Whether this data folder has a copy of the shop database at `source` to sell from: a copy of
 * another shop's database (the register chose another address since) is never sold from.
 */
export function hasShopCopyOf(home: string, source: string, options: { nativeBinding?: string } = {}): boolean {
  if (!hasShopCopy(home)) return false;
  try {
    return shopCopyState(home, options)?.source === source;
  } catch {
    // A copy that cannot be read is no copy: the shop database's own error is shown instead.
    return false;
  }
}

/** The copy's state, the file opened for the question; null when there is no usable copy. */
export function shopCopyState(home: string, options: { nativeBinding?: string } = {}): ShopCopyState | null {
  if (!hasShopCopy(home)) return null;
  const store = Store.open(shopCopyFile(home), options);
  try {
    return readShopCopyState(store.db);
  } finally {
    store.close();
  }
}

/** Marks the copy as opened to sell without the shop database (once: the first time counts). */
export function markOffline(db: Db, now: Date): void {
  db.prepare('UPDATE shop_copy SET offline_since = coalesce(offline_since, ?), handed_over_at = NULL').run(now.toISOString());
}

/** Marks what was sold offline as handed over (the shop's database committed it). */
export function markHandedOver(db: Db, now: Date): void {
  db.prepare('UPDATE shop_copy SET handed_over_at = ? WHERE offline_since IS NOT NULL').run(now.toISOString());
}

export interface RefreshOptions {
  home: string;
  /** The shop database's engine (a running PostgreSQL core's). */
  engine: Engine;
  /** The shop database's address, without password. */
  source: string;
  registerId: string;
  now: Date;
  nativeBinding?: string;
}

export type RefreshResult = { refreshed: true; rows: number } | { refreshed: false; reason: 'waits_for_handover' };

/**
 * Takes a new copy of the shared data from the shop's database, unless the current copy holds rows
 * sold offline that were not handed over. The shared tables are read in one repeatable-read
 * transaction (one moment of the shop), written to a new store in one transaction, and the new
 * folder replaces the old one only once it is whole.
 */
export async function refreshShopCopy(options: RefreshOptions): Promise<RefreshResult> {
  const { home, engine } = options;
  if (waitsForHandover(shopCopyState(home, options))) return { refreshed: false, reason: 'waits_for_handover' };
  const snapshot = await engine.transaction(async (trx) => {
    if (engine.kind === 'postgres') await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
    const tables: [string, Record<string, unknown>[]][] = [];
    for (const table of COPIED_TABLES)
      tables.push([table, (await trx.selectFrom(table).selectAll().execute()) as Record<string, unknown>[]]);
    const shifts = (await trx
      .selectFrom('shifts')
      .selectAll()
      .where('register_id', '=', options.registerId)
      .where('closed_at', 'is', null)
      .execute()) as Record<string, unknown>[];
    return {
      tables,
      shifts,
      blocks: await unusedBlocksOf(trx, options.registerId),
      lastLocalRef: await lastRefNumber(trx, options.registerId),
    };
  });
  const next = join(home, `${SHOP_COPY_FOLDER}.next`);
  rmSync(next, { recursive: true, force: true });
  const store = Store.open(join(next, SHOP_COPY_FILE), {
    now: options.now,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  let rows = 0;
  try {
    const db = store.db;
    db.exec(META_TABLE);
    db.transaction(() => {
      // Rows the migrations seed (the installation id, the one-register schema's register) give way to the shop's.
      for (const [table, list] of [
        ...snapshot.tables,
        ['shifts', snapshot.shifts] as const,
        ['ticket_blocks', snapshot.blocks] as const,
      ]) {
        db.prepare(`DELETE FROM ${table}`).run();
        rows += insertRows(db, table, list);
      }
      // SQLite's product search is its FTS5 index, which the catalog writes beside each product (catalog.ts).
      db.prepare(
        `INSERT INTO catalog_search (rowid, code, description, barcodes)
         SELECT p.id, p.code, p.description,
                coalesce((SELECT group_concat(b.barcode, ' ') FROM catalog_barcodes b WHERE b.product_id = p.id), '')
         FROM catalog_products p`,
      ).run();
      db.prepare(
        'INSERT INTO shop_copy (singleton, source, refreshed_at, copied_shift_id, last_local_ref) VALUES (1, ?, ?, ?, ?)',
      ).run(
        options.source,
        options.now.toISOString(),
        (snapshot.shifts[0]?.id as number | undefined) ?? null,
        snapshot.lastLocalRef,
      );
    })();
  } finally {
    store.close();
  }
  // Checked again: an offline core cannot have opened the copy meanwhile (this register's core runs
  // on the shop's database), but a copy that waits is never replaced.
  if (waitsForHandover(shopCopyState(home, options))) {
    rmSync(next, { recursive: true, force: true });
    return { refreshed: false, reason: 'waits_for_handover' };
  }
  const current = join(home, SHOP_COPY_FOLDER);
  rmSync(current, { recursive: true, force: true });
  renameSync(next, current);
  return { refreshed: true, rows };
}

/**
 * This register's contingency ticket blocks (ticket-blocks.ts), each cut to the numbers it has not
 * used yet: the copy numbers its tickets from them, and from nothing else, while the shop's database
 * is out of reach.
 */
async function unusedBlocksOf(trx: Kysely<Schema>, registerId: string): Promise<Record<string, unknown>[]> {
  const rows = await trx.selectFrom('ticket_blocks').selectAll().where('register_id', '=', registerId).orderBy('id').execute();
  const left: Record<string, unknown>[] = [];
  for (const row of rows) {
    const numbering = { numero: row.ticket_resolution, prefijo: row.ticket_prefix };
    const [part] = await unusedParts(trx, numbering, [{ first: Number(row.first_number), last: Number(row.last_number) }]);
    if (part) left.push({ ...row, first_number: part.first, last_number: part.last });
  }
  return left;
}

/** Inserts rows into a SQLite table with the columns SQLite has (the shop's database has the same). */
export function insertRows(db: Db, table: string, rows: readonly Record<string, unknown>[]): number {
  if (rows.length === 0) return 0;
  const columns = (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  for (const row of rows) statement.run(columns.map((c) => sqliteValue(row[c])));
  return rows.length;
}

function sqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}
